// Role changes, including ownership transfer: the owner sets another member to `owner` and becomes
// `admin` in the same transaction, so the organization always has exactly one owner.
import type { Role } from "@locale/db";
import { recordActivity } from "../activity/record-activity";
import type { ServiceContext } from "../context";
import { badRequest, forbidden } from "../errors/app-error";
import { assertOrganization } from "../organizations/load-organization";
import { loadMember } from "./load-member";
import { type MemberRecord, toMemberRecord } from "./member-record";

export async function updateMemberRole(ctx: ServiceContext, orgId: string, userId: string, role: Role): Promise<MemberRecord> {
  assertOrganization(ctx, orgId, "members.manage");
  const orgIdOfActor = ctx.actor.organizationId;
  return ctx.db.prisma.$transaction(async (tx) => {
    const target = await loadMember(tx, orgIdOfActor, userId);
    // The actor's role as stored now, not as resolved at the start of the request.
    const self = await loadMember(tx, orgIdOfActor, ctx.actor.userId);
    const isOwner = self.role === "owner";
    if (!isOwner && (target.role === "owner" || role === "owner")) throw forbidden();
    if (target.role === role) return toMemberRecord(target);
    if (target.role === "owner") {
      throw badRequest("role: the owner's role changes only by transferring ownership to another member", [
        { path: "role", message: "the owner's role changes only by transferring ownership to another member" },
      ]);
    }
    if (role === "owner") {
      // Step down first, conditionally: the row lock makes a concurrent transfer wait, and once it
      // re-reads the row it no longer finds an owner there, so it changes nothing.
      const stepped = await tx.membership.updateMany({ where: { id: self.id, role: "owner" }, data: { role: "admin" } });
      if (stepped.count !== 1) throw forbidden();
      await recordActivity(tx, ctx.actor, {
        action: "member.role_changed",
        targetId: self.userId,
        targetType: "member",
        metadata: {
          userId: self.userId,
          email: self.user.email,
          name: self.user.name,
          previousRole: "owner",
          role: "admin",
          ownershipTransferredTo: target.userId,
        },
      });
    }
    const updated = await tx.membership.update({
      where: { id: target.id },
      data: { role },
      include: { user: { select: { name: true, email: true } } },
    });
    await recordActivity(tx, ctx.actor, {
      action: "member.role_changed",
      targetId: target.userId,
      targetType: "member",
      metadata: { userId: target.userId, email: target.user.email, name: target.user.name, previousRole: target.role, role },
    });
    return toMemberRecord(updated);
  });
}
