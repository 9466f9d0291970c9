// Source/translation pairs from the formats library's real-world corpus (packages/formats/test/
// corpus): gettext msgid → msgstr, XLIFF source → target, and files whose English original is in
// the corpus too (Android AOSP strings, Flutter ARB, Privacy Badger JSON, Mastodon stringsdict),
// joined by key.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type FormatId, parse } from "@locale/formats";

const CORPUS = join(dirname(fileURLToPath(import.meta.url)), "../../../formats/test/corpus");

interface CorpusFile {
  file: string;
  format: FormatId;
  language: string;
}

export interface CorpusPair {
  file: string;
  format: FormatId;
  key: string;
  source: string;
  value: string;
  language: string;
}

const files = (JSON.parse(readFileSync(join(CORPUS, "manifest.json"), "utf8")) as { files: CorpusFile[] }).files;

function read(file: CorpusFile) {
  return parse(file.format, new Uint8Array(readFileSync(join(CORPUS, "fixtures", file.file))), { language: file.language }).entries;
}

/** Originals (English) for the monolingual formats, by file-name pattern of their translations. */
const ORIGINALS: [RegExp, string][] = [
  [/^android-xml\/aosp-core-values-.*strings\.xml$/, "android-xml/aosp-core-values-strings.xml"],
  [/^arb\/flutter-cupertino_/, "arb/flutter-cupertino_en.arb"],
  [/^json-nested\/privacy-badger-/, "json-nested/privacy-badger-en_US-messages.json"],
  [/^ios-stringsdict\/mastodon-ios-Intents-/, "ios-stringsdict/mastodon-ios-Localizable-Base.stringsdict"],
];

export function corpusPairs(): CorpusPair[] {
  const byFile = new Map(files.map((f) => [f.file, f]));
  const pairs: CorpusPair[] = [];
  for (const f of files) {
    if (f.language.startsWith("en") || f.language === "qqq") continue;
    const base = { file: f.file, format: f.format, language: f.language };
    if (f.format === "po" || f.format === "mo") {
      for (const e of read(f)) {
        // msgctxt + U+0004 + msgid: the source is the msgid.
        const source = e.key.includes("\u0004") ? e.key.slice(e.key.indexOf("\u0004") + 1) : e.key;
        if (e.value && source && !e.fuzzy) pairs.push({ ...base, key: e.key, source: e.sourceText ?? source, value: e.value });
      }
      continue;
    }
    if (f.format === "xliff" || f.format === "xliff2") {
      for (const e of read(f)) if (e.value && e.sourceText) pairs.push({ ...base, key: e.key, source: e.sourceText, value: e.value });
      continue;
    }
    const original = ORIGINALS.find(([re]) => re.test(f.file))?.[1];
    if (!original || original === f.file || !byFile.has(original)) continue;
    const sources = new Map(read(byFile.get(original)!).map((e) => [e.key, e.value]));
    for (const e of read(f)) {
      const source = sources.get(e.key);
      if (e.value && source) pairs.push({ ...base, key: e.key, source, value: e.value });
    }
  }
  return pairs;
}
