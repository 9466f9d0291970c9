import { MAX_COMMENT_LENGTH, MAX_MENTIONS } from "@locale/core/comments";
import { z } from "zod";

export const ZComment = z.object({
  _id: z.string(),
  keyId: z.string(),
  projectId: z.string(),
  language: z.string().nullable().describe("Set when the comment is about one language; null for the key as a whole"),
  authorId: z.string(),
  authorName: z.string(),
  body: z.string(),
  parentId: z.string().nullable().describe("Parent comment (same key) for threaded replies"),
  mentions: z.array(z.string()).describe("User ids of the members the comment mentions (see GET /projects/{projectId}/people)"),
  resolved: z.boolean(),
  created: z.string(),
  updatedAt: z.string(),
});

export const ZKeyCommentsInput = z.object({ projectId: z.string(), keyId: z.string() });
export const ZCommentInput = ZKeyCommentsInput.extend({ commentId: z.string() });

export const ZCreateCommentRequest = ZKeyCommentsInput.extend({
  body: z.string().min(1).max(MAX_COMMENT_LENGTH),
  language: z.string().min(1).max(64).nullable().optional(),
  parentId: z.string().min(1).nullable().optional(),
  mentions: z
    .array(z.string().min(1).max(100))
    .max(MAX_MENTIONS)
    .optional()
    .describe("User ids of members of the organization the comment mentions (@Name in the body); stored with the comment"),
});

export const COMMENTS_PATH = "/projects/{projectId}/keys/{keyId}/comments";
export const commentTags = ["Comments"];
