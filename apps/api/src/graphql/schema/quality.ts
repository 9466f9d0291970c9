// Quality-check settings (docs/quality-checks.md): the same core services and input validation
// as GET/PUT /projects/{projectId}/qa-settings.
import { getQaSettings, type QaSettingsInput, updateQaSettings } from "@locale/core/quality";
import { builder, svcOf } from "../builder";
import { parseProcedureInput } from "../procedure-input";

builder.queryFields((t) => ({
  qaSettings: t.field({
    type: "JSON",
    description: "The project's quality-check severities {checks, languages, format, effective, catalog}",
    args: { projectId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => getQaSettings(svcOf(ctx), String(args.projectId)),
  }),
}));

builder.mutationFields((t) => ({
  updateQaSettings: t.field({
    type: "JSON",
    description: "Replaces the quality-check severities (owner/admin; token scope qa:manage)",
    args: {
      projectId: t.arg.id({ required: true }),
      checks: t.arg({ type: "JSON", description: "Check id → off | warning | error" }),
      languages: t.arg({ type: "JSON", description: "Language → {check id → severity}" }),
      format: t.arg.string({ description: "File format whose escaping rules apply" }),
    },
    resolve: (_root, args, ctx) => {
      const { projectId, ...settings } = parseProcedureInput<QaSettingsInput & { projectId: string }>("quality.updateSettings", {
        projectId: String(args.projectId),
        checks: args.checks,
        languages: args.languages,
        format: args.format,
      });
      return updateQaSettings(svcOf(ctx), projectId, settings);
    },
  }),
}));
