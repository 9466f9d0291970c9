import { z } from "zod";

const ZSeverity = z.enum(["off", "warning", "error"]);
const ZSeverities = z.record(z.string(), ZSeverity).describe("Check id → severity; checks not named keep their default");

export const ZQaSettings = z
  .object({
    checks: ZSeverities,
    languages: z.record(z.string(), ZSeverities).describe("Per-language overrides, by language code"),
    format: z.string().nullable().describe("The file format whose escaping rules format_escaping applies (null: none)"),
    effective: z.record(z.string(), z.record(z.string(), ZSeverity)).describe("Each project language's severity of every check"),
    catalog: z.array(z.object({ id: z.string(), description: z.string(), defaultSeverity: ZSeverity })),
    recheck: z
      .object({
        status: z.enum(["queued", "running", "completed"]),
        generation: z.number().int().describe("How many settings changes started a recheck"),
        total: z.number().int().describe("Translations with a value when the recheck started"),
        checked: z.number().int(),
        changed: z.number().int().describe("Translations whose stored issues changed"),
        requestedAt: z.string(),
        finishedAt: z.string().nullable(),
      })
      .nullable()
      .describe("The background recheck of stored issues the last settings change started (null: none yet)"),
  })
  .meta({ id: "QaSettings" });

export const ZQaSettingsPath = z.object({ projectId: z.string() });

export const ZUpdateQaSettingsRequest = ZQaSettingsPath.extend({
  checks: ZSeverities.optional(),
  languages: z.record(z.string().max(100), ZSeverities).optional(),
  format: z.string().max(50).nullable().optional(),
});
