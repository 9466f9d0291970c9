import type { ServiceContext } from "../context";
import { toCommentRecord, type CommentRecord } from "./comment-record";
import { loadCommentKey, type CommentScope } from "./load-comment";

/** All comments of a key (threads included, replies carry parentId), in creation order. */
export async function listComments(ctx: ServiceContext, scope: CommentScope): Promise<CommentRecord[]> {
  const { key } = await loadCommentKey(ctx, scope, "comments.read", false);
  const comments = await ctx.db.prisma.comment.findMany({ where: { keyId: key.id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return comments.map(toCommentRecord);
}
