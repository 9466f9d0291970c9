import type { ServiceContext } from "../context";
import { assertOrganization } from "../organizations/load-organization";
import { type MemberRecord, toMemberRecord } from "./member-record";

/** Every member of the caller's organization, oldest first (the owner who created it leads). */
export async function listMembers(ctx: ServiceContext, orgId: string): Promise<MemberRecord[]> {
  assertOrganization(ctx, orgId, "members.manage");
  const members = await ctx.db.prisma.membership.findMany({
    where: { organizationId: ctx.actor.organizationId },
    include: { user: { select: { name: true, email: true } } },
    orderBy: [{ joinedAt: "asc" }, { id: "asc" }],
  });
  return members.map(toMemberRecord);
}
