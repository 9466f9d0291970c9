import type { Comment } from "@locale/db";
import { iso } from "../shared/dates";

export interface CommentRecord {
  _id: string;
  keyId: string;
  projectId: string;
  language: string | null;
  authorId: string;
  authorName: string;
  body: string;
  parentId: string | null;
  /** User ids of the members the comment mentions (@Name). */
  mentions: string[];
  resolved: boolean;
  created: string;
  updatedAt: string;
}

export const toCommentRecord = (c: Comment): CommentRecord => ({
  _id: c.id,
  keyId: c.keyId,
  projectId: c.projectId,
  language: c.language,
  authorId: c.authorId,
  authorName: c.authorName,
  body: c.body,
  parentId: c.parentId,
  mentions: c.mentions ?? [],
  resolved: c.resolved,
  created: iso(c.createdAt),
  updatedAt: iso(c.updatedAt),
});

/** Most members one comment may mention. */
export const MAX_MENTIONS = 20;

/** Longest accepted comment text. */
export const MAX_COMMENT_LENGTH = 10_000;
