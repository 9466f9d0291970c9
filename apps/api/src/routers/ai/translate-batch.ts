import { translateBatch } from "@locale/core/ai";
import { authedProcedure } from "../../trpc/init";
import { ZBatchRequest, ZBatchResponse } from "./ai.types";

export const translateBatchProcedure = authedProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/projects/{projectId}/ai/translate/batch",
      tags: ["AI"],
      summary: "Translate untranslated keys now and save the results",
    },
  })
  .input(ZBatchRequest)
  .output(ZBatchResponse)
  .mutation(({ ctx, input }) => {
    const { projectId, ...body } = input;
    return translateBatch(ctx.svc, projectId, body);
  });
