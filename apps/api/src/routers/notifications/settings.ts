import { getNotificationSettings, updateNotificationSettings } from "@locale/core/notifications";
import { z } from "zod";
import { authedProcedure } from "../../trpc/init";
import { notificationTags, ZNotificationSettings } from "./notifications.types";

export const getSettingsProcedure = authedProcedure
  .meta({
    openapi: { method: "GET", path: "/notifications/settings", tags: notificationTags, summary: "Your notification preferences" },
  })
  .input(z.object({}))
  .output(ZNotificationSettings)
  .query(({ ctx }) => getNotificationSettings(ctx.svc));

export const updateSettingsProcedure = authedProcedure
  .meta({
    openapi: {
      method: "PUT",
      path: "/notifications/settings",
      tags: notificationTags,
      summary: "Change your notification preferences (they hold in every organization you belong to)",
    },
  })
  .input(ZNotificationSettings)
  .output(ZNotificationSettings)
  .mutation(({ ctx, input }) => updateNotificationSettings(ctx.svc, input));
