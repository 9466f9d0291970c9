import { updateProject } from "@locale/core";
import { authedProcedure } from "../../trpc/init";
import { ZProject, ZUpdateProjectRequest } from "./projects.types";

export const updateProjectProcedure = authedProcedure
  .meta({
    openapi: { method: "PATCH", path: "/projects/{id}", tags: ["Projects"], summary: "Update a project (only included fields change)" },
  })
  .input(ZUpdateProjectRequest)
  .output(ZProject)
  .mutation(({ ctx, input }) => {
    const { id, ...changes } = input;
    return updateProject(ctx.svc, id, changes);
  });
