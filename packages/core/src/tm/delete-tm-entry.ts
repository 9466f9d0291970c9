import type { ServiceContext } from "../context";
import { notFound } from "../errors/app-error";
import { assertOrganization } from "../organizations/load-organization";

export async function deleteTmEntry(ctx: ServiceContext, input: { orgId: string; entryId: string }): Promise<{ success: true }> {
  assertOrganization(ctx, input.orgId, "tm.write");
  const { count } = await ctx.db.prisma.tmEntry.deleteMany({ where: { id: input.entryId, organizationId: ctx.actor.organizationId } });
  if (count === 0) throw notFound("Translation memory entry");
  return { success: true };
}
