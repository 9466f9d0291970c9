import { getRelease, listReleases } from "@locale/core/releases";
import { z } from "zod";
import { authedProcedure } from "../../trpc/init";
import { tags, ZProjectPath, ZRelease, ZVersionPath } from "./releases.types";

export const listReleasesProcedure = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/projects/{projectId}/releases",
      tags,
      summary: "The project's releases, newest first (a plain array)",
    },
  })
  .input(ZProjectPath)
  .output(z.array(ZRelease))
  .query(({ ctx, input }) => listReleases(ctx.svc, input.projectId));

export const getReleaseProcedure = authedProcedure
  .meta({ openapi: { method: "GET", path: "/projects/{projectId}/releases/{version}", tags, summary: "One release with its files" } })
  .input(ZVersionPath)
  .output(ZRelease)
  .query(({ ctx, input }) => getRelease(ctx.svc, input.projectId, input.version));
