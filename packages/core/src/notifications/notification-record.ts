import type { Notification } from "@locale/db";
import { iso } from "../shared/dates";

export type NotificationKind = "mention" | "reply";

export interface NotificationRecord {
  _id: string;
  /** `mention`: the comment mentions you; `reply`: a reply in a thread you commented on. */
  kind: NotificationKind;
  read: boolean;
  readAt: string | null;
  created: string;
  projectId: string;
  projectName: string;
  keyId: string;
  key: string;
  namespace: string;
  language: string | null;
  commentId: string;
  actorId: string;
  actorName: string;
  excerpt: string;
  /** The key in the web editor, its side panel on the comments. */
  url: string;
}

export type NotificationRow = Notification & {
  project: { name: string };
  key: { key: string; namespace: string };
};

/** Joined on every read, so a renamed key or project shows its current name. */
export const NOTIFICATION_INCLUDE = {
  project: { select: { name: true } },
  key: { select: { key: true, namespace: true } },
} as const;

/** The editor's address for a key: `?key=` selects it and opens the side panel on its comments. */
export function editorUrlOf(publicUrl: string, projectId: string, keyId: string, language: string | null): string {
  const query = new URLSearchParams({ key: keyId });
  if (language) query.set("language", language);
  return `${publicUrl.replace(/\/+$/, "")}/projects/${encodeURIComponent(projectId)}?${query}#comments`;
}

export const toNotificationRecord = (n: NotificationRow, publicUrl: string): NotificationRecord => ({
  _id: n.id,
  kind: n.kind as NotificationKind,
  read: n.readAt !== null,
  readAt: n.readAt ? iso(n.readAt) : null,
  created: iso(n.createdAt),
  projectId: n.projectId,
  projectName: n.project.name,
  keyId: n.keyId,
  key: n.key.key,
  namespace: n.key.namespace,
  language: n.language,
  commentId: n.commentId,
  actorId: n.actorId,
  actorName: n.actorName,
  excerpt: n.excerpt,
  url: editorUrlOf(publicUrl, n.projectId, n.keyId, n.language),
});

/** Longest excerpt of the comment kept with a notification (and shown in its e-mail). */
export const EXCERPT_LENGTH = 200;

/** The comment's start on one line, cut at EXCERPT_LENGTH characters (never inside a surrogate pair). */
export function excerptOf(body: string): string {
  const line = body.replace(/\s+/g, " ").trim();
  const chars = [...line];
  return chars.length <= EXCERPT_LENGTH ? line : `${chars.slice(0, EXCERPT_LENGTH - 1).join("")}…`;
}
