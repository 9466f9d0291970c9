// The inbox's queries: the unread count the bell shows (polled, so a mention shows up without a
// reload) and the cursor-paged list of the notifications screen.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type RouterOutputs, trpc } from "../api/trpc";

export type Notification = RouterOutputs["notifications"]["list"]["data"][number];

export const UNREAD_KEY = ["notifications", "unread"] as const;
const LIST_KEY = ["notifications", "list"] as const;

/** How often the bell asks again (and on returning to the tab). */
const POLL_MS = 30_000;
const PAGE = 20;

export function useUnreadCount() {
  return useQuery({
    queryKey: UNREAD_KEY,
    queryFn: async () => (await trpc.notifications.unreadCount.query({})).unread,
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: true,
  });
}

export function useNotifications(unreadOnly: boolean) {
  return useInfiniteQuery({
    queryKey: [...LIST_KEY, unreadOnly],
    queryFn: ({ pageParam }) =>
      trpc.notifications.list.query({
        limit: PAGE,
        ...(pageParam ? { cursor: pageParam } : {}),
        ...(unreadOnly ? { unread: "true" } : {}),
      }),
    initialPageParam: "" as string,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Marking read refreshes the bell and the list. */
export function useMarkRead() {
  const qc = useQueryClient();
  const refresh = () => void qc.invalidateQueries({ queryKey: ["notifications"] });
  const one = useMutation({
    mutationFn: (notificationId: string) => trpc.notifications.markRead.mutate({ notificationId }),
    onSuccess: refresh,
  });
  const all = useMutation({ mutationFn: () => trpc.notifications.markAllRead.mutate({}), onSuccess: refresh });
  return { one, all };
}

/** Where a notification opens: its key in the editor, the side panel on the comments (same origin). */
export function editorPathOf(n: Notification): string {
  const url = new URL(n.url);
  return `/projects/${encodeURIComponent(n.projectId)}${url.search}${url.hash}`;
}
