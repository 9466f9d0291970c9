import { markAllNotificationsRead, markNotificationRead } from "@locale/core/notifications";
import { z } from "zod";
import { authedProcedure } from "../../trpc/init";
import { notificationTags, ZNotification } from "./notifications.types";

export const markReadProcedure = authedProcedure
  .meta({
    openapi: {
      method: "PATCH",
      path: "/notifications/{notificationId}/read",
      tags: notificationTags,
      summary: "Mark one of your notifications read",
    },
  })
  .input(z.object({ notificationId: z.string() }))
  .output(ZNotification)
  .mutation(({ ctx, input }) => markNotificationRead(ctx.svc, input.notificationId));

export const markAllReadProcedure = authedProcedure
  .meta({
    openapi: { method: "POST", path: "/notifications/read-all", tags: notificationTags, summary: "Mark all your notifications read" },
  })
  .input(z.object({}))
  .output(z.object({ marked: z.number().int().describe("How many were unread") }))
  .mutation(({ ctx }) => markAllNotificationsRead(ctx.svc));
