import { MAX_BULK_KEY_IDS, MAX_FIND_LENGTH, MAX_REPLACE_LENGTH } from "@locale/core/bulk-edits";
import { z } from "zod";
import { ZStoredText } from "../keys/keys.types";
import { ZTranslationStatus } from "../translations/translations.types";

const ZLanguages = z.array(z.string()).min(1).max(200).describe("Project languages the edit covers");

export const ZBulkSelection = z
  .object({
    keyIds: z.array(z.string()).max(MAX_BULK_KEY_IDS).optional().describe("Explicit keys (ids outside the project are ignored)"),
    filter: z
      .object({
        search: z.string().max(500).optional(),
        namespace: z.string().optional(),
        tag: z.string().optional(),
        untranslatedIn: z.string().optional(),
        status: ZTranslationStatus.optional(),
        statusIn: z.string().optional(),
        qa: z
          .string()
          .max(64)
          .optional()
          .describe("any | warning | error | <check id>: keys whose translation has such a quality-check issue nobody ignored"),
        qaIn: z.string().max(64).optional().describe("The project language `qa` looks at"),
        qaLanguages: z
          .array(z.string().max(64))
          .max(200)
          .optional()
          .describe("Where `qa` looks without `qaIn` (the editor rows' `languages`); default every project language"),
        hasComments: z.boolean().optional().describe("true: keys with at least one comment; false: keys without any"),
      })
      .optional()
      .describe("The editor list's filters (GET /projects/{projectId}/editor-rows); {} selects every key"),
  })
  .describe("keyIds or filter, not both; neither selects every key")
  .meta({ id: "BulkSelection" });

export const ZBulkOperation = z
  .discriminatedUnion("type", [
    z.object({
      type: z.literal("replace"),
      languages: ZLanguages,
      find: ZStoredText.min(1).max(MAX_FIND_LENGTH),
      replace: ZStoredText.max(MAX_REPLACE_LENGTH),
      regex: z.boolean().optional().describe("RE2 syntax (no back-references or look-around); replace may use $1, ${name}, $$"),
      caseSensitive: z.boolean().optional().describe("Default true"),
      wholeWord: z.boolean().optional().describe("Only matches not touching a letter, digit or _"),
    }),
    z.object({ type: z.literal("setStatus"), languages: ZLanguages, status: ZTranslationStatus }),
    z.object({
      type: z.literal("copy"),
      languages: ZLanguages.describe("Languages copied into"),
      from: z.string().optional().describe("Language copied from; default the source language"),
      overwrite: z.boolean().optional().describe("Also replace values that are not empty (default false)"),
    }),
    z.object({ type: z.literal("clear"), languages: ZLanguages }),
  ])
  .meta({ id: "BulkOperation" });

export const ZBulkEditRequest = z.object({ projectId: z.string(), selection: ZBulkSelection, operation: ZBulkOperation });
export const ZBulkApplyRequest = ZBulkEditRequest.extend({
  token: z.string().max(200_000).optional().describe("The preview's token: values changed after that preview are not written"),
});

const ZCellRef = { keyId: z.string(), key: z.string(), namespace: z.string(), language: z.string() };
const ZRefusal = z.object({ ...ZCellRef, code: z.string().describe("qa.<check>"), message: z.string() });
const ZLanguageCount = z.object({
  language: z.string(),
  values: z.number().int(),
  matches: z.number().int().describe("Matches replaced (find and replace only)"),
});

export const ZBulkPreview = z.object({
  token: z.string(),
  values: z.number().int().describe("Values the edit would change"),
  keys: z.number().int(),
  languages: z.array(ZLanguageCount),
  samples: z.array(
    z.object({ ...ZCellRef, before: z.string(), after: z.string(), statusBefore: ZTranslationStatus, statusAfter: ZTranslationStatus }),
  ),
  refused: z.array(ZRefusal).describe("Values the quality gate would refuse (at most 1,000 listed)"),
  refusedCount: z.number().int(),
});

export const ZBulkResult = z.object({
  values: z.number().int().describe("Values changed, each with one history entry"),
  keys: z.number().int(),
  languages: z.array(ZLanguageCount),
  refused: z.array(ZRefusal).describe("Values the quality gate refused, left unchanged (at most 1,000 listed)"),
  refusedCount: z.number().int(),
  conflicts: z.array(z.object(ZCellRef)).describe("Values changed after the preview, left unchanged (at most 1,000 listed)"),
  conflictCount: z.number().int(),
});
