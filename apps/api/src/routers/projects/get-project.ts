import { getProject } from "@locale/core";
import { authedProcedure } from "../../trpc/init";
import { mappedOutput } from "../../trpc/mapped-output";
import { ZProject, ZProjectIdInput } from "./projects.types";

export const getProjectProcedure = mappedOutput(
  authedProcedure
    .meta({ openapi: { method: "GET", path: "/projects/{id}", tags: ["Projects"], summary: "Get a project" } })
    .input(ZProjectIdInput)
    .output(ZProject)
    .query(({ ctx, input }) => getProject(ctx.svc, input.id)),
);
