import { listNotifications } from "@locale/core/notifications";
import { authedProcedure } from "../../trpc/init";
import { notificationTags, ZListNotificationsInput, ZNotificationPage } from "./notifications.types";

export const listNotificationsProcedure = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/notifications",
      tags: notificationTags,
      summary: "Your notifications in this organization (mentions, replies to your threads), newest first, by cursor",
    },
  })
  .input(ZListNotificationsInput)
  .output(ZNotificationPage)
  .query(({ ctx, input }) => listNotifications(ctx.svc, { cursor: input.cursor, limit: input.limit, unread: input.unread === "true" }));
