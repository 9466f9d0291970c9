import { z } from "zod";
import { listComments } from "@locale/core/comments";
import { authedProcedure } from "../../trpc/init";
import { COMMENTS_PATH, commentTags, ZComment, ZKeyCommentsInput } from "./comments.types";

export const listCommentsProcedure = authedProcedure
  .meta({ openapi: { method: "GET", path: COMMENTS_PATH, tags: commentTags, summary: "All comments of the key, in creation order" } })
  .input(ZKeyCommentsInput)
  .output(z.array(ZComment))
  .query(({ ctx, input }) => listComments(ctx.svc, input));
