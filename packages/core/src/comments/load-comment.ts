// Tenant scoping for comments: the project is checked by loadProject, the key must be in that
// project and the comment on that key; anything else is "not found".
import type { Comment, Key, Project } from "@locale/db";
import type { Permission } from "../auth/permissions";
import type { ServiceContext } from "../context";
import { notFound } from "../errors/app-error";
import { loadProject } from "../projects/load-project";

export interface CommentScope {
  projectId: string;
  keyId: string;
}

export async function loadCommentKey(
  ctx: ServiceContext,
  scope: CommentScope,
  permission: Permission,
  forWrite: boolean,
): Promise<{ project: Project; key: Key }> {
  const project = await loadProject(ctx, scope.projectId, permission, { forWrite });
  const key = await ctx.db.prisma.key.findFirst({ where: { id: scope.keyId, projectId: project.id } });
  if (!key) throw notFound("Key");
  return { project, key };
}

export async function loadComment(
  ctx: ServiceContext,
  scope: CommentScope & { commentId: string },
  permission: Permission,
): Promise<{ project: Project; key: Key; comment: Comment }> {
  const { project, key } = await loadCommentKey(ctx, scope, permission, true);
  const comment = await ctx.db.prisma.comment.findFirst({ where: { id: scope.commentId, keyId: key.id } });
  if (!comment) throw notFound("Comment");
  return { project, key, comment };
}
