import type { Glossary, GlossaryTerm } from "@locale/db";
import type { Tx } from "../activity/record-activity";
import type { Permission } from "../auth/permissions";
import type { ServiceContext } from "../context";
import { notFound } from "../errors/app-error";
import { assertOrganization } from "../organizations/load-organization";

/** Tenant check + lookup: a glossary of another organization is "not found". */
export async function loadGlossary(
  ctx: ServiceContext,
  orgId: string,
  glossaryId: string,
  permission: Permission,
  db: Tx = ctx.db.prisma,
): Promise<Glossary> {
  assertOrganization(ctx, orgId, permission);
  const glossary = await db.glossary.findFirst({ where: { id: glossaryId, organizationId: ctx.actor.organizationId } });
  if (!glossary) throw notFound("Glossary");
  return glossary;
}

export async function loadGlossaryTerm(
  ctx: ServiceContext,
  orgId: string,
  termId: string,
  permission: Permission,
  db: Tx = ctx.db.prisma,
): Promise<GlossaryTerm> {
  assertOrganization(ctx, orgId, permission);
  const term = await db.glossaryTerm.findFirst({ where: { id: termId, organizationId: ctx.actor.organizationId } });
  if (!term) throw notFound("Glossary term");
  return term;
}
