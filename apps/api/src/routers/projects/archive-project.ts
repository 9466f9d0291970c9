import { archiveProject } from "@locale/core";
import { authedProcedure } from "../../trpc/init";
import { ZProject, ZProjectIdInput } from "./projects.types";

export const archiveProjectProcedure = authedProcedure
  .meta({
    openapi: { method: "DELETE", path: "/projects/{id}", tags: ["Projects"], summary: "Archive a project (kept for the recovery period)" },
  })
  .input(ZProjectIdInput)
  .output(ZProject)
  .mutation(({ ctx, input }) => archiveProject(ctx.svc, input.id));
