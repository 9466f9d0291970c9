// The user's notification preferences. They belong to the person, not to one organization: a
// mention e-mail goes to the same address whichever organization it comes from. So a project
// token (which sees one project) neither reads nor changes them.
import { assertOrgLevel } from "../auth/permissions";
import type { ServiceContext } from "../context";
import { notFound } from "../errors/app-error";

export interface NotificationSettings {
  /** E-mail me when someone @mentions me (only when the server has SMTP configured). */
  mentionEmails: boolean;
}

export async function getNotificationSettings(ctx: ServiceContext): Promise<NotificationSettings> {
  assertOrgLevel(ctx.actor, "comments.read");
  const user = await ctx.db.prisma.user.findUnique({ where: { id: ctx.actor.userId }, select: { mentionEmails: true } });
  if (!user) throw notFound("User");
  return { mentionEmails: user.mentionEmails };
}

export async function updateNotificationSettings(ctx: ServiceContext, input: NotificationSettings): Promise<NotificationSettings> {
  assertOrgLevel(ctx.actor, "comments.write");
  const user = await ctx.db.prisma.user.update({
    where: { id: ctx.actor.userId },
    data: { mentionEmails: input.mentionEmails },
    select: { mentionEmails: true },
  });
  return { mentionEmails: user.mentionEmails };
}
