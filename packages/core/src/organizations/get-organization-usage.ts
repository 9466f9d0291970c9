// GET /organizations/:orgId/usage: what the organization uses of each quota the operator sets
// (docs/api-rules.md, "Quotas"), for its owner and admins.
import type { ServiceContext } from "../context";
import { QUOTA_DIMENSIONS, type QuotaDimension } from "../limits/quota-config";
import { currentMonth, organizationQuotaUsage, QUOTA_CODES } from "../limits/quota-usage";
import { iso } from "../shared/dates";
import { assertOrganization } from "./load-organization";

export interface QuotaUsageRecord {
  dimension: QuotaDimension;
  /** The code a refusal of this quota carries (`issues[].code`). */
  code: string;
  used: number;
  /** null: unlimited. */
  limit: number | null;
}

export interface OrganizationUsage {
  quotas: QuotaUsageRecord[];
  /** The month `aiCharactersPerMonth` counts (UTC): its first instant and the next month's. */
  period: { start: string; end: string };
}

export async function getOrganizationUsage(ctx: ServiceContext, orgId: string): Promise<OrganizationUsage> {
  assertOrganization(ctx, orgId, "organization.manage");
  const usage = await organizationQuotaUsage(ctx.db.prisma, ctx.config.quotas, ctx.actor.organizationId, QUOTA_DIMENSIONS);
  const start = currentMonth();
  const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
  return {
    quotas: usage.map((u) => ({ ...u, code: QUOTA_CODES[u.dimension] })),
    period: { start: iso(start), end: iso(end) },
  };
}
