// Comments on a key, through the core comments service (same permissions and activity as REST).
import {
  type CommentRecord,
  createComment,
  deleteComment,
  listComments,
  toggleCommentResolved,
  updateComment,
} from "@locale/core/comments";
import { builder, svcOf } from "../builder";
import { parseProcedureInput } from "../procedure-input";
import { SuccessRef } from "./common";

const CommentRef = builder.objectRef<CommentRecord>("Comment").implement({
  fields: (t) => ({
    id: t.exposeID("_id"),
    keyId: t.exposeString("keyId"),
    projectId: t.exposeString("projectId"),
    language: t.exposeString("language", { nullable: true }),
    authorId: t.exposeString("authorId"),
    authorName: t.exposeString("authorName"),
    body: t.exposeString("body"),
    parentId: t.exposeString("parentId", { nullable: true }),
    mentions: t.exposeStringList("mentions", { description: "User ids of the members the comment mentions" }),
    resolved: t.exposeBoolean("resolved"),
    created: t.expose("created", { type: "DateTime" }),
  }),
});

builder.queryFields((t) => ({
  comments: t.field({
    type: [CommentRef],
    description: "All comments of the key, in creation order",
    args: { projectId: t.arg.id({ required: true }), keyId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => listComments(svcOf(ctx), { projectId: String(args.projectId), keyId: String(args.keyId) }),
  }),
}));

builder.mutationFields((t) => ({
  createComment: t.field({
    type: CommentRef,
    args: {
      projectId: t.arg.id({ required: true }),
      keyId: t.arg.id({ required: true }),
      body: t.arg.string({ required: true }),
      language: t.arg.string(),
      parentId: t.arg.id(),
      mentions: t.arg.stringList({ description: "User ids of members of the organization the comment mentions" }),
    },
    resolve: (_root, args, ctx) => {
      const { projectId, keyId, ...input } = parseProcedureInput<
        Parameters<typeof createComment>[2] & { projectId: string; keyId: string }
      >("comments.create", args);
      return createComment(svcOf(ctx), { projectId, keyId }, input);
    },
  }),
  updateComment: t.field({
    type: CommentRef,
    args: {
      projectId: t.arg.id({ required: true }),
      keyId: t.arg.id({ required: true }),
      commentId: t.arg.id({ required: true }),
      body: t.arg.string({ required: true }),
    },
    resolve: (_root, args, ctx) =>
      updateComment(
        svcOf(ctx),
        { projectId: String(args.projectId), keyId: String(args.keyId), commentId: String(args.commentId) },
        args.body,
      ),
  }),
  toggleCommentResolved: t.field({
    type: CommentRef,
    args: { projectId: t.arg.id({ required: true }), keyId: t.arg.id({ required: true }), commentId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) =>
      toggleCommentResolved(svcOf(ctx), {
        projectId: String(args.projectId),
        keyId: String(args.keyId),
        commentId: String(args.commentId),
      }),
  }),
  deleteComment: t.field({
    type: SuccessRef,
    args: { projectId: t.arg.id({ required: true }), keyId: t.arg.id({ required: true }), commentId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) =>
      deleteComment(svcOf(ctx), { projectId: String(args.projectId), keyId: String(args.keyId), commentId: String(args.commentId) }),
  }),
}));
