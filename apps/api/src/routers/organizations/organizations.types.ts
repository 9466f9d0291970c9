import { QUOTA_DIMENSIONS } from "@locale/core/limits";
import { AI_PROVIDERS, ZOrganizationSettingsPatch } from "@locale/core/organizations";
import { z } from "zod";

export const ZOrganizationSettings = z.object({
  defaultSourceLanguage: z.string().optional(),
  aiProvider: z.string().optional().describe(AI_PROVIDERS.join(" or ")),
  defaultTranslationWorkflow: z.string().optional(),
  toneInstructions: z.string().optional(),
  tmAutoAdd: z.boolean().describe("Approved translations feed the translation memory (default true)"),
  aiProvidersConfigured: z
    .object({ provider_a: z.boolean(), provider_b: z.boolean() })
    .describe("Which organization-level provider keys are set (the keys themselves are write-only)"),
  mtEnginesConfigured: z
    .object({ deepl: z.boolean(), google: z.boolean(), azure: z.boolean(), amazon: z.boolean() })
    .describe("Which organization-level MT engine keys are set (keys, secrets and endpoints are write-only)"),
});

export const ZOrganizationRecord = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  settings: ZOrganizationSettings,
  createdAt: z.string(),
});

export const ZQuotaUsage = z.object({
  dimension: z.enum(QUOTA_DIMENSIONS),
  code: z.string().describe("The code a refusal of this quota carries in `issues[].code` (403)"),
  used: z.number().int(),
  limit: z.number().int().nullable().describe("null: unlimited"),
});

export const ZOrganizationUsage = z.object({
  quotas: z.array(ZQuotaUsage),
  period: z
    .object({ start: z.string(), end: z.string() })
    .describe("The calendar month (UTC) aiCharactersPerMonth counts: its first instant and the next month's"),
});

export const ZOrgIdInput = z.object({ orgId: z.string().describe('Organization id, or the literal "current"') });

export const ZUpdateOrganizationRequest = ZOrgIdInput.extend({
  name: z.string().trim().min(1).max(200).optional(),
  settings: ZOrganizationSettingsPatch.optional().describe(
    "Merged into the stored settings; null removes a setting; unknown names are refused",
  ),
}).strict();
