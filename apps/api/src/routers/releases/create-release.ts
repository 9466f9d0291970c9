import { createRelease } from "@locale/core/releases";
import { authedProcedure } from "../../trpc/init";
import { tags, ZCreateReleaseRequest, ZRelease } from "./releases.types";

export const createReleaseProcedure = authedProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/projects/{projectId}/releases",
      tags,
      summary: "Publish a new numbered release and point `latest` at it (owner/admin/developer, token scope releases:manage)",
    },
    successStatus: 201,
  })
  .input(ZCreateReleaseRequest)
  .output(ZRelease)
  .mutation(({ ctx, input }) => {
    const { projectId, ...settings } = input;
    return createRelease(ctx.svc, projectId, settings);
  });
