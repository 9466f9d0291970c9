import { bulkUpdateKeys } from "@locale/core/keys";
import { authedProcedure } from "../../trpc/init";
import { ZBulkUpdateKeysRequest, ZBulkUpdateKeysResponse } from "./keys.types";

export const bulkUpdateKeysProcedure = authedProcedure
  .meta({
    errors: { 409: "A new name was taken concurrently (retry)" },
    openapi: {
      method: "PATCH",
      path: "/projects/{projectId}/keys/bulk",
      tags: ["Translation keys"],
      summary: "Update up to 1000 keys in one transaction",
    },
  })
  .input(ZBulkUpdateKeysRequest)
  .output(ZBulkUpdateKeysResponse)
  .mutation(({ ctx, input }) => bulkUpdateKeys(ctx.svc, input.projectId, input.keys));
