import { listComments } from "@locale/core/comments";
import { z } from "zod";
import { authedProcedure } from "../../trpc/init";
import { COMMENTS_PATH, commentTags, ZComment, ZKeyCommentsInput } from "./comments.types";

export const listCommentsProcedure = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: COMMENTS_PATH,
      tags: commentTags,
      summary: "All comments of the key, in creation order (optionally one language, or only open/resolved ones)",
    },
  })
  .input(
    ZKeyCommentsInput.extend({
      language: z.string().min(1).max(64).optional().describe("Only comments about this language"),
      resolved: z.enum(["true", "false"]).optional().describe("Only resolved (true) or open (false) comments"),
    }),
  )
  .output(z.array(ZComment))
  .query(({ ctx, input }) => {
    const { projectId, keyId, language, resolved } = input;
    return listComments(ctx.svc, { projectId, keyId }, { language, resolved: resolved === undefined ? undefined : resolved === "true" });
  });
