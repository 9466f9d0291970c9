import { toggleCommentResolved } from "@locale/core/comments";
import { authedProcedure } from "../../trpc/init";
import { COMMENTS_PATH, commentTags, ZComment, ZCommentInput } from "./comments.types";

export const resolveCommentProcedure = authedProcedure
  .meta({ openapi: { method: "PATCH", path: `${COMMENTS_PATH}/{commentId}/resolve`, tags: commentTags, summary: "Toggle `resolved`" } })
  .input(ZCommentInput)
  .output(ZComment)
  .mutation(({ ctx, input }) => toggleCommentResolved(ctx.svc, input));
