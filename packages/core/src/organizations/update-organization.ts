import type { Prisma } from "@locale/db";
import { type OrganizationRecord, toOrganization } from "../auth/records";
import type { ServiceContext } from "../context";
import { notFound } from "../errors/app-error";
import { canonicalLanguage } from "../shared/languages";
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
    if (name === "aiProviderKeys") continue;
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
  return next;
}
