// The notifications screen: the caller's inbox in this organization, newest first — who mentioned
// them or replied in their thread, on which key of which project, and the comment's start. Opening
// one marks it read and goes to the key in the editor with its comments; unread ones can be marked
// read without opening, or all at once.
import { useState } from "react";
import { errorMessage } from "../api/trpc";
import { ErrorMessage } from "../components/ui";
import { navigate } from "../router/router";
import { editorPathOf, type Notification, useMarkRead, useNotifications } from "./notification-queries";

export default function NotificationsScreen() {
  const [unreadOnly, setUnreadOnly] = useState(false);
  const list = useNotifications(unreadOnly);
  const mark = useMarkRead();
  const items = list.data?.pages.flatMap((p) => p.data) ?? [];
  const open = async (n: Notification) => {
    if (!n.read) await mark.one.mutateAsync(n._id).catch(() => {});
    navigate(editorPathOf(n));
  };
  return (
    <div className="notifications narrow">
      <h1>Notifications</h1>
      <div className="notifications-tools">
        <label className="inline">
          <input type="checkbox" checked={unreadOnly} onChange={(e) => setUnreadOnly(e.target.checked)} /> Unread only
        </label>
        <button type="button" className="small" onClick={() => mark.all.mutate()} disabled={mark.all.isPending}>
          Mark all read
        </button>
      </div>
      {list.isPending && <p role="status">Loading…</p>}
      <ErrorMessage error={list.error ? errorMessage(list.error) : mark.one.error ? errorMessage(mark.one.error) : null} />
      {list.isSuccess && items.length === 0 && (
        <p className="hint">
          {unreadOnly
            ? "Nothing unread."
            : "No notifications yet. You will hear here when someone @mentions you or replies in your thread."}
        </p>
      )}
      <ul className="notification-list">
        {items.map((n) => (
          <li key={n._id} className={n.read ? "read" : "unread"}>
            <button type="button" className="notification" onClick={() => void open(n)}>
              <span className="notification-what">
                {!n.read && <span className="sr-only">Unread: </span>}
                <strong>{n.actorName}</strong> {n.kind === "mention" ? "mentioned you on" : "replied in your thread on"}{" "}
                <span className="code">
                  {n.namespace ? `${n.namespace}.` : ""}
                  {n.key}
                </span>{" "}
                in {n.projectName}
              </span>
              <span className="notification-excerpt">{n.excerpt}</span>
              <span className="hint">
                <time dateTime={n.created}>{new Date(n.created).toLocaleString()}</time>
                {n.language ? ` · ${n.language}` : ""}
              </span>
            </button>
            {!n.read && (
              <button
                type="button"
                className="small"
                onClick={() => mark.one.mutate(n._id)}
                aria-label={`Mark read: ${n.actorName} on ${n.key}`}
              >
                Mark read
              </button>
            )}
          </li>
        ))}
      </ul>
      {list.hasNextPage && (
        <button type="button" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
          {list.isFetchingNextPage ? "Loading…" : "Show older"}
        </button>
      )}
    </div>
  );
}
