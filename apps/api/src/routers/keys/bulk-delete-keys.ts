import { bulkDeleteKeys } from "@locale/core/keys";
import { authedProcedure } from "../../trpc/init";
import { ZBulkDeleteKeysRequest, ZBulkDeleteKeysResponse } from "./keys.types";

export const bulkDeleteKeysProcedure = authedProcedure
  .meta({
    openapi: {
      method: "DELETE",
      path: "/projects/{projectId}/keys/bulk",
      tags: ["Translation keys"],
      summary: "Delete up to 1000 keys in one transaction (JSON body {keyIds})",
    },
  })
  .input(ZBulkDeleteKeysRequest)
  .output(ZBulkDeleteKeysResponse)
  .mutation(({ ctx, input }) => bulkDeleteKeys(ctx.svc, input.projectId, input.keyIds));
