import { recordActivity } from "../activity/record-activity";
import type { ServiceContext } from "../context";
import { badRequest } from "../errors/app-error";
import { recordCommentNotifications } from "../notifications/record-comment-notifications";
import { sendMentionMails } from "../notifications/send-mention-mails";
import { canonicalLanguage } from "../shared/languages";
import { type CommentRecord, toCommentRecord } from "./comment-record";
import { type CommentScope, loadCommentKey } from "./load-comment";

export interface CreateCommentInput {
  body: string;
  language?: string | null;
  parentId?: string | null;
  /** User ids of members of the project's organization the comment mentions (@Name in the body). */
  mentions?: string[];
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
  const mentions = [...new Set(input.mentions ?? [])];
  if (mentions.length > 0) {
    // Only the organization's members can be mentioned (the editor offers them: listPeople).
    const members = await ctx.db.prisma.membership.findMany({
      where: { organizationId: project.organizationId, userId: { in: mentions } },
      select: { userId: true },
    });
    const known = new Set(members.map((m) => m.userId));
    const unknown = mentions.findIndex((id) => !known.has(id));
    if (unknown >= 0) {
      throw badRequest(`mentions.${unknown}: is not a member of this organization`, [
        { path: `mentions.${unknown}`, message: "is not a member of this organization" },
      ]);
    }
  }
  const { comment, mails } = await ctx.db.prisma.$transaction(async (tx) => {
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
        mentions,
      },
    });
    await recordActivity(tx, ctx.actor, {
      action: "comment.created",
      projectId: project.id,
      targetId: created.id,
      targetType: "comment",
      metadata: {
        commentId: created.id,
        keyId: key.id,
        key: key.key,
        namespace: key.namespace,
        language,
        parentId: created.parentId,
        ...(mentions.length ? { mentions } : {}),
      },
    });
    // The inbox entries commit with the comment; their e-mails are only queued here.
    const mails = await recordCommentNotifications(tx, ctx, { project, key, comment: created });
    return { comment: created, mails };
  });
  sendMentionMails(ctx.db, ctx.config, mails);
  return toCommentRecord(comment);
}
