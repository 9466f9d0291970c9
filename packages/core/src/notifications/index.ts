export * from "./list-notifications";
export * from "./mark-notifications-read";
export * from "./mention-mail";
export * from "./notification-record";
export * from "./notification-settings";
export * from "./record-comment-notifications";
export * from "./send-mention-mails";
