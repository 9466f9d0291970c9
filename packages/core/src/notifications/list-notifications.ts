import type { Prisma } from "@locale/db";
import type { ServiceContext } from "../context";
import { badRequest } from "../errors/app-error";
import { inboxWhere } from "./inbox-scope";
import { NOTIFICATION_INCLUDE, type NotificationRecord, toNotificationRecord } from "./notification-record";

export interface ListNotificationsQuery {
  /** `nextCursor` of the previous page; absent for the first. */
  cursor?: string;
  limit?: number;
  /** Only unread notifications. */
  unread?: boolean;
}

export interface NotificationPage {
  data: NotificationRecord[];
  /** Pass as `cursor` for the next page; null on the last. */
  nextCursor: string | null;
}

export const DEFAULT_NOTIFICATION_LIMIT = 20;
export const MAX_NOTIFICATION_LIMIT = 100;

/**
 * The caller's notifications, newest first, by cursor (the id of the last one of the previous
 * page): an inbox grows at the top while it is read, which would shift offset pages.
 */
export async function listNotifications(ctx: ServiceContext, query: ListNotificationsQuery = {}): Promise<NotificationPage> {
  const mine = inboxWhere(ctx, "comments.read");
  const limit = query.limit ?? DEFAULT_NOTIFICATION_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_NOTIFICATION_LIMIT) {
    throw badRequest(`limit: must be an integer from 1 to ${MAX_NOTIFICATION_LIMIT}`, [
      { path: "limit", message: `must be an integer from 1 to ${MAX_NOTIFICATION_LIMIT}` },
    ]);
  }
  const where: Prisma.NotificationWhereInput = { ...mine, ...(query.unread ? { readAt: null } : {}) };
  if (query.cursor) {
    // Only a notification of the caller's own inbox is a cursor: another's id is as unknown as a made-up one.
    const after = await ctx.db.prisma.notification.findFirst({
      where: { ...mine, id: query.cursor },
      select: { id: true, createdAt: true },
    });
    if (!after) throw badRequest("cursor: is not a cursor of this list", [{ path: "cursor", message: "is not a cursor of this list" }]);
    where.OR = [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }];
  }
  const rows = await ctx.db.prisma.notification.findMany({
    where,
    include: NOTIFICATION_INCLUDE,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
  });
  const page = rows.slice(0, limit);
  return {
    data: page.map((n) => toNotificationRecord(n, ctx.config.publicUrl)),
    nextCursor: rows.length > limit ? page[page.length - 1]!.id : null,
  };
}

/** How many of the caller's notifications are unread (the bell's number). */
export async function countUnreadNotifications(ctx: ServiceContext): Promise<{ unread: number }> {
  const unread = await ctx.db.prisma.notification.count({ where: { ...inboxWhere(ctx, "comments.read"), readAt: null } });
  return { unread };
}
