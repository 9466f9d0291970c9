import type { ServiceContext } from "../context";
import { badRequest, forbidden } from "../errors/app-error";
import { type CommentRecord, MAX_COMMENT_LENGTH, toCommentRecord } from "./comment-record";
import { type CommentScope, loadComment } from "./load-comment";

/** Replaces the text of a comment; only its author may (admins moderate by deleting). */
export async function updateComment(
  ctx: ServiceContext,
  scope: CommentScope & { commentId: string },
  text: string,
): Promise<CommentRecord> {
  const { comment } = await loadComment(ctx, scope, "comments.write");
  if (comment.authorId !== ctx.actor.userId) throw forbidden();
  const body = text.trim();
  if (!body) throw badRequest("body: must not be empty", [{ path: "body", message: "must not be empty" }]);
  if (body.length > MAX_COMMENT_LENGTH) {
    throw badRequest(`body: must be at most ${MAX_COMMENT_LENGTH} characters`, [
      { path: "body", message: `must be at most ${MAX_COMMENT_LENGTH} characters` },
    ]);
  }
  const updated = await ctx.db.prisma.comment.update({ where: { id: comment.id }, data: { body } });
  return toCommentRecord(updated);
}
