import { MAX_BULK_ITEMS, MAX_KEY_MAX_LENGTH } from "@locale/core/keys";
import { z } from "zod";
import { paginated, ZPageQuery } from "../../schemas/common";

/** Where a translation's current value came from (Translation.source). */
export const ZTranslationSourceFilter = z.enum(["human", "ai", "import", "tm", "api", "mt", "bulk"]);

/** Text stored in PostgreSQL cannot hold NUL; refuse it as a validation error, not a 500. */
export const ZStoredText = z.string().refine((s) => !s.includes("\u0000"), "must not contain NUL characters");

export const ZKey = z.object({
  _id: z.string(),
  key: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  namespace: z.string(),
  projectId: z.string(),
  maxLength: z.number().int().nullable().describe("Longest allowed translation in graphemes (the max_length check); null: no limit"),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const ZKeyListItem = ZKey.extend({ id: z.string().describe("Same as _id") });

const fields = {
  key: z
    .string()
    .describe(
      "Key name: 1-1000 characters, not only whitespace, no NUL; kept exactly as given (leading and trailing spaces or newlines included)",
    ),
  description: ZStoredText.max(10_000).optional(),
  tags: z.array(ZStoredText).optional(),
  namespace: z.string().optional().describe('Default ""'),
  maxLength: z
    .number()
    .int()
    .min(0)
    .max(MAX_KEY_MAX_LENGTH)
    .nullable()
    .optional()
    .describe("Longest allowed translation in graphemes, checked by max_length on every write; 0 or null: no limit"),
};

export const ZCreateKeyRequest = z.object({ projectId: z.string(), ...fields });
export const ZKeyIdInput = z.object({ projectId: z.string(), keyId: z.string() });
export const ZUpdateKeyRequest = z.object({ projectId: z.string(), keyId: z.string(), ...fields, key: fields.key.optional() });

export const ZListKeysRequest = ZPageQuery.extend({
  projectId: z.string(),
  search: z.string().max(1000).optional().describe("Substring of the key name, description or any value (case-insensitive)"),
  namespace: z.string().optional().describe("Exact namespace"),
  tag: z.string().optional().describe("Keys carrying this tag"),
  untranslatedIn: z.string().optional().describe("Keys without a value (or untranslated) in this project language"),
  qa: z
    .string()
    .max(64)
    .optional()
    .describe("any | warning | error | <check id>: keys whose translation has such a quality-check issue nobody ignored"),
  qaIn: z
    .string()
    .max(64)
    .optional()
    .describe("The project language `qa` looks at (default: the requested languages for editor rows, else every language)"),
  hasComments: z.enum(["true", "false"]).optional().describe("`true`: keys with at least one comment; `false`: keys without any"),
  source: ZTranslationSourceFilter.optional().describe(
    "Keys with a translation whose current value came from this source (`ai`: AI-translated); editor rows: in the requested languages",
  ),
  changedSince: z
    .string()
    .max(40)
    .optional()
    .describe("ISO 8601 date or date-time: keys with a translation changed at or after it; editor rows: in the requested languages"),
  author: z
    .string()
    .max(200)
    .optional()
    .describe("A user id, `ai` or `mt:<engine>`: keys with a translation whose last change was made by them (see analytics/contributors)"),
  sort: z
    .enum(["key", "untranslated", "recent"])
    .optional()
    .describe(
      "`key` (default: namespace, name), `untranslated` (keys to do in `sortIn` first) or `recent` (last changed translation first)",
    ),
  sortIn: z.string().max(64).optional().describe("The project language `sort=untranslated` looks at (required with it)"),
});
export const ZKeyPage = paginated(ZKeyListItem);

export const ZBulkCreateKeysRequest = z.object({
  projectId: z.string(),
  keys: z.array(z.object(fields)).max(MAX_BULK_ITEMS, `at most ${MAX_BULK_ITEMS} items per request`),
});
export const ZBulkCreateKeysResponse = z.object({
  created: z.number(),
  skipped: z.number(),
  errors: z.array(z.object({ index: z.number(), key: z.string(), message: z.string() })),
  keys: z.array(ZKey),
});

export const ZBulkUpdateKeysRequest = z.object({
  projectId: z.string(),
  keys: z
    .array(z.object({ _id: z.string(), ...fields, key: fields.key.optional() }))
    .max(MAX_BULK_ITEMS, `at most ${MAX_BULK_ITEMS} items per request`),
});
export const ZBulkUpdateKeysResponse = z.object({
  updated: z.number(),
  notFound: z.array(z.string()),
  errors: z.array(z.object({ index: z.number(), _id: z.string(), message: z.string() })),
});

export const ZBulkDeleteKeysRequest = z.object({
  projectId: z.string(),
  keyIds: z.array(z.string()).max(MAX_BULK_ITEMS, `at most ${MAX_BULK_ITEMS} items per request`),
});
export const ZBulkDeleteKeysResponse = z.object({ deleted: z.number(), notFound: z.array(z.string()) });

/** The query's `hasComments` as the key filter takes it. */
export const hasCommentsFilter = (v: "true" | "false" | undefined): { hasComments?: boolean } =>
  v === undefined ? {} : { hasComments: v === "true" };
