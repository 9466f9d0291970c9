// The caller (`me`) and the organization record, through the same core services as REST.
import { getMe, type OrganizationRecord, type UserRecord } from "@locale/core";
import { type InvitationCreated, inviteMember } from "@locale/core/invitations";
import { listMembers, type MemberRecord, removeMember, updateMemberRole } from "@locale/core/members";
import {
  getOrganization,
  getOrganizationUsage,
  type OrganizationUsage,
  type QuotaUsageRecord,
  updateOrganization,
} from "@locale/core/organizations";
import { builder, svcOf } from "../builder";
import { parseProcedureInput } from "../procedure-input";
import { SuccessRef } from "./common";

const UserRef = builder.objectRef<UserRecord>("User").implement({
  fields: (t) => ({ id: t.exposeID("_id"), email: t.exposeString("email"), name: t.exposeString("name") }),
});

const OrganizationRef = builder.objectRef<OrganizationRecord>("Organization").implement({
  fields: (t) => ({
    id: t.exposeID("_id"),
    name: t.exposeString("name"),
    slug: t.exposeString("slug"),
    settings: t.expose("settings", { type: "JSON", description: "Settings; provider keys only as configured flags" }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

const QuotaUsageRef = builder.objectRef<QuotaUsageRecord>("QuotaUsage").implement({
  fields: (t) => ({
    dimension: t.exposeString("dimension"),
    code: t.exposeString("code", { description: "The code a refusal of this quota carries (extensions.issues[].code)" }),
    used: t.exposeFloat("used"),
    limit: t.exposeFloat("limit", { nullable: true, description: "null: unlimited" }),
  }),
});

const UsagePeriodRef = builder.objectRef<OrganizationUsage["period"]>("UsagePeriod").implement({
  fields: (t) => ({ start: t.expose("start", { type: "DateTime" }), end: t.expose("end", { type: "DateTime" }) }),
});

const OrganizationUsageRef = builder.objectRef<OrganizationUsage>("OrganizationUsage").implement({
  fields: (t) => ({
    quotas: t.field({ type: [QuotaUsageRef], resolve: (u) => u.quotas }),
    period: t.field({ type: UsagePeriodRef, description: "The month aiCharactersPerMonth counts (UTC)", resolve: (u) => u.period }),
  }),
});

const MeRef = builder.objectRef<{ user: UserRecord; organization: OrganizationRecord; role: string }>("Me").implement({
  fields: (t) => ({
    user: t.field({ type: UserRef, resolve: (m) => m.user }),
    organization: t.field({ type: OrganizationRef, resolve: (m) => m.organization }),
    role: t.exposeString("role"),
  }),
});

const MemberRef = builder.objectRef<MemberRecord>("Member").implement({
  fields: (t) => ({
    userId: t.exposeID("userId"),
    name: t.exposeString("name"),
    email: t.exposeString("email"),
    role: t.exposeString("role"),
    joinedAt: t.expose("joinedAt", { type: "DateTime" }),
  }),
});

const InvitationRef = builder.objectRef<InvitationCreated>("Invitation").implement({
  fields: (t) => ({
    id: t.exposeID("_id"),
    email: t.exposeString("email"),
    role: t.exposeString("role"),
    expiresAt: t.expose("expiresAt", { type: "DateTime" }),
    inviteUrl: t.exposeString("inviteUrl", { description: "Single-use link, also sent by e-mail" }),
    emailStatus: t.exposeString("emailStatus"),
  }),
});

builder.mutationFields((t) => ({
  inviteMember: t.field({
    type: InvitationRef,
    args: { email: t.arg.string({ required: true }), role: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => {
      const input = parseProcedureInput<Parameters<typeof inviteMember>[2] & { orgId: string }>("members.invite", {
        ...args,
        orgId: "current",
      });
      return inviteMember(svcOf(ctx), input.orgId, { email: input.email, role: input.role });
    },
  }),
  updateMemberRole: t.field({
    type: MemberRef,
    args: { userId: t.arg.id({ required: true }), role: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => {
      const input = parseProcedureInput<{ orgId: string; userId: string; role: Parameters<typeof updateMemberRole>[3] }>(
        "members.updateRole",
        { ...args, orgId: "current" },
      );
      return updateMemberRole(svcOf(ctx), input.orgId, input.userId, input.role);
    },
  }),
  removeMember: t.field({
    type: SuccessRef,
    args: { userId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => removeMember(svcOf(ctx), "current", String(args.userId)),
  }),
  updateOrganization: t.field({
    type: OrganizationRef,
    description: "Merges the given settings (unknown names are rejected), as PATCH /organizations/current",
    args: { name: t.arg.string(), settings: t.arg({ type: "JSON" }) },
    resolve: (_root, args, ctx) => {
      const input = parseProcedureInput<Parameters<typeof updateOrganization>[2] & { orgId: string }>("organizations.update", {
        ...args,
        orgId: "current",
      });
      return updateOrganization(svcOf(ctx), input.orgId, { name: input.name, settings: input.settings });
    },
  }),
}));

builder.queryFields((t) => ({
  members: t.field({ type: [MemberRef], resolve: (_root, _args, ctx) => listMembers(svcOf(ctx), "current") }),
  me: t.field({
    type: MeRef,
    description: "The caller: for an API key, the member who created it",
    resolve: (_root, _args, ctx) => getMe(svcOf(ctx)),
  }),
  organization: t.field({
    type: OrganizationRef,
    description: "The caller's organization with its settings (owner or admin, as in REST)",
    resolve: (_root, _args, ctx) => getOrganization(svcOf(ctx), "current"),
  }),
  organizationUsage: t.field({
    type: OrganizationUsageRef,
    description: "Usage against the operator's quotas (owner or admin), as GET /organizations/current/usage",
    resolve: (_root, _args, ctx) => getOrganizationUsage(svcOf(ctx), "current"),
  }),
}));
