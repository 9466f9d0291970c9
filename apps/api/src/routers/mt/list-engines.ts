import { listMtEngines } from "@locale/core/mt";
import { authedProcedure } from "../../trpc/init";
import { ZProjectIdInput } from "../ai/ai.types";
import { ZMtEngines } from "./mt.types";

export const listMtEnginesProcedure = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/projects/{projectId}/mt/engines",
      tags: ["Machine translation"],
      summary: "MT engines and whether each is configured",
    },
  })
  .input(ZProjectIdInput)
  .output(ZMtEngines)
  .query(({ ctx, input }) => listMtEngines(ctx.svc, input.projectId));
