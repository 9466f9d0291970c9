import { getDelivery, rollbackRelease, rotateDeliveryId } from "@locale/core/releases";
import { authedProcedure } from "../../trpc/init";
import { tags, ZDelivery, ZProjectPath, ZVersionPath } from "./releases.types";

export const getDeliveryProcedure = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/projects/{projectId}/delivery",
      tags,
      summary: "The release channel: delivery id, `latest`, public URL",
    },
  })
  .input(ZProjectPath)
  .output(ZDelivery)
  .query(({ ctx, input }) => getDelivery(ctx.svc, input.projectId));

export const rollbackReleaseProcedure = authedProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/projects/{projectId}/releases/{version}/rollback",
      tags,
      summary: "Point `latest` at this release (a rollback; a newer one rolls forward)",
    },
  })
  .input(ZVersionPath)
  .output(ZDelivery)
  .mutation(({ ctx, input }) => rollbackRelease(ctx.svc, input.projectId, input.version));

export const rotateDeliveryIdProcedure = authedProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/projects/{projectId}/delivery/rotate",
      tags,
      summary: "Replace the public delivery id; the previous one answers 404 from then on",
    },
  })
  .input(ZProjectPath)
  .output(ZDelivery)
  .mutation(({ ctx, input }) => rotateDeliveryId(ctx.svc, input.projectId));
