// Per-organization quotas the operator sets (docs/api-rules.md, "Quotas"): defaults from
// QUOTA_<DIMENSION> and per-organization overrides from QUOTA_OVERRIDES, a JSON object keyed by
// organization id or slug. Unset means unlimited. The api and the worker read the same settings.

export const QUOTA_DIMENSIONS = ["keys", "projects", "members", "aiCharactersPerMonth"] as const;
export type QuotaDimension = (typeof QUOTA_DIMENSIONS)[number];

/** A limit per dimension; null: unlimited. */
export type QuotaLimits = Record<QuotaDimension, number | null>;

export interface QuotaConfig {
  defaults: QuotaLimits;
  /** Keyed by organization id or slug; a dimension given here (null included) replaces the default. */
  overrides: Record<string, Partial<QuotaLimits>>;
}

/** The environment variable holding each dimension's default. */
export const QUOTA_SETTINGS: Record<QuotaDimension, string> = {
  keys: "QUOTA_KEYS",
  projects: "QUOTA_PROJECTS",
  members: "QUOTA_MEMBERS",
  aiCharactersPerMonth: "QUOTA_AI_CHARACTERS_PER_MONTH",
};

export const UNLIMITED: QuotaLimits = { keys: null, projects: null, members: null, aiCharactersPerMonth: null };
export const NO_QUOTAS: QuotaConfig = { defaults: UNLIMITED, overrides: {} };

function limitOf(value: unknown, where: string): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") {
    const v = value.trim();
    if (v === "" || v === "unlimited") return null;
    if (!/^\d+$/.test(v)) throw new Error(`${where}: expected a whole number of 0 or more, or "unlimited"; got "${value}"`);
    return Number(v);
  }
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return value;
  throw new Error(`${where}: expected a whole number of 0 or more, or null for unlimited`);
}

/** Reads QUOTA_* from the environment; throws a message naming the setting on a bad value. */
export function quotaConfigFromEnv(env: Record<string, unknown>): QuotaConfig {
  const defaults = { ...UNLIMITED };
  for (const dimension of QUOTA_DIMENSIONS) {
    const name = QUOTA_SETTINGS[dimension];
    defaults[dimension] = limitOf(env[name], name);
  }
  const overrides: QuotaConfig["overrides"] = {};
  const raw = typeof env.QUOTA_OVERRIDES === "string" ? env.QUOTA_OVERRIDES.trim() : "";
  if (raw) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw new Error("QUOTA_OVERRIDES: expected a JSON object keyed by organization id or slug");
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
      throw new Error("QUOTA_OVERRIDES: expected a JSON object keyed by organization id or slug");
    }
    for (const [org, limits] of Object.entries(parsed)) {
      if (typeof limits !== "object" || limits === null || Array.isArray(limits)) {
        throw new Error(`QUOTA_OVERRIDES.${org}: expected an object of limits`);
      }
      const entry: Partial<QuotaLimits> = {};
      for (const [dimension, value] of Object.entries(limits)) {
        if (!(QUOTA_DIMENSIONS as readonly string[]).includes(dimension)) {
          throw new Error(`QUOTA_OVERRIDES.${org}.${dimension}: unknown quota; expected one of ${QUOTA_DIMENSIONS.join(", ")}`);
        }
        entry[dimension as QuotaDimension] = limitOf(value, `QUOTA_OVERRIDES.${org}.${dimension}`);
      }
      overrides[org] = entry;
    }
  }
  return { defaults, overrides };
}

/** The limits that hold for one organization: its override (by id, then slug) over the defaults. */
export function quotaLimitsOf(config: QuotaConfig | undefined, org: { id: string; slug?: string }): QuotaLimits {
  if (!config) return UNLIMITED;
  const override = config.overrides[org.id] ?? (org.slug !== undefined ? config.overrides[org.slug] : undefined);
  return { ...config.defaults, ...override };
}

/** Whether any organization may have a finite limit on this dimension (else nothing is counted). */
export function quotaMayApply(config: QuotaConfig | undefined, dimension: QuotaDimension): boolean {
  if (!config) return false;
  if (config.defaults[dimension] !== null) return true;
  return Object.values(config.overrides).some((o) => o[dimension] !== undefined && o[dimension] !== null);
}
