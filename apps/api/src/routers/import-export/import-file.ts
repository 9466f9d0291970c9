import { FORMAT_IDS, importTranslations } from "@locale/core/import-export";
import { z } from "zod";
import { ZErrorIssue } from "../../schemas/common";
import { PLACEHOLDERS_ON_IMPORT } from "../../schemas/placeholders";
import { authedProcedure } from "../../trpc/init";

export const ZImportFileRequest = z.object({
  projectId: z.string(),
  language: z.string().min(1).max(64).describe("The project's source language or one of its target languages"),
  format: z.enum(FORMAT_IDS),
  content: z.string().describe("The file's text; for `mo`, the binary file as base64"),
  namespace: z.string().max(200).optional().describe("JSON formats only: every key of the file goes into this namespace"),
  overwrite: z.boolean().optional().default(false).describe("Replace existing non-empty translations whose value differs"),
  fileName: z
    .string()
    .max(1000)
    .optional()
    .describe("The file's name or path (`res/values-de/strings.xml`, `de.json`): only used to detect the file's language"),
  placeholders: z.enum(["icu"]).optional().describe(PLACEHOLDERS_ON_IMPORT),
  dryRun: z
    .boolean()
    .optional()
    .default(false)
    .describe("A preview: the import runs in its transaction, which is rolled back; the result says what it would do, nothing is kept"),
});

export const ZDetectedLanguage = z
  .object({
    language: z.string().describe("The language the file names, normalized (`de-DE`)"),
    from: z
      .enum(["po-header", "xliff-target", "arb-locale", "android-path", "ios-path", "file-name"])
      .describe("Where it was read: the format's own header first, then the folder, then the file name"),
    projectLanguage: z.string().nullable().describe("The project language it means (same tag, or the one with its base); null when none"),
    differs: z.boolean().describe("The file appears to hold another language than the one it was imported into"),
  })
  .nullable()
  .describe("The file's own language, when its content or name says it (the import used `language` regardless)");

export const ZImportFileResponse = z.object({
  imported: z.number().int(),
  skipped: z.number().int(),
  keysCreated: z.number().int(),
  createdKeys: z.array(z.string()).describe("The first 50 created keys' names (`namespace.key`)"),
  replaced: z.number().int().describe("Of `imported`: values that replaced a different non-empty value (overwrite)"),
  dryRun: z.boolean().describe("True for a preview: nothing was kept"),
  errors: z.array(
    z.object({
      line: z.number().int().optional(),
      key: z.string().optional(),
      message: z.string(),
      issues: z
        .array(ZErrorIssue)
        .optional()
        .describe("A value refused by the quality gate: its failed checks, as a 422 lists them (code `qa.<check>`)"),
    }),
  ),
  language: z.string(),
  format: z.enum(FORMAT_IDS),
  detectedLanguage: ZDetectedLanguage,
});

export const importFileProcedure = authedProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/projects/{projectId}/import",
      tags: ["Import and export"],
      summary: "Import a translation file into one project language",
      description: [
        "Processed synchronously in one transaction: a file that cannot be parsed imports nothing (400 whose message names the line).",
        "`language` must be the project's source language or one of its target languages (400 otherwise). Keys missing from the project are created, whichever language is imported.",
        "Imported values get source `import`, status `translated` and a history entry. With `overwrite: false` existing non-empty values are kept; with `true` differing values are replaced (identical ones are left alone, without history).",
        "`imported` counts values written; `skipped` counts entries of the file whose value was not written (kept, identical, empty, fuzzy, POT, invalid); `errors` lists per-entry problems `{line?, key?, message}`; `keysCreated` counts new keys.",
        "Without `namespace`, a dotted key `ns.key` updates the existing key `key` of namespace `ns` (so exports re-import onto the same keys) and new keys are created without a namespace. `namespace` (JSON formats only) puts every key of the file into that namespace.",
        "Gettext: the key is `msgid`, or `msgctxt` + U+0004 + `msgid`; plural entries become ICU plural values; fuzzy entries create their key but not the value; obsolete entries are ignored; a POT creates keys only. Comments fill empty key descriptions.",
        "`mo` content is the binary file in base64.",
        "A file over IMPORT_PARSE_INLINE_BYTES is parsed in a worker thread, within a budget: 413 when it needs more memory than IMPORT_PARSE_MEMORY_MB, 422 when it takes longer than IMPORT_PARSE_TIME_MS (nothing is imported).",
        "`detectedLanguage` reports the language the file names (PO `Language:` header, XLIFF target language, ARB `@@locale`, an Android `values-xx` or iOS `xx.lproj` folder in `fileName`, or a file name such as `de.json`) and whether it differs from `language`; the import is not changed by it.",
        "`dryRun: true` previews the import: the same import runs in its transaction, which is then rolled back, so the counts (keys created, values written and replaced, entries left alone, errors, detected language) are what the import would do and nothing is kept (no keys, values, history or activity).",
        "For large files use `POST /projects/{projectId}/import/{language}`, which takes the file itself as the body (up to IMPORT_MAX_BODY_BYTES rather than MAX_BODY_BYTES).",
      ].join(" "),
    },
  })
  .input(ZImportFileRequest)
  .output(ZImportFileResponse)
  .mutation(({ ctx, input }) => importTranslations(ctx.svc, input.projectId, input));
