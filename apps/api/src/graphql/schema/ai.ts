// AI: provider status, and batch jobs started and cancelled through the same services as REST.
// A job's progress is an event stream, served by REST (GET .../ai/translate/batch/stream/{jobId}).
import { type AiStatus, type BatchJobStart, cancelBatchJob, getAiStatus, startBatchJob } from "@locale/core/ai";
import { builder, svcOf } from "../builder";
import { parseProcedureInput } from "../procedure-input";

const AiModelRef = builder.objectRef<AiStatus["availableModels"][number]>("AiModel").implement({
  fields: (t) => ({ id: t.exposeString("id"), displayName: t.exposeString("displayName"), provider: t.exposeString("provider") }),
});

const AiStatusRef = builder.objectRef<AiStatus>("AiStatus").implement({
  fields: (t) => ({
    configured: t.exposeBoolean("configured"),
    availableProviders: t.exposeStringList("availableProviders"),
    availableModels: t.field({ type: [AiModelRef], resolve: (s) => s.availableModels }),
  }),
});

const BatchJobStartRef = builder.objectRef<BatchJobStart>("AiBatchJobStart").implement({
  fields: (t) => ({
    jobId: t.exposeID("jobId"),
    total: t.exposeInt("total"),
    skipped: t.exposeInt("skipped"),
    totalKeys: t.exposeInt("totalKeys"),
    page: t.exposeInt("page"),
    hasMore: t.exposeBoolean("hasMore"),
  }),
});

const CancelledJobRef = builder.objectRef<{ jobId: string; status: "cancelled" }>("AiBatchJobCancelled").implement({
  fields: (t) => ({ jobId: t.exposeID("jobId"), status: t.exposeString("status") }),
});

builder.queryFields((t) => ({
  aiStatus: t.field({
    type: AiStatusRef,
    args: { projectId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => getAiStatus(svcOf(ctx), String(args.projectId)),
  }),
}));

builder.mutationFields((t) => ({
  startAiBatchJob: t.field({
    type: BatchJobStartRef,
    args: {
      projectId: t.arg.id({ required: true }),
      sourceLanguage: t.arg.string({ required: true }),
      targetLanguage: t.arg.string({ required: true }),
      toneInstruction: t.arg.string(),
      styleInstruction: t.arg.string(),
      additionalContext: t.arg.string(),
      model: t.arg.string(),
      limit: t.arg.int(),
    },
    resolve: (_root, args, ctx) => {
      const { projectId, ...input } = parseProcedureInput<Parameters<typeof startBatchJob>[2] & { projectId: string }>(
        "ai.startBatchJob",
        args,
      );
      return startBatchJob(svcOf(ctx), projectId, input);
    },
  }),
  cancelAiBatchJob: t.field({
    type: CancelledJobRef,
    args: { projectId: t.arg.id({ required: true }), jobId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => cancelBatchJob(svcOf(ctx), String(args.projectId), String(args.jobId)),
  }),
}));
