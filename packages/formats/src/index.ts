/**
 * @locale/formats — read and write localization files (JSON, YAML, Android,
 * iOS, XLIFF, ARB, gettext) and glossaries (CSV, TBX).
 */
export type { TranslationEntry, FormatIssue, ParseOptions, ParseResult, SerializeOptions } from './types.js';
export { FormatParseError } from './errors.js';
export { parse, serialize, formats, formatsById, FORMAT_IDS, isFormatId } from './registry.js';
export type { FormatId, FormatInfo, FormatCapabilities } from './registry.js';
export { parseIcuPlural, buildIcuPlural, CLDR_CATEGORIES } from './plural/icu-plural.js';
export type { IcuPlural, PluralCategory } from './plural/icu-plural.js';
export { pluralCategories, pluralFormsHeader, gettextPluralRule, compilePluralExpression } from './plural/plural-rules.js';
export { parseGlossary, serializeGlossary, GLOSSARY_FORMAT_IDS } from './glossary/glossary.js';
export type { GlossaryTermInput, GlossaryFormatId, GlossaryParseResult } from './glossary/glossary.js';
