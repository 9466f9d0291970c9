import { can } from "../auth/permissions";
import type { ServiceContext } from "../context";
import { forbidden } from "../errors/app-error";
import { type CommentScope, loadComment } from "./load-comment";

/** The author, or an owner/admin, deletes a comment; its replies go with it (the thread is gone). */
export async function deleteComment(ctx: ServiceContext, scope: CommentScope & { commentId: string }): Promise<{ success: true }> {
  const { comment } = await loadComment(ctx, scope, "comments.write");
  if (comment.authorId !== ctx.actor.userId && !can(ctx.actor, "comments.moderate")) throw forbidden();
  await ctx.db.prisma.comment.delete({ where: { id: comment.id } });
  return { success: true };
}
