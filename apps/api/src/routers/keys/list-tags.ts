import { listTags } from "@locale/core/keys";
import { z } from "zod";
import { authedProcedure } from "../../trpc/init";

export const listTagsProcedure = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/projects/{projectId}/tags",
      tags: ["Translation keys"],
      summary: "Every tag the project's keys carry, sorted (at most 1,000; the editor's tag pick list)",
    },
  })
  .input(z.object({ projectId: z.string() }))
  .output(z.array(z.string()))
  .query(({ ctx, input }) => listTags(ctx.svc, input.projectId));
