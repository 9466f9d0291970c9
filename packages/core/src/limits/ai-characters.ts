// The AI characters quota: every provider call charges the source text's characters to the
// organization's month (one atomic statement, also when no limit applies, so admins see usage);
// the statement refuses the charge instead when it would pass the limit, across every process.
import type { Database } from "@locale/db";
import { type QuotaConfig, quotaLimitsOf } from "./quota-config";
import { countUsage, currentMonth, quotaExceeded } from "./quota-usage";

/** Characters a text counts for: Unicode code points. */
export function aiCharactersOf(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** Charges `characters` to this month, or throws 403 `quota.aiCharacters` when that would pass the limit. */
async function aiCharacterLimit(db: Database, config: QuotaConfig | undefined, organizationId: string): Promise<number | null> {
  if (!config) return null;
  const needSlug = Object.keys(config.overrides).length > 0;
  const org = needSlug
    ? await db.prisma.organization.findUnique({ where: { id: organizationId }, select: { id: true, slug: true } })
    : null;
  return quotaLimitsOf(config, org ?? { id: organizationId }).aiCharactersPerMonth;
}

/** Refuses a batch up front (403 `quota.aiCharacters`) when the month's characters are spent. */
export async function assertAiCharactersLeft(db: Database, config: QuotaConfig | undefined, organizationId: string): Promise<void> {
  const limit = await aiCharacterLimit(db, config, organizationId);
  if (limit === null) return;
  if ((await countUsage(db.prisma, organizationId, "aiCharactersPerMonth")) >= limit) {
    throw quotaExceeded("aiCharactersPerMonth", limit);
  }
}

export async function chargeAiCharacters(
  db: Database,
  config: QuotaConfig | undefined,
  organizationId: string,
  characters: number,
): Promise<void> {
  const limit = await aiCharacterLimit(db, config, organizationId);
  const rows = await db.prisma.$queryRaw<{ characters: bigint }[]>`
    INSERT INTO "AiUsage" ("organizationId", "month", "characters")
    SELECT ${organizationId}, ${currentMonth()}::date, ${characters}::bigint
    WHERE ${limit}::bigint IS NULL OR ${characters}::bigint <= ${limit}::bigint
    ON CONFLICT ("organizationId", "month") DO UPDATE SET "characters" = "AiUsage"."characters" + EXCLUDED."characters"
    WHERE ${limit}::bigint IS NULL OR "AiUsage"."characters" + EXCLUDED."characters" <= ${limit}::bigint
    RETURNING "characters"`;
  if (rows.length === 0) throw quotaExceeded("aiCharactersPerMonth", limit ?? 0);
}
