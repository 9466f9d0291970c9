// Who hears of a new comment, written in the comment's own transaction: every member it mentions
// (`mention`), and — for a reply — everyone else who wrote in that thread (`reply`). The author
// never notifies themself, one comment gives a person one notification (a mention wins over a
// reply), and only current members of the project's organization are notified. A mention is also
// queued as an e-mail when the server has SMTP and the person has not turned mention e-mails off;
// the caller delivers the queued mails after commit (sendMentionMails).
import type { Comment, Key, Project } from "@locale/db";
import type { Tx } from "../activity/record-activity";
import type { ServiceContext } from "../context";
import type { QueuedMail } from "../mail/send-mail";
import { queueMail } from "../mail/send-mail";
import { mentionMail } from "./mention-mail";
import { editorUrlOf, excerptOf, type NotificationKind } from "./notification-record";

/** The thread's root: replies may answer replies, so walk up (the chain is short and on one key). */
const THREAD_AUTHORS_SQL = `
  WITH RECURSIVE up AS (
    SELECT "id", "parentId" FROM "Comment" WHERE "id" = $1
    UNION ALL
    SELECT c."id", c."parentId" FROM "Comment" c JOIN up ON c."id" = up."parentId"
  ), root AS (SELECT "id" FROM up WHERE "parentId" IS NULL),
  thread AS (
    SELECT c."id", c."authorId" FROM "Comment" c JOIN root ON c."id" = root."id"
    UNION ALL
    SELECT c."id", c."authorId" FROM "Comment" c JOIN thread t ON c."parentId" = t."id"
  )
  SELECT DISTINCT "authorId" FROM thread`;

export async function recordCommentNotifications(
  tx: Tx,
  ctx: ServiceContext,
  target: { project: Project; key: Key; comment: Comment },
): Promise<QueuedMail[]> {
  const { project, key, comment } = target;
  const recipients = new Map<string, NotificationKind>();
  for (const userId of comment.mentions) recipients.set(userId, "mention");
  if (comment.parentId) {
    const authors = await tx.$queryRawUnsafe<{ authorId: string }[]>(THREAD_AUTHORS_SQL, comment.parentId);
    for (const { authorId } of authors) if (!recipients.has(authorId)) recipients.set(authorId, "reply");
  }
  recipients.delete(comment.authorId);
  if (recipients.size === 0) return [];
  // Authors who have left the organization are not told (nor are mentions of people removed since).
  const members = await tx.membership.findMany({
    where: { organizationId: project.organizationId, userId: { in: [...recipients.keys()] } },
    select: { userId: true, user: { select: { email: true, mentionEmails: true } } },
  });
  if (members.length === 0) return [];
  const excerpt = excerptOf(comment.body);
  await tx.notification.createMany({
    data: members.map((m) => ({
      organizationId: project.organizationId,
      userId: m.userId,
      kind: recipients.get(m.userId)!,
      projectId: project.id,
      keyId: key.id,
      commentId: comment.id,
      actorId: comment.authorId,
      actorName: comment.authorName,
      language: comment.language,
      excerpt,
    })),
  });
  // Without SMTP the in-app inbox is the notification: no mail is queued or logged.
  if (!ctx.config.mail?.smtpUrl) return [];
  const mails: QueuedMail[] = [];
  for (const m of members) {
    if (recipients.get(m.userId) !== "mention" || !m.user.mentionEmails) continue;
    const mail = mentionMail({
      to: m.user.email,
      authorName: comment.authorName,
      projectName: project.name,
      keyName: key.namespace ? `${key.namespace}.${key.key}` : key.key,
      excerpt,
      url: editorUrlOf(ctx.config.publicUrl, project.id, key.id, comment.language),
    });
    mails.push(await queueMail(tx, project.organizationId, mail));
  }
  return mails;
}
