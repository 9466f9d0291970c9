import { deleteComment } from "@locale/core/comments";
import { ZSuccess } from "../../schemas/common";
import { authedProcedure } from "../../trpc/init";
import { COMMENTS_PATH, commentTags, ZCommentInput } from "./comments.types";

export const deleteCommentProcedure = authedProcedure
  .meta({
    openapi: {
      method: "DELETE",
      path: `${COMMENTS_PATH}/{commentId}`,
      tags: commentTags,
      summary: "Delete a comment and its replies (author, admin or owner)",
    },
  })
  .input(ZCommentInput)
  .output(ZSuccess)
  .mutation(({ ctx, input }) => deleteComment(ctx.svc, input));
