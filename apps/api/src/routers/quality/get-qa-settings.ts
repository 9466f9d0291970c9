import { getQaSettings } from "@locale/core/quality";
import { authedProcedure } from "../../trpc/init";
import { ZQaSettings, ZQaSettingsPath } from "./quality.types";

export const getQaSettingsProcedure = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/projects/{projectId}/qa-settings",
      tags: ["Quality checks"],
      summary: "The project's quality-check severities, effective per language, with the catalogue of checks",
    },
  })
  .input(ZQaSettingsPath)
  .output(ZQaSettings)
  .query(({ ctx, input }) => getQaSettings(ctx.svc, input.projectId));
