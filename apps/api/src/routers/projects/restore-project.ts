import { restoreProject } from "@locale/core";
import { authedProcedure } from "../../trpc/init";
import { ZProject, ZProjectIdInput } from "./projects.types";

export const restoreProjectProcedure = authedProcedure
  .meta({ openapi: { method: "POST", path: "/projects/{id}/restore", tags: ["Projects"], summary: "Restore an archived project" } })
  .input(ZProjectIdInput)
  .output(ZProject)
  .mutation(({ ctx, input }) => restoreProject(ctx.svc, input.id));
