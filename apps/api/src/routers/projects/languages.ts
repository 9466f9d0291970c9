import { addProjectLanguage, removeProjectLanguage } from "@locale/core";
import { z } from "zod";
import { authedProcedure } from "../../trpc/init";
import { ZProject } from "./projects.types";

export const addLanguageProcedure = authedProcedure
  .meta({ openapi: { method: "POST", path: "/projects/{id}/languages", tags: ["Projects"], summary: "Add a target language" } })
  .input(z.object({ id: z.string(), language: z.string().min(1).max(64) }))
  .output(ZProject)
  .mutation(({ ctx, input }) => addProjectLanguage(ctx.svc, input.id, input.language));

export const removeLanguageProcedure = authedProcedure
  .meta({
    openapi: {
      method: "DELETE",
      path: "/projects/{id}/languages/{lang}",
      tags: ["Projects"],
      summary: "Remove a target language (translations are kept)",
    },
  })
  .input(z.object({ id: z.string(), lang: z.string() }))
  .output(ZProject)
  .mutation(({ ctx, input }) => removeProjectLanguage(ctx.svc, input.id, input.lang));
