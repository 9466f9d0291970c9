// The caller's own inbox: nothing here takes a user id, so nobody can name another's notifications.
import { router } from "../../trpc/init";
import { listNotificationsProcedure } from "./list-notifications";
import { markAllReadProcedure, markReadProcedure } from "./mark-read";
import { getSettingsProcedure, updateSettingsProcedure } from "./settings";
import { unreadCountProcedure } from "./unread-count";

export const notificationsRouter = router({
  list: listNotificationsProcedure,
  unreadCount: unreadCountProcedure,
  markRead: markReadProcedure,
  markAllRead: markAllReadProcedure,
  settings: getSettingsProcedure,
  updateSettings: updateSettingsProcedure,
});
