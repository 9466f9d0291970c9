// Machine translation engines: which are configured, and the synchronous batch, through the same
// services and input validation as GET .../mt/engines and POST .../mt/translate/batch.
import type { BatchItemResult, SyncBatchResult } from "@locale/core/ai";
import { listMtEngines, type MtBatchInput, type MtEngineStatus, mtTranslateBatch } from "@locale/core/mt";
import { builder, svcOf } from "../builder";
import { parseProcedureInput } from "../procedure-input";

const MtEngineRef = builder.objectRef<MtEngineStatus>("MtEngine").implement({
  fields: (t) => ({ id: t.exposeString("id"), displayName: t.exposeString("displayName"), configured: t.exposeBoolean("configured") }),
});

const MtBatchItemRef = builder.objectRef<BatchItemResult>("MtBatchItem").implement({
  fields: (t) => ({
    keyId: t.exposeID("keyId"),
    key: t.exposeString("key"),
    status: t.exposeString("status", { description: "translated, failed or skipped" }),
    translation: t.exposeString("translation", { nullable: true }),
    error: t.exposeString("error", { nullable: true }),
  }),
});

const MtBatchRef = builder.objectRef<SyncBatchResult>("MtBatchResult").implement({
  fields: (t) => ({
    translated: t.exposeInt("translated"),
    failed: t.exposeInt("failed"),
    skipped: t.exposeInt("skipped"),
    results: t.field({ type: [MtBatchItemRef], resolve: (r) => r.results }),
  }),
});

builder.queryFields((t) => ({
  mtEngines: t.field({
    type: [MtEngineRef],
    args: { projectId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => (await listMtEngines(svcOf(ctx), String(args.projectId))).engines,
  }),
}));

builder.mutationFields((t) => ({
  mtTranslateBatch: t.field({
    type: MtBatchRef,
    description: "Translates untranslated keys of a language with an MT engine and saves them (source mt), as POST .../mt/translate/batch",
    args: {
      projectId: t.arg.id({ required: true }),
      sourceLanguage: t.arg.string({ required: true }),
      targetLanguage: t.arg.string({ required: true }),
      engine: t.arg.string({ required: true, description: "deepl, google, azure or amazon" }),
      limit: t.arg.int(),
    },
    resolve: (_root, args, ctx) => {
      const { projectId, ...input } = parseProcedureInput<MtBatchInput & { projectId: string }>("mt.translateBatch", args);
      return mtTranslateBatch(svcOf(ctx), projectId, input);
    },
  }),
}));
