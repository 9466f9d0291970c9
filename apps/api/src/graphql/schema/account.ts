// The signed-in person's own account: password change and sessions (a session only; an API key
// gets FORBIDDEN, as on REST). Sign-in, sign-up and password reset are REST-only, as GraphQL has
// no public operations. GraphQL cannot clear the cookie: after revoking the current session or
// signing out everywhere, the browser's cookie is simply no longer accepted.
import {
  changePassword,
  type IdentityRecord,
  listIdentities,
  listSessions,
  logOutEverywhere,
  revokeOwnSession,
  type SessionRecord,
} from "@locale/core/auth";
import { builder, svcOf } from "../builder";
import { parseProcedureInput } from "../procedure-input";
import { SuccessRef } from "./common";

const AccountSessionRef = builder.objectRef<SessionRecord>("AccountSession").implement({
  description: "One of the signed-in person's active sessions",
  fields: (t) => ({
    id: t.exposeID("_id"),
    method: t.exposeString("method", { description: 'How it was opened: "password", "signup", "invitation", "oidc:<provider id>"' }),
    userAgent: t.exposeString("userAgent", { nullable: true }),
    ipAddress: t.exposeString("ipAddress", { nullable: true, description: "The client address at sign-in" }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    lastSeenAt: t.expose("lastSeenAt", { type: "DateTime", description: "Updated at most once an hour" }),
    expiresAt: t.expose("expiresAt", { type: "DateTime" }),
    current: t.exposeBoolean("current", { description: "The session of this request" }),
  }),
});

const IdentityRef = builder.objectRef<IdentityRecord>("LinkedIdentity").implement({
  description: "An identity provider linked to the signed-in person's account",
  fields: (t) => ({
    provider: t.exposeString("provider", { description: "The configured provider's id" }),
    email: t.exposeString("email", { description: "The e-mail the provider last gave for this account" }),
    linkedAt: t.expose("linkedAt", { type: "DateTime" }),
    lastLoginAt: t.expose("lastLoginAt", { type: "DateTime", nullable: true }),
  }),
});

const LogOutEverywhereRef = builder.objectRef<{ success: true; revoked: number }>("LogOutEverywhereResult").implement({
  fields: (t) => ({
    success: t.exposeBoolean("success"),
    revoked: t.exposeInt("revoked", { description: "Sessions ended, this one included" }),
  }),
});

builder.queryFields((t) => ({
  sessions: t.field({
    type: [AccountSessionRef],
    description: "The signed-in person's active sessions in every organization, newest first (a session only)",
    resolve: async (_root, _args, ctx) => (await listSessions(svcOf(ctx))).items,
  }),
  identities: t.field({
    type: [IdentityRef],
    description: "Identity providers linked to the signed-in person's account (a session only)",
    resolve: async (_root, _args, ctx) => (await listIdentities(svcOf(ctx))).items,
  }),
}));

builder.mutationFields((t) => ({
  changePassword: t.field({
    type: SuccessRef,
    description: "Changes the signed-in person's password; ends every other session (a session only)",
    args: { currentPassword: t.arg.string({ required: true }), newPassword: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const svc = svcOf(ctx);
      await changePassword(svc, parseProcedureInput("auth.changePassword", args));
      return { success: true as const };
    },
  }),
  revokeSession: t.field({
    type: SuccessRef,
    description: "Ends one of the signed-in person's sessions (NOT_FOUND for anyone else's)",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const svc = svcOf(ctx);
      const { sessionId } = parseProcedureInput<{ sessionId: string }>("auth.revokeSession", { sessionId: String(args.id) });
      await revokeOwnSession(svc, sessionId);
      return { success: true as const };
    },
  }),
  logOutEverywhere: t.field({
    type: LogOutEverywhereRef,
    description: "Ends every session of the signed-in person, this one included",
    resolve: async (_root, _args, ctx) => ({ success: true as const, ...(await logOutEverywhere(svcOf(ctx))) }),
  }),
}));
