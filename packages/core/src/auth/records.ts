// API shapes of users and organizations (never the password hash, never provider keys).
import type { Organization, User } from "@locale/db";
import { iso } from "../shared/dates";

export interface UserRecord {
  _id: string;
  email: string;
  name: string;
}

export interface OrganizationSettingsRecord {
  defaultSourceLanguage?: string;
  aiProvider?: string;
  defaultTranslationWorkflow?: string;
  toneInstructions?: string;
  tmAutoAdd: boolean;
  aiProvidersConfigured: { provider_a: boolean; provider_b: boolean };
  mtEnginesConfigured: { deepl: boolean; google: boolean; azure: boolean; amazon: boolean };
  [key: string]: unknown;
}

export interface OrganizationRecord {
  _id: string;
  name: string;
  slug: string;
  settings: OrganizationSettingsRecord;
  createdAt: string;
}

export const toUser = (u: User): UserRecord => ({ _id: u.id, email: u.email, name: u.name });

export function toOrganization(o: Organization): OrganizationRecord {
  const { aiProviderKeys, mtEngineKeys, ...rest } = (o.settings ?? {}) as Record<string, unknown>;
  const mt = (mtEngineKeys ?? {}) as Record<string, unknown>;
  const keys = (aiProviderKeys ?? {}) as { provider_a?: string; provider_b?: string };
  return {
    _id: o.id,
    name: o.name,
    slug: o.slug,
    settings: {
      tmAutoAdd: true,
      ...rest,
      aiProvidersConfigured: { provider_a: !!keys.provider_a, provider_b: !!keys.provider_b },
      mtEnginesConfigured: { deepl: !!mt.deepl, google: !!mt.google, azure: !!mt.azure, amazon: !!mt.amazon },
    },
    createdAt: iso(o.createdAt),
  };
}
