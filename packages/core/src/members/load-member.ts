import type { Tx } from "../activity/record-activity";
import { notFound } from "../errors/app-error";

/** A member of the given organization with its user; a user of another organization is "not found". */
export async function loadMember(tx: Tx, organizationId: string, userId: string) {
  const member = await tx.membership.findUnique({
    where: { organizationId_userId: { organizationId, userId } },
    include: { user: { select: { name: true, email: true } } },
  });
  if (!member) throw notFound("Member");
  return member;
}
