import { countUnreadNotifications } from "@locale/core/notifications";
import { z } from "zod";
import { authedProcedure } from "../../trpc/init";
import { notificationTags } from "./notifications.types";

export const unreadCountProcedure = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/notifications/unread-count",
      tags: notificationTags,
      summary: "How many of your notifications are unread",
    },
  })
  .input(z.object({}))
  .output(z.object({ unread: z.number().int() }))
  .query(({ ctx }) => countUnreadNotifications(ctx.svc));
