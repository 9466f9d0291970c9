import type { ServiceContext } from "../context";
import { notFound } from "../errors/app-error";
import { inboxWhere } from "./inbox-scope";
import { NOTIFICATION_INCLUDE, type NotificationRecord, toNotificationRecord } from "./notification-record";

/** Marks one of the caller's notifications read (again is a no-op: the first time is kept). */
export async function markNotificationRead(ctx: ServiceContext, notificationId: string): Promise<NotificationRecord> {
  const mine = inboxWhere(ctx, "comments.write");
  // One conditional UPDATE: it touches the row only if it is the caller's and still unread.
  await ctx.db.prisma.notification.updateMany({ where: { ...mine, id: notificationId, readAt: null }, data: { readAt: new Date() } });
  const row = await ctx.db.prisma.notification.findFirst({ where: { ...mine, id: notificationId }, include: NOTIFICATION_INCLUDE });
  if (!row) throw notFound("Notification");
  return toNotificationRecord(row, ctx.config.publicUrl);
}

/** Marks every unread notification of the caller's inbox read; answers how many it marked. */
export async function markAllNotificationsRead(ctx: ServiceContext): Promise<{ marked: number }> {
  const { count } = await ctx.db.prisma.notification.updateMany({
    where: { ...inboxWhere(ctx, "comments.write"), readAt: null },
    data: { readAt: new Date() },
  });
  return { marked: count };
}
