// Counting and holding quotas inside the transaction of the write that creates the counted thing.
// A write takes the organization's lock for that dimension first (a transaction-scoped advisory
// lock), so two concurrent writes cannot both pass on the last unit; nothing is locked or counted
// when no limit applies to the organization.
import { AppError } from "../errors/app-error";
import { sqlOf, type WriteTx } from "../shared/write-tx";
import { type QuotaConfig, type QuotaDimension, type QuotaLimits, quotaLimitsOf, quotaMayApply } from "./quota-config";

/** The machine-readable code of each dimension's refusal (`issues[].code`). */
export const QUOTA_CODES: Record<QuotaDimension, string> = {
  keys: "quota.keys",
  projects: "quota.projects",
  members: "quota.members",
  aiCharactersPerMonth: "quota.aiCharacters",
};

const NOUNS: Record<QuotaDimension, string> = {
  keys: "keys",
  projects: "projects",
  members: "members (open invitations included)",
  aiCharactersPerMonth: "AI characters this month",
};

/** 403 with the documented body; `issues[0].code` names the quota. */
export function quotaExceeded(dimension: QuotaDimension, limit: number): AppError {
  const message = `The organization's quota of ${limit} ${NOUNS[dimension]} is reached; ask the service's operator to raise it`;
  return new AppError("FORBIDDEN", message, [{ path: "", code: QUOTA_CODES[dimension], message }]);
}

type Reader = WriteTx;

/** The first day of the current month (UTC), as the `AiUsage.month` key. */
export function currentMonth(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** What an organization uses of each dimension now. */
export async function countUsage(db: Reader, organizationId: string, dimension: QuotaDimension): Promise<number> {
  const sql = sqlOf(db);
  // bigint: a number from Prisma, a string from pg; Number() reads both.
  let rows: { n: bigint | number | string | null }[];
  switch (dimension) {
    case "keys":
      // The per-project counts the Key triggers maintain: no scan of the keys.
      rows = await sql.query(
        `SELECT COALESCE(SUM(s."keyCount"), 0)::bigint AS n FROM "ProjectKeyStats" s
         JOIN "Project" p ON p."id" = s."projectId" WHERE p."organizationId" = $1`,
        [organizationId],
      );
      break;
    case "projects":
      // Archived projects count until they are deleted: they still hold their keys.
      rows = await sql.query(`SELECT count(*)::bigint AS n FROM "Project" WHERE "organizationId" = $1`, [organizationId]);
      break;
    case "members":
      // A seat is a member or an invitation still open.
      rows = await sql.query(
        `SELECT ((SELECT count(*) FROM "Membership" WHERE "organizationId" = $1)
           + (SELECT count(*) FROM "Invitation" WHERE "organizationId" = $1
                AND "acceptedAt" IS NULL AND "expiresAt" > now()))::bigint AS n`,
        [organizationId],
      );
      break;
    case "aiCharactersPerMonth":
      rows = await sql.query(`SELECT "characters" AS n FROM "AiUsage" WHERE "organizationId" = $1 AND "month" = $2::date`, [
        organizationId,
        currentMonth(),
      ]);
      break;
  }
  return Number(rows[0]?.n ?? 0);
}

async function organizationLimits(tx: Reader, config: QuotaConfig | undefined, organizationId: string): Promise<QuotaLimits> {
  if (!config || Object.keys(config.overrides).length === 0) return quotaLimitsOf(config, { id: organizationId });
  const [org] = await sqlOf(tx).query<{ slug: string }>(`SELECT "slug" FROM "Organization" WHERE "id" = $1`, [organizationId]);
  return quotaLimitsOf(config, { id: organizationId, slug: org?.slug });
}

export interface QuotaHold {
  organizationId: string;
  dimension: QuotaDimension;
  limit: number;
}

/**
 * Takes the organization's lock for `dimension` when a limit applies to it; null when none does
 * (then the write needs no check). Call before writing, inside the write's transaction.
 */
export async function holdQuota(
  tx: WriteTx,
  config: QuotaConfig | undefined,
  organizationId: string,
  dimension: QuotaDimension,
): Promise<QuotaHold | null> {
  if (!quotaMayApply(config, dimension)) return null;
  const limit = (await organizationLimits(tx, config, organizationId))[dimension];
  if (limit === null) return null;
  await sqlOf(tx).execute(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`quota:${dimension}:${organizationId}`]);
  return { organizationId, dimension, limit };
}

/** Refuses (403 `quota.<dimension>`) when usage plus `adding` would pass the held limit. */
export async function assertWithinQuota(tx: WriteTx, hold: QuotaHold | null, adding = 0): Promise<void> {
  if (!hold) return;
  const used = await countUsage(tx, hold.organizationId, hold.dimension);
  if (used + adding > hold.limit) throw quotaExceeded(hold.dimension, hold.limit);
}

/** Both steps at once, for a write that knows how many units it adds before writing. */
export async function reserveQuota(
  tx: WriteTx,
  config: QuotaConfig | undefined,
  organizationId: string,
  dimension: QuotaDimension,
  adding: number,
): Promise<void> {
  await assertWithinQuota(tx, await holdQuota(tx, config, organizationId, dimension), adding);
}

export interface QuotaUsage {
  dimension: QuotaDimension;
  used: number;
  /** null: unlimited. */
  limit: number | null;
}

/** Usage against limit of every dimension, for the organization's admins. */
export async function organizationQuotaUsage(
  db: Reader,
  config: QuotaConfig | undefined,
  organizationId: string,
  dimensions: readonly QuotaDimension[],
): Promise<QuotaUsage[]> {
  const limits = await organizationLimits(db, config, organizationId);
  const out: QuotaUsage[] = [];
  for (const dimension of dimensions) {
    out.push({ dimension, used: await countUsage(db, organizationId, dimension), limit: limits[dimension] });
  }
  return out;
}
