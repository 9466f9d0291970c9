import type { Prisma } from "@locale/db";
import type { ServiceContext } from "../context";
import { canonicalLanguage } from "../shared/languages";
import { type CommentRecord, toCommentRecord } from "./comment-record";
import { type CommentScope, loadCommentKey } from "./load-comment";

export interface ListCommentsFilter {
  /** Only comments about this language (key-level comments have none). */
  language?: string;
  resolved?: boolean;
}

/** All comments of a key (threads included, replies carry parentId), in creation order. */
export async function listComments(ctx: ServiceContext, scope: CommentScope, filter: ListCommentsFilter = {}): Promise<CommentRecord[]> {
  const { key } = await loadCommentKey(ctx, scope, "comments.read", false);
  const where: Prisma.CommentWhereInput = { keyId: key.id };
  if (filter.language !== undefined) where.language = canonicalLanguage(filter.language, "language");
  if (filter.resolved !== undefined) where.resolved = filter.resolved;
  const comments = await ctx.db.prisma.comment.findMany({ where, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return comments.map(toCommentRecord);
}
