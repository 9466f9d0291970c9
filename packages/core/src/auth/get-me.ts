import type { Role } from "@locale/db";
import type { ServiceContext } from "../context";
import { notFound } from "../errors/app-error";
import { type OrganizationRecord, toOrganization, toUser, type UserRecord } from "./records";

export async function getMe(ctx: ServiceContext): Promise<{ user: UserRecord; organization: OrganizationRecord; role: Role }> {
  const [user, org] = await Promise.all([
    ctx.db.prisma.user.findUnique({ where: { id: ctx.actor.userId } }),
    ctx.db.prisma.organization.findUnique({ where: { id: ctx.actor.organizationId } }),
  ]);
  if (!user || !org) throw notFound("User");
  return { user: toUser(user), organization: toOrganization(org), role: ctx.actor.role };
}
