import { z } from "zod";
import { FORMAT_IDS, importTranslations } from "@locale/core/import-export";
import { authedProcedure } from "../../trpc/init";

export const ZImportFileRequest = z.object({
  projectId: z.string(),
  language: z.string().min(1).max(64).describe("The project's source language or one of its target languages"),
  format: z.enum(FORMAT_IDS),
  content: z.string().describe("The file's text; for `mo`, the binary file as base64"),
  namespace: z.string().max(200).optional().describe("JSON formats only: every key of the file goes into this namespace"),
  overwrite: z.boolean().optional().default(false).describe("Replace existing non-empty translations whose value differs"),
});

export const ZImportFileResponse = z.object({
  imported: z.number().int(),
  skipped: z.number().int(),
  keysCreated: z.number().int(),
  errors: z.array(z.object({ line: z.number().int().optional(), key: z.string().optional(), message: z.string() })),
  language: z.string(),
  format: z.enum(FORMAT_IDS),
});

export const importFileProcedure = authedProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/projects/{projectId}/import",
      tags: ["Import and export"],
      summary: "Import a translation file into one project language",
      description:
        "One transaction: a file that cannot be parsed imports nothing (400 naming the line). Imported values get source `import`, status `translated` and a history entry.",
    },
  })
  .input(ZImportFileRequest)
  .output(ZImportFileResponse)
  .mutation(({ ctx, input }) => importTranslations(ctx.svc, input.projectId, input));
