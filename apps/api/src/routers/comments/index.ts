// The comment edit (PATCH .../comments/{commentId}) takes a bare JSON string body, which the
// OpenAPI adapter cannot express: it is the plain route rest/comment-edit-route.ts.
import { router } from "../../trpc/init";
import { createCommentProcedure } from "./create-comment";
import { deleteCommentProcedure } from "./delete-comment";
import { listCommentsProcedure } from "./list-comments";
import { listPeopleProcedure } from "./list-people";
import { resolveCommentProcedure } from "./resolve-comment";

export const commentsRouter = router({
  create: createCommentProcedure,
  list: listCommentsProcedure,
  people: listPeopleProcedure,
  delete: deleteCommentProcedure,
  resolve: resolveCommentProcedure,
});
