import { createProject } from "@locale/core";
import { authedProcedure } from "../../trpc/init";
import { ZCreateProjectRequest, ZProject } from "./projects.types";

export const createProjectProcedure = authedProcedure
  .meta({ openapi: { method: "POST", path: "/projects", tags: ["Projects"], summary: "Create a project" }, successStatus: 201 })
  .input(ZCreateProjectRequest)
  .output(ZProject)
  .mutation(({ ctx, input }) => createProject(ctx.svc, input));
