import { router } from "../../trpc/init";
import { applyBulkEditProcedure } from "./apply-bulk-edit";
import { previewBulkEditProcedure } from "./preview-bulk-edit";

export const bulkEditsRouter = router({
  preview: previewBulkEditProcedure,
  run: applyBulkEditProcedure,
});
