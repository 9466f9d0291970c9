import { recordActivity } from "../activity/record-activity";
import type { ServiceContext } from "../context";
import { badRequest } from "../errors/app-error";
import { canonicalLanguage } from "../shared/languages";
import { type CommentRecord, toCommentRecord } from "./comment-record";
import { type CommentScope, loadCommentKey } from "./load-comment";

export interface CreateCommentInput {
  body: string;
  language?: string | null;
  parentId?: string | null;
}

export async function createComment(ctx: ServiceContext, scope: CommentScope, input: CreateCommentInput): Promise<CommentRecord> {
  const { project, key } = await loadCommentKey(ctx, scope, "comments.write", true);
  let language: string | null = null;
  if (input.language) {
    language = canonicalLanguage(input.language, "language");
    if (language !== project.sourceLanguage && !project.targetLanguages.includes(language)) {
      throw badRequest(`language: "${language}" is not a language of this project`, [
        { path: "language", message: `"${language}" is not a language of this project` },
      ]);
    }
  }
  const body = input.body.trim();
  if (!body) throw badRequest("body: must not be empty", [{ path: "body", message: "must not be empty" }]);
  const comment = await ctx.db.prisma.$transaction(async (tx) => {
    if (input.parentId) {
      const parent = await tx.comment.findFirst({ where: { id: input.parentId, keyId: key.id } });
      if (!parent) {
        throw badRequest("parentId: must be a comment of the same key", [
          { path: "parentId", message: "must be a comment of the same key" },
        ]);
      }
    }
    const created = await tx.comment.create({
      data: {
        projectId: project.id,
        keyId: key.id,
        language,
        authorId: ctx.actor.userId,
        authorName: ctx.actor.userName,
        body,
        parentId: input.parentId ?? null,
      },
    });
    await recordActivity(tx, ctx.actor, {
      action: "comment.created",
      projectId: project.id,
      targetId: created.id,
      targetType: "comment",
      metadata: { commentId: created.id, keyId: key.id, key: key.key, namespace: key.namespace, language, parentId: created.parentId },
    });
    return created;
  });
  return toCommentRecord(comment);
}
