import { bulkCreateKeys } from "@locale/core/keys";
import { authedProcedure } from "../../trpc/init";
import { ZBulkCreateKeysRequest, ZBulkCreateKeysResponse } from "./keys.types";

export const bulkCreateKeysProcedure = authedProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/projects/{projectId}/keys/bulk",
      tags: ["Translation keys"],
      summary: "Create up to 1000 keys in one transaction (existing names are skipped)",
    },
  })
  .input(ZBulkCreateKeysRequest)
  .output(ZBulkCreateKeysResponse)
  .mutation(({ ctx, input }) => bulkCreateKeys(ctx.svc, input.projectId, input.keys));
