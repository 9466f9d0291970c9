import type { Prisma } from "@locale/db";
import { EMPTY_AI_CONFIG } from "../ai/ai-config";
import { type OrganizationRecord, toOrganization } from "../auth/records";
import type { ServiceContext } from "../context";
import { AppError, badRequest, notFound } from "../errors/app-error";
import { endpointProblem } from "../mt/resolve-mt-engines";
import { canonicalLanguage } from "../shared/languages";
import { assertWebhookTargetAllowed } from "../webhooks/webhook-address";
import { assertOrganization } from "./load-organization";
import type { TOrganizationSettingsPatch } from "./organization-settings";

export interface UpdateOrganizationInput {
  name?: string;
  settings?: TOrganizationSettingsPatch;
}

type StoredSettings = Record<string, unknown> & { aiProviderKeys?: Record<string, string> };

/** Merges the given settings into the stored ones (null removes a setting) and renames. */
export async function updateOrganization(ctx: ServiceContext, orgId: string, input: UpdateOrganizationInput): Promise<OrganizationRecord> {
  assertOrganization(ctx, orgId, "organization.manage");
  const patch = { ...(input.settings ?? {}) };
  if (typeof patch.defaultSourceLanguage === "string") {
    patch.defaultSourceLanguage = canonicalLanguage(patch.defaultSourceLanguage, "settings.defaultSourceLanguage");
  }
  const allowHttp = (ctx.config.ai ?? EMPTY_AI_CONFIG).mt.allowHttpEndpoints;
  for (const [engine, key] of Object.entries(patch.mtEngineKeys ?? {})) {
    if (!key?.endpoint) continue;
    const path = `settings.mtEngineKeys.${engine}.endpoint`;
    let problem = endpointProblem(key.endpoint, allowHttp);
    if (!problem) {
      // The same address rules as webhook targets: an organization must not reach the internal network.
      try {
        await assertWebhookTargetAllowed(key.endpoint, ctx.config.webhookAllowedHosts ?? []);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        problem = err.message.replace(/^url: /, "");
      }
    }
    if (problem) throw badRequest(`${path}: ${problem}`, [{ path, message: problem }]);
  }
  const org = await ctx.db.prisma.$transaction(async (tx) => {
    // Read-merge-write in one transaction, so concurrent PATCHes of different settings both stick.
    const current = await tx.organization.findUnique({ where: { id: ctx.actor.organizationId } });
    if (!current) throw notFound("Organization");
    const settings = mergeSettings((current.settings ?? {}) as StoredSettings, patch);
    return tx.organization.update({
      where: { id: current.id },
      data: { settings: settings as Prisma.InputJsonValue, ...(input.name !== undefined ? { name: input.name } : {}) },
    });
  });
  return toOrganization(org);
}

function mergeSettings(stored: StoredSettings, patch: TOrganizationSettingsPatch): StoredSettings {
  const next: StoredSettings = { ...stored };
  for (const [name, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (name === "aiProviderKeys" || name === "mtEngineKeys") continue;
    if (value === null) delete next[name];
    else next[name] = value;
  }
  if (patch.aiProviderKeys !== undefined) {
    const keys: Record<string, string> = patch.aiProviderKeys === null ? {} : { ...(stored.aiProviderKeys ?? {}) };
    for (const [provider, key] of Object.entries(patch.aiProviderKeys ?? {})) {
      if (key === undefined) continue;
      if (key === null || key.trim() === "") delete keys[provider];
      else keys[provider] = key.trim();
    }
    if (Object.keys(keys).length) next.aiProviderKeys = keys;
    else delete next.aiProviderKeys;
  }
  if (patch.mtEngineKeys !== undefined) {
    const stored = (next.mtEngineKeys ?? {}) as Record<string, unknown>;
    const keys: Record<string, unknown> = patch.mtEngineKeys === null ? {} : { ...stored };
    for (const [engine, key] of Object.entries(patch.mtEngineKeys ?? {})) {
      if (key === undefined) continue;
      if (key === null) delete keys[engine];
      else keys[engine] = key;
    }
    if (Object.keys(keys).length) next.mtEngineKeys = keys;
    else delete next.mtEngineKeys;
  }
  return next;
}
