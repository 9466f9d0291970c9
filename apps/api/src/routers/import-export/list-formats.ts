import { FORMAT_IDS, listFormats } from "@locale/core/import-export";
import { z } from "zod";
import { authedProcedure } from "../../trpc/init";

export const listFormatsProcedure = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/projects/{projectId}/formats",
      tags: ["Import and export"],
      summary: "List the import/export file formats",
    },
  })
  .input(z.object({ projectId: z.string() }))
  .output(z.array(z.enum(FORMAT_IDS)))
  .query(({ ctx, input }) => listFormats(ctx.svc, input.projectId));
