import { MAX_BULK_ITEMS } from "@locale/core/keys";
import { z } from "zod";
import { paginated, ZPageQuery } from "../../schemas/common";
import { ZStoredText } from "../keys/keys.types";

export const ZTranslationStatus = z.enum(["untranslated", "translated", "reviewed", "approved"]);

export const ZPlaceholderWarning = z.object({
  type: z.literal("placeholder_mismatch"),
  missing: z.array(z.string()).describe("Placeholders of the source value absent here"),
  extra: z.array(z.string()).describe("Placeholders here that the source value lacks"),
});

export const ZQaIssue = z
  .object({
    check: z.string().describe("The check's id (docs/quality-checks.md)"),
    severity: z.enum(["warning", "error"]),
    message: z.string(),
    start: z.number().int().optional().describe("Span of the value to highlight: UTF-16 offsets"),
    end: z.number().int().optional(),
    ignored: z.boolean().optional().describe("Set aside for this value; a new value clears it"),
  })
  .meta({ id: "QaIssue" });

export const ZTranslation = z.object({
  keyId: z.string(),
  key: z.string(),
  namespace: z.string(),
  value: z.string(),
  status: ZTranslationStatus,
  language: z.string(),
  source: z.enum(["human", "ai", "import", "tm", "api", "mt", "bulk"]).nullable().describe("Null while no value was ever stored"),
  aiConfidence: z.number().nullable().describe("0-100; only for source ai"),
  updatedAt: z.string().nullable(),
  warnings: z.array(ZPlaceholderWarning).describe("Placeholder differences from the source value (kept for compatibility; see qaIssues)"),
  qaIssues: z.array(ZQaIssue).describe("Quality-check warnings of the value, stored when it last changed"),
});

export const ZTranslationPage = paginated(ZTranslation);

export const ZHistoryEntry = z.object({
  _id: z.string(),
  previousValue: z.string().nullable(),
  newValue: z.string(),
  previousStatus: ZTranslationStatus,
  newStatus: ZTranslationStatus,
  changedBy: z.string().describe('A user id, or "ai" for AI batch saves'),
  changedByName: z.string().nullable(),
  source: z.string(),
  created: z.string(),
});

export const ZTranslationPath = z.object({ projectId: z.string(), keyId: z.string(), language: z.string() });

export const ZListLanguageTranslationsRequest = ZPageQuery.extend({
  projectId: z.string(),
  language: z.string(),
  qa: z
    .string()
    .max(64)
    .optional()
    .describe("any | warning | error | <check id>: only translations with such a quality-check issue nobody ignored"),
});

export const ZUpsertTranslationRequest = ZTranslationPath.extend({
  value: ZStoredText.max(100_000),
  source: z.enum(["human", "ai"]).optional().describe('Default "human"'),
  aiConfidence: z.number().int().min(0).max(100).nullable().optional().describe('0-100, only with source "ai"'),
  status: ZTranslationStatus.optional().describe(
    "Stored with the value. Default: a changed value becomes translated, an unchanged one keeps its status. reviewed/approved need the review permission (else 403, nothing written)",
  ),
})
  // A field the PUT does not know is refused, never dropped: the caller would think it was applied.
  .strict();

export const ZUpdateStatusRequest = ZTranslationPath.extend({ status: ZTranslationStatus });

export const ZSetQaIssueIgnoredRequest = ZTranslationPath.extend({
  check: z.string().max(64).describe("The check's id (docs/quality-checks.md)"),
  ignored: z.boolean().describe("true sets the check's issues aside for the current value; false counts them again"),
});

export const ZOverwriteRequest = z.object({
  projectId: z.string(),
  translations: z
    .array(
      z.object({
        key: z.string(),
        namespace: z.string().optional().describe('Default ""'),
        language: z.string(),
        value: ZStoredText.max(100_000),
      }),
    )
    .max(MAX_BULK_ITEMS, `at most ${MAX_BULK_ITEMS} items per request`),
});
export const ZOverwriteResponse = z.object({
  overwritten: z.number(),
  notFound: z.array(z.object({ key: z.string(), namespace: z.string(), language: z.string() })),
});
