import { updateQaSettings } from "@locale/core/quality";
import { authedProcedure } from "../../trpc/init";
import { ZQaSettings, ZUpdateQaSettingsRequest } from "./quality.types";

export const updateQaSettingsProcedure = authedProcedure
  .meta({
    openapi: {
      method: "PUT",
      path: "/projects/{projectId}/qa-settings",
      tags: ["Quality checks"],
      summary: "Replace the quality-check severities (owner/admin, token scope qa:manage)",
    },
  })
  .input(ZUpdateQaSettingsRequest)
  .output(ZQaSettings)
  .mutation(({ ctx, input }) => {
    const { projectId, ...settings } = input;
    return updateQaSettings(ctx.svc, projectId, settings);
  });
