import { translateText } from "@locale/core/ai";
import { authedProcedure } from "../../trpc/init";
import { ZTranslateTextRequest, ZTranslateTextResponse } from "./ai.types";

export const translateTextProcedure = authedProcedure
  .meta({
    errors: { 502: "The AI provider failed; the message is the provider's" },
    openapi: {
      method: "POST",
      path: "/projects/{projectId}/ai/translate",
      tags: ["AI"],
      summary: "Suggest a translation for one string (saves nothing)",
    },
  })
  .input(ZTranslateTextRequest)
  .output(ZTranslateTextResponse)
  .mutation(({ ctx, input }) => {
    const { projectId, ...body } = input;
    return translateText(ctx.svc, projectId, body);
  });
