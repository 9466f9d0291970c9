import type { ServiceContext } from "../context";
import { assertOrganization } from "../organizations/load-organization";
import { type GlossaryRecord, toGlossaryRecord } from "./glossary-record";

export async function listGlossaries(ctx: ServiceContext, input: { orgId: string }): Promise<GlossaryRecord[]> {
  assertOrganization(ctx, input.orgId, "glossary.read");
  const glossaries = await ctx.db.prisma.glossary.findMany({
    where: { organizationId: ctx.actor.organizationId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return glossaries.map(toGlossaryRecord);
}
