import { startBatchJob } from "@locale/core/ai";
import { authedProcedure } from "../../trpc/init";
import { ZBatchJobStart, ZBatchRequest } from "./ai.types";

export const startBatchJobProcedure = authedProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/projects/{projectId}/ai/translate/batch/start",
      tags: ["AI"],
      summary: "Start a background batch job; follow it on /translate/batch/stream/{jobId}",
    },
  })
  .input(ZBatchRequest)
  .output(ZBatchJobStart)
  .mutation(({ ctx, input }) => {
    const { projectId, ...body } = input;
    return startBatchJob(ctx.svc, projectId, body);
  });
