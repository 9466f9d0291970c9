import { mtTranslateBatch } from "@locale/core/mt";
import { authedProcedure } from "../../trpc/init";
import { ZMtBatchRequest, ZMtBatchResponse } from "./mt.types";

export const mtTranslateBatchProcedure = authedProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/projects/{projectId}/mt/translate/batch",
      tags: ["Machine translation"],
      summary: "Translate untranslated keys with an MT engine now and save the results",
    },
  })
  .input(ZMtBatchRequest)
  .output(ZMtBatchResponse)
  .mutation(({ ctx, input }) => {
    const { projectId, ...body } = input;
    return mtTranslateBatch(ctx.svc, projectId, body);
  });
