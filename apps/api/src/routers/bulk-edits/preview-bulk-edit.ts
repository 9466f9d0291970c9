import { previewBulkEdit } from "@locale/core/bulk-edits";
import { authedProcedure } from "../../trpc/init";
import { ZBulkEditRequest, ZBulkPreview } from "./bulk-edits.types";

export const previewBulkEditProcedure = authedProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/projects/{projectId}/bulk-edits/preview",
      tags: ["Bulk edits"],
      summary: "What a bulk edit would change (counts per language, samples, refusals); writes nothing",
    },
  })
  .input(ZBulkEditRequest)
  .output(ZBulkPreview)
  .mutation(({ ctx, input }) => previewBulkEdit(ctx.svc, input.projectId, { selection: input.selection, operation: input.operation }));
