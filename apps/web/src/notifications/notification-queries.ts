// The inbox's queries: the unread count the bell shows (polled, so a mention shows up without a
// reload) and the cursor-paged list of the notifications screen.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { queries } from "../api/queries";
import { type RouterOutputs, trpc } from "../api/trpc";

export type Notification = RouterOutputs["notifications"]["list"]["data"][number];

/** How often the bell asks again (and on returning to the tab). */
const POLL_MS = 30_000;
const PAGE = 20;

export function useUnreadCount() {
  return useQuery({
    ...queries.notifications.unreadCount.queryOptions({}),
    select: (r) => r.unread,
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: true,
  });
}

export function useNotifications(unreadOnly: boolean) {
  const input = { limit: PAGE, ...(unreadOnly ? { unread: "true" as const } : {}) };
  return useInfiniteQuery({
    // Keyed by the input without the cursor: the pages are one query.
    queryKey: queries.notifications.list.queryKey(input),
    queryFn: ({ pageParam }) => trpc.notifications.list.query({ ...input, ...(pageParam ? { cursor: pageParam } : {}) }),
    initialPageParam: "" as string,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Marking read refreshes the bell and the list. */
export function useMarkRead() {
  const qc = useQueryClient();
  const refresh = () => void qc.invalidateQueries(queries.notifications.pathFilter());
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
