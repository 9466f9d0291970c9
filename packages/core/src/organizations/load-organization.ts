import { assertOrgLevel, type Permission } from "../auth/permissions";
import type { ServiceContext } from "../context";
import { notFound } from "../errors/app-error";

/**
 * Tenant check for /organizations/:orgId routes: another organization's id is "not found", and a
 * project token reaches only glossary/TM reads at organization level.
 */
export function assertOrganization(ctx: ServiceContext, orgId: string, permission: Permission): void {
  if (orgId !== ctx.actor.organizationId && orgId !== "current") throw notFound("Organization");
  assertOrgLevel(ctx.actor, permission);
}
