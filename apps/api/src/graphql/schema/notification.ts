// The caller's notification inbox (mentions, replies in their threads) and their preferences,
// through the same core services as REST: nothing here takes a user id.
import {
  countUnreadNotifications,
  getNotificationSettings,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  type NotificationPage,
  type NotificationRecord,
  type NotificationSettings,
  updateNotificationSettings,
} from "@locale/core/notifications";
import { builder, svcOf } from "../builder";

const NotificationRef = builder.objectRef<NotificationRecord>("Notification").implement({
  description: "One entry of the caller's inbox in this organization",
  fields: (t) => ({
    id: t.exposeID("_id"),
    kind: t.exposeString("kind", { description: "`mention`: the comment mentions you; `reply`: a reply in a thread you commented on" }),
    read: t.exposeBoolean("read"),
    readAt: t.expose("readAt", { type: "DateTime", nullable: true }),
    created: t.expose("created", { type: "DateTime" }),
    projectId: t.exposeString("projectId"),
    projectName: t.exposeString("projectName"),
    keyId: t.exposeString("keyId"),
    key: t.exposeString("key"),
    namespace: t.exposeString("namespace"),
    language: t.exposeString("language", { nullable: true }),
    commentId: t.exposeString("commentId"),
    actorId: t.exposeString("actorId", { description: "Who wrote the comment" }),
    actorName: t.exposeString("actorName"),
    excerpt: t.exposeString("excerpt", { description: "The comment's start, on one line (at most 200 characters)" }),
    url: t.exposeString("url", { description: "The key in the web editor, its side panel on the comments" }),
  }),
});

const NotificationPageRef = builder.objectRef<NotificationPage>("NotificationPage").implement({
  fields: (t) => ({
    nodes: t.field({ type: [NotificationRef], resolve: (p) => p.data }),
    nextCursor: t.exposeString("nextCursor", { nullable: true, description: "Pass as `cursor` for the next page; null on the last" }),
  }),
});

const NotificationSettingsRef = builder.objectRef<NotificationSettings>("NotificationSettings").implement({
  fields: (t) => ({
    mentionEmails: t.exposeBoolean("mentionEmails", { description: "E-mail me when someone @mentions me (only with SMTP configured)" }),
  }),
});

const MarkedRef = builder.objectRef<{ marked: number }>("NotificationsMarked").implement({
  fields: (t) => ({ marked: t.exposeInt("marked", { description: "How many were unread" }) }),
});

builder.queryFields((t) => ({
  notifications: t.field({
    type: NotificationPageRef,
    description: "Your notifications in this organization, newest first, by cursor",
    args: {
      cursor: t.arg.string({ description: "`nextCursor` of the previous page" }),
      limit: t.arg.int({ description: "Per page, default 20, at most 100" }),
      unread: t.arg.boolean({ description: "Only unread notifications" }),
    },
    resolve: (_root, args, ctx) =>
      listNotifications(svcOf(ctx), { cursor: args.cursor ?? undefined, limit: args.limit ?? undefined, unread: args.unread ?? false }),
  }),
  unreadNotificationCount: t.int({
    description: "How many of your notifications are unread",
    resolve: async (_root, _args, ctx) => (await countUnreadNotifications(svcOf(ctx))).unread,
  }),
  notificationSettings: t.field({
    type: NotificationSettingsRef,
    description: "Your notification preferences",
    resolve: (_root, _args, ctx) => getNotificationSettings(svcOf(ctx)),
  }),
}));

builder.mutationFields((t) => ({
  markNotificationRead: t.field({
    type: NotificationRef,
    args: { notificationId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => markNotificationRead(svcOf(ctx), String(args.notificationId)),
  }),
  markAllNotificationsRead: t.field({
    type: MarkedRef,
    resolve: (_root, _args, ctx) => markAllNotificationsRead(svcOf(ctx)),
  }),
  updateNotificationSettings: t.field({
    type: NotificationSettingsRef,
    args: { mentionEmails: t.arg.boolean({ required: true }) },
    resolve: (_root, args, ctx) => updateNotificationSettings(svcOf(ctx), { mentionEmails: args.mentionEmails }),
  }),
}));
