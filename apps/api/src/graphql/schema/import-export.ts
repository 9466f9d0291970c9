// File import as a mutation (the same synchronous import service as POST /import). Downloads stay
// on REST (GET /api/projects/{projectId}/export/{language}): a file is not a GraphQL value.
import { type ImportIssue, type ImportResult, importTranslations } from "@locale/core/import-export";
import { builder, svcOf } from "../builder";
import { parseProcedureInput } from "../procedure-input";

const ImportIssueRef = builder.objectRef<ImportIssue>("ImportIssue").implement({
  fields: (t) => ({
    line: t.exposeInt("line", { nullable: true }),
    key: t.exposeString("key", { nullable: true }),
    message: t.exposeString("message"),
  }),
});

const ImportResultRef = builder.objectRef<ImportResult>("ImportResult").implement({
  fields: (t) => ({
    imported: t.exposeInt("imported"),
    skipped: t.exposeInt("skipped"),
    keysCreated: t.exposeInt("keysCreated"),
    createdKeys: t.exposeStringList("createdKeys", { description: "The first 50 created keys' names" }),
    replaced: t.exposeInt("replaced", { description: "Of imported: values that replaced a different non-empty value" }),
    dryRun: t.exposeBoolean("dryRun", { description: "True for a preview: nothing was kept" }),
    errors: t.field({ type: [ImportIssueRef], resolve: (r) => r.errors }),
    language: t.exposeString("language"),
    format: t.exposeString("format"),
  }),
});

builder.mutationFields((t) => ({
  importFile: t.field({
    type: ImportResultRef,
    args: {
      projectId: t.arg.id({ required: true }),
      language: t.arg.string({ required: true }),
      format: t.arg.string({ required: true, description: "A format id (json-flat, po, xliff, ...)" }),
      content: t.arg.string({ required: true, description: "Raw UTF-8 file text; base64 for mo" }),
      namespace: t.arg.string(),
      overwrite: t.arg.boolean(),
      dryRun: t.arg.boolean({ description: "A preview: the import is rolled back, the result says what it would do" }),
    },
    resolve: (_root, args, ctx) => {
      const input = parseProcedureInput<Parameters<typeof importTranslations>[2] & { projectId: string }>("importExport.importFile", args);
      return importTranslations(svcOf(ctx), input.projectId, input);
    },
  }),
}));
