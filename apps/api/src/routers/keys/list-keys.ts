import { listKeys } from "@locale/core/keys";
import { authedProcedure } from "../../trpc/init";
import { hasCommentsFilter, ZKeyPage, ZListKeysRequest } from "./keys.types";

export const listKeysProcedure = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/projects/{projectId}/keys",
      tags: ["Translation keys"],
      summary: "Keys of a project, paginated and filterable",
    },
  })
  .input(ZListKeysRequest)
  .output(ZKeyPage)
  .query(({ ctx, input }) => {
    const { projectId, hasComments, ...query } = input;
    return listKeys(ctx.svc, projectId, { ...query, ...hasCommentsFilter(hasComments) });
  });
