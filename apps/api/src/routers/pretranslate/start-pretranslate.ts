import { startPretranslate } from "@locale/core/pretranslate";
import { authedProcedure } from "../../trpc/init";
import { ZPretranslateRequest, ZPretranslateResponse } from "./pretranslate.types";

export const startPretranslateProcedure = authedProcedure
  .meta({
    successStatus: 201,
    openapi: {
      method: "POST",
      path: "/projects/{projectId}/pretranslate",
      tags: ["Pre-translation"],
      summary: "Start TM pre-translation jobs (one per language); follow each on /ai/translate/batch/stream/{jobId}",
    },
  })
  .input(ZPretranslateRequest)
  .output(ZPretranslateResponse)
  .mutation(({ ctx, input }) => {
    const { projectId, ...body } = input;
    return startPretranslate(ctx.svc, projectId, body);
  });
