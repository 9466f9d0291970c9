import { cancelBatchJob } from "@locale/core/ai";
import { authedProcedure } from "../../trpc/init";
import { ZCancelJobResponse, ZJobIdInput } from "./ai.types";

export const cancelBatchJobProcedure = authedProcedure
  .meta({
    errors: { 409: "The job is already finished" },
    openapi: {
      method: "POST",
      path: "/projects/{projectId}/ai/translate/batch/cancel/{jobId}",
      tags: ["AI"],
      summary: "Cancel a batch job (409 when finished)",
    },
  })
  .input(ZJobIdInput)
  .output(ZCancelJobResponse)
  .mutation(({ ctx, input }) => cancelBatchJob(ctx.svc, input.projectId, input.jobId));
