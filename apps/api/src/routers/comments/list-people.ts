import { listPeople } from "@locale/core/comments";
import { z } from "zod";
import { authedProcedure } from "../../trpc/init";
import { commentTags } from "./comments.types";

export const listPeopleProcedure = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/projects/{projectId}/people",
      tags: commentTags,
      summary: "The organization's members by name, for @mentions in comments",
    },
  })
  .input(z.object({ projectId: z.string() }))
  .output(z.array(z.object({ userId: z.string(), name: z.string() })))
  .query(({ ctx, input }) => listPeople(ctx.svc, input.projectId));
