import { type OrganizationRecord, toOrganization } from "../auth/records";
import type { ServiceContext } from "../context";
import { notFound } from "../errors/app-error";
import { assertOrganization } from "./load-organization";

/** The caller's organization with its settings (provider keys shown only as configured flags). */
export async function getOrganization(ctx: ServiceContext, orgId: string): Promise<OrganizationRecord> {
  assertOrganization(ctx, orgId, "organization.manage");
  const org = await ctx.db.prisma.organization.findUnique({ where: { id: ctx.actor.organizationId } });
  if (!org) throw notFound("Organization");
  return toOrganization(org);
}
