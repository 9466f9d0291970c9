import { getAiStatus } from "@locale/core/ai";
import { authedProcedure } from "../../trpc/init";
import { ZAiStatus, ZProjectIdInput } from "./ai.types";

export const getAiStatusProcedure = authedProcedure
  .meta({
    openapi: { method: "GET", path: "/projects/{projectId}/ai/status", tags: ["AI"], summary: "Configured AI providers and models" },
  })
  .input(ZProjectIdInput)
  .output(ZAiStatus)
  .query(({ ctx, input }) => getAiStatus(ctx.svc, input.projectId));
