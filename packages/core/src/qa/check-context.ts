// What the checks share for one value: the input plus things several checks need (ICU parses,
// placeholder lists, the value's script conventions), each computed once and only when asked.
import { extractPlaceholders } from "../shared/placeholders";
import { hasBranches, type IcuParse, parseIcu } from "./icu";
import { extraStyleTokens, type PlaceholderToken } from "./placeholder-styles";
import type { QaInput } from "./types";

export class CheckContext {
  readonly source: string;
  readonly value: string;
  readonly language: string;
  readonly sourceLanguage: string;
  /** Primary language subtag, lower case (`pt-BR` → `pt`). */
  readonly lang: string;
  private cache = new Map<string, unknown>();

  constructor(readonly input: QaInput) {
    this.source = input.source;
    this.value = input.value;
    this.language = input.language;
    this.sourceLanguage = input.sourceLanguage;
    this.lang = primaryLanguage(input.language);
  }

  private once<T>(key: string, make: () => T): T {
    if (!this.cache.has(key)) this.cache.set(key, make());
    return this.cache.get(key) as T;
  }

  get sourceIcu(): IcuParse {
    return this.once("sourceIcu", () => parseIcu(this.source));
  }

  get valueIcu(): IcuParse {
    return this.once("valueIcu", () => parseIcu(this.value));
  }

  /** The source uses ICU arguments, and the value does not parse as ICU: other checks hold back. */
  get valueBrokenIcu(): boolean {
    return this.once("broken", () => this.sourceIcu.ok && this.sourceIcu.args.length > 0 && !this.valueIcu.ok);
  }

  /** Either text is a plural/select message (one branch per case). */
  get branched(): boolean {
    return this.once("branched", () => hasBranches(this.sourceIcu) || (!this.valueBrokenIcu && hasBranches(this.valueIcu)));
  }

  get sourcePlaceholders(): PlaceholderToken[] {
    return this.once("srcPh", () => placeholderTokens(this.source, this.source, this.branched));
  }

  get valuePlaceholders(): PlaceholderToken[] {
    return this.once("valPh", () => placeholderTokens(this.value, this.source, this.branched));
  }
}

/**
 * Placeholders by comparison id, first occurrence kept; `reference` decides which extra styles
 * count. In plural/select messages printf placeholders are numbered per branch, not across the
 * text (a branch is a whole sentence): their position is dropped, `%1$d` and `%d` compare alike.
 */
function placeholderTokens(text: string, reference: string, branched: boolean): PlaceholderToken[] {
  const seen = new Set<string>();
  const out: PlaceholderToken[] = [];
  for (const p of [...extractPlaceholders(text), ...extraStyleTokens(text, reference)]) {
    const id = branched && p.id.startsWith("%") ? p.id.replace(/^%\d+\$/, "%") : p.id;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push({ token: p.token, id });
  }
  return out;
}

export function primaryLanguage(tag: string): string {
  const dash = tag.search(/[-_]/);
  return (dash < 0 ? tag : tag.slice(0, dash)).toLowerCase();
}
