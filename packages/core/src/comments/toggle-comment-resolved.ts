import type { ServiceContext } from "../context";
import { type CommentRecord, toCommentRecord } from "./comment-record";
import { type CommentScope, loadComment } from "./load-comment";

/** Flips `resolved` in one UPDATE (NOT resolved), so two concurrent toggles do not cancel into one. */
export async function toggleCommentResolved(ctx: ServiceContext, scope: CommentScope & { commentId: string }): Promise<CommentRecord> {
  const { comment } = await loadComment(ctx, scope, "comments.write");
  await ctx.db.prisma.$executeRaw`UPDATE "Comment" SET "resolved" = NOT "resolved", "updatedAt" = now() WHERE "id" = ${comment.id}`;
  const updated = await ctx.db.prisma.comment.findUniqueOrThrow({ where: { id: comment.id } });
  return toCommentRecord(updated);
}
