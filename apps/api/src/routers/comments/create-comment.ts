import { createComment } from "@locale/core/comments";
import { authedProcedure } from "../../trpc/init";
import { COMMENTS_PATH, commentTags, ZComment, ZCreateCommentRequest } from "./comments.types";

export const createCommentProcedure = authedProcedure
  .meta({
    openapi: {
      method: "POST",
      path: COMMENTS_PATH,
      tags: commentTags,
      summary: "Comment on a key (optionally one language, or reply to a comment of the key)",
    },
    successStatus: 201,
  })
  .input(ZCreateCommentRequest)
  .output(ZComment)
  .mutation(({ ctx, input }) => {
    const { projectId, keyId, ...body } = input;
    return createComment(ctx.svc, { projectId, keyId }, body);
  });
