// The caller (`me`) and the organization record, through the same core services as REST.
import { getMe, type OrganizationRecord, type UserRecord } from "@locale/core";
import { getOrganization } from "@locale/core/organizations";
import { builder, svcOf } from "../builder";

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

const MeRef = builder
  .objectRef<{ user: UserRecord; organization: OrganizationRecord; role: string }>("Me")
  .implement({
    fields: (t) => ({
      user: t.field({ type: UserRef, resolve: (m) => m.user }),
      organization: t.field({ type: OrganizationRef, resolve: (m) => m.organization }),
      role: t.exposeString("role"),
    }),
  });

builder.queryFields((t) => ({
  me: t.field({ type: MeRef, description: "The caller: for an API key, the member who created it", resolve: (_root, _args, ctx) => getMe(svcOf(ctx)) }),
  organization: t.field({
    type: OrganizationRef,
    description: "The caller's organization with its settings (owner or admin, as in REST)",
    resolve: (_root, _args, ctx) => getOrganization(svcOf(ctx), "current"),
  }),
}));
