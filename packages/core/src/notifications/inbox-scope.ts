// Whose notifications a caller sees: their own, in the organization they are signed in to (the
// session or token is bound to one), and for a project token only those of its project. Removing a
// member deletes their notifications of that organization (removeMember), and a removed member's
// credentials stop working, so nobody reads another's inbox or one of an organization they left.
import type { Prisma } from "@locale/db";
import { assertCan, type Permission } from "../auth/permissions";
import type { ServiceContext } from "../context";

export function inboxWhere(ctx: ServiceContext, permission: Permission): Prisma.NotificationWhereInput {
  assertCan(ctx.actor, permission);
  return {
    userId: ctx.actor.userId,
    organizationId: ctx.actor.organizationId,
    ...(ctx.actor.projectId ? { projectId: ctx.actor.projectId } : {}),
  };
}
