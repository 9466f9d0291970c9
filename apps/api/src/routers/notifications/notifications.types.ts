import { MAX_NOTIFICATION_LIMIT } from "@locale/core/notifications";
import { z } from "zod";

export const ZNotification = z.object({
  _id: z.string(),
  kind: z.enum(["mention", "reply"]).describe("`mention`: the comment mentions you; `reply`: a reply in a thread you commented on"),
  read: z.boolean(),
  readAt: z.string().nullable(),
  created: z.string(),
  projectId: z.string(),
  projectName: z.string(),
  keyId: z.string(),
  key: z.string(),
  namespace: z.string(),
  language: z.string().nullable().describe("The comment's language; null for a comment on the key as a whole"),
  commentId: z.string(),
  actorId: z.string().describe("Who wrote the comment"),
  actorName: z.string(),
  excerpt: z.string().describe("The comment's start, on one line (at most 200 characters)"),
  url: z.string().describe("The key in the web editor, its side panel on the comments"),
});

export const ZNotificationPage = z.object({
  data: z.array(ZNotification),
  nextCursor: z.string().nullable().describe("Pass as `cursor` for the next page; null on the last page"),
});

export const ZListNotificationsInput = z.object({
  cursor: z.string().min(1).max(100).optional().describe("`nextCursor` of the previous page"),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_NOTIFICATION_LIMIT)
    .optional()
    .describe(`Notifications per page, default 20, at most ${MAX_NOTIFICATION_LIMIT}`),
  unread: z.enum(["true", "false"]).optional().describe("`true`: only unread notifications"),
});

export const ZNotificationSettings = z.object({
  mentionEmails: z.boolean().describe("E-mail me when someone @mentions me (sent only when the server has SMTP configured)"),
});

export const notificationTags = ["Notifications"];
