import { applyBulkEdit } from "@locale/core/bulk-edits";
import { authedProcedure } from "../../trpc/init";
import { ZBulkApplyRequest, ZBulkResult } from "./bulk-edits.types";

export const applyBulkEditProcedure = authedProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/projects/{projectId}/bulk-edits/apply",
      tags: ["Bulk edits"],
      summary: "Apply a bulk edit in one transaction (one history entry per value; refused and conflicting values reported)",
    },
  })
  .input(ZBulkApplyRequest)
  .output(ZBulkResult)
  .mutation(({ ctx, input }) =>
    applyBulkEdit(ctx.svc, input.projectId, {
      selection: input.selection,
      operation: input.operation,
      ...(input.token !== undefined ? { token: input.token } : {}),
    }),
  );
