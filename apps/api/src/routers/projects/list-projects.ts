import { listProjects } from "@locale/core";
import { z } from "zod";
import { authedProcedure } from "../../trpc/init";
import { ZProject } from "./projects.types";

export const listProjectsProcedure = authedProcedure
  .meta({ openapi: { method: "GET", path: "/projects", tags: ["Projects"], summary: "The organization's projects (a plain array)" } })
  .input(z.object({ includeArchived: z.enum(["true", "false"]).optional().describe("Include archived projects") }))
  .output(z.array(ZProject))
  .query(({ ctx, input }) => listProjects(ctx.svc, { includeArchived: input.includeArchived === "true" }));
