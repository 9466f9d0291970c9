// The header's bell: a link to the notifications screen carrying the unread count, said in its
// accessible name ("Notifications, 3 unread") and drawn as a badge.
import { Link } from "../router/router";
import { useUnreadCount } from "./notification-queries";

export function NotificationBell({ current }: { current: boolean }) {
  const unread = useUnreadCount().data ?? 0;
  const label = unread ? `Notifications, ${unread} unread` : "Notifications";
  return (
    <Link to="/notifications" className="bell" aria-label={label} title={label} aria-current={current ? "page" : undefined}>
      <svg viewBox="0 0 16 16" width="18" height="18" aria-hidden="true" focusable="false">
        <path
          d="M8 1.5a4 4 0 0 0-4 4v2.7L2.6 11h10.8L12 8.2V5.5a4 4 0 0 0-4-4zM6.3 12.5a1.8 1.8 0 0 0 3.4 0"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.4"
          strokeLinejoin="round"
        />
      </svg>
      {unread > 0 && (
        <span className="bell-count" aria-hidden="true">
          {unread > 99 ? "99+" : unread}
        </span>
      )}
    </Link>
  );
}
