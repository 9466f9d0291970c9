// Every check, in the order issues are listed. docs/quality-checks.md describes each one.
import { bracketsBalanced } from "./checks/brackets";
import { doubleSpace } from "./checks/double-space";
import { endPunctuation } from "./checks/end-punctuation";
import { formatEscaping } from "./checks/format-escaping";
import { glossaryDoNotTranslate, glossaryTerm } from "./checks/glossary";
import { htmlTags } from "./checks/html-tags";
import { icuSyntax } from "./checks/icu-syntax";
import { identicalToSource } from "./checks/identical";
import { invisibleCharacters } from "./checks/invisible-characters";
import { emails, urls } from "./checks/links";
import { maxLength } from "./checks/max-length";
import { newlineCount } from "./checks/newlines";
import { numbers } from "./checks/numbers";
import { placeholderExtra, placeholderMissing, placeholderRenamed } from "./checks/placeholders";
import { pluralForms } from "./checks/plural-forms";
import { quotesBalanced } from "./checks/quotes";
import { repeatedWord } from "./checks/repeated-word";
import { leadingWhitespace, trailingWhitespace } from "./checks/whitespace";
import type { QaCheck } from "./types";

export const QA_CHECKS = [
  icuSyntax,
  placeholderMissing,
  placeholderExtra,
  placeholderRenamed,
  pluralForms,
  numbers,
  htmlTags,
  urls,
  emails,
  maxLength,
  glossaryDoNotTranslate,
  glossaryTerm,
  formatEscaping,
  invisibleCharacters,
  leadingWhitespace,
  trailingWhitespace,
  newlineCount,
  endPunctuation,
  doubleSpace,
  repeatedWord,
  bracketsBalanced,
  quotesBalanced,
  identicalToSource,
] as const satisfies readonly QaCheck[];

/** A check's id (`icu_syntax`, `numbers`, ...); `isQaCheckId` tells a known one. */
export type QaCheckId = string;

export const QA_CHECK_IDS: readonly string[] = QA_CHECKS.map((c) => c.id);

export function isQaCheckId(id: string): id is QaCheckId {
  return QA_CHECK_IDS.includes(id);
}
