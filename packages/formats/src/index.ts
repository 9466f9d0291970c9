/**
 * @locale/formats — read and write localization files (JSON, YAML, Android,
 * iOS, XLIFF, ARB, gettext) and glossaries (CSV, TBX).
 */

export { FormatParseError } from "./errors.js";
export type { GlossaryFormatId, GlossaryOptions, GlossaryParseResult, GlossaryTermInput } from "./glossary/glossary.js";
export { GLOSSARY_FORMAT_IDS, parseGlossary, serializeGlossary } from "./glossary/glossary.js";
export type { Conversion, FromStyleOptions, Normalisation, ToStyleOptions } from "./placeholders/convert.js";
export { argumentOrder, fromPlaceholderStyle, toPlaceholderStyle } from "./placeholders/convert.js";
export { keptAsWritten, normalisedValue, placeholderStyleOf } from "./placeholders/normalise.js";
export type { PlaceholderStyle } from "./placeholders/style-syntax.js";
export { isPlaceholderStyle, PLACEHOLDER_STYLES } from "./placeholders/style-syntax.js";
export type { IcuPlural, PluralCategory } from "./plural/icu-plural.js";
export { buildIcuPlural, CLDR_CATEGORIES, parseIcuPlural } from "./plural/icu-plural.js";
export { compilePluralExpression, gettextPluralRule, pluralCategories, pluralFormsHeader } from "./plural/plural-rules.js";
export type { FormatCapabilities, FormatId, FormatInfo } from "./registry.js";
export { FORMAT_IDS, formats, formatsById, isFormatId, parse, serialize, serializeWithReport, writesNativePlurals } from "./registry.js";
export type { SkippedEntry } from "./skipped.js";
export type { FormatIssue, ParseOptions, ParseResult, SerializeOptions, TranslationEntry } from "./types.js";
