import { deleteRelease } from "@locale/core/releases";
import { ZSuccess } from "../../schemas/common";
import { authedProcedure } from "../../trpc/init";
import { tags, ZVersionPath } from "./releases.types";

export const deleteReleaseProcedure = authedProcedure
  .meta({
    openapi: {
      method: "DELETE",
      path: "/projects/{projectId}/releases/{version}",
      tags,
      summary: "Delete a release (never the one `latest` serves)",
    },
    errors: { 409: "`latest` points at this release (roll back first), or the project is archived" },
  })
  .input(ZVersionPath)
  .output(ZSuccess)
  .mutation(({ ctx, input }) => deleteRelease(ctx.svc, input.projectId, input.version));
