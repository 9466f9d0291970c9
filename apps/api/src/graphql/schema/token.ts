// Organization API tokens: the secret appears only in the create result, as in REST.
import { assertOrganization, createToken, listTokens, revokeToken, type TokenRecord } from "@locale/core";
import { builder, svcOf } from "../builder";
import { parseProcedureInput } from "../procedure-input";
import { SuccessRef } from "./common";

const tokenFields = builder.objectRef<TokenRecord>("ApiToken");

tokenFields.implement({
  fields: (t) => ({
    id: t.exposeID("_id"),
    name: t.exposeString("name"),
    organizationId: t.exposeString("organizationId"),
    projectId: t.exposeString("projectId", { nullable: true }),
    scopes: t.exposeStringList("scopes", { nullable: true }),
    expiresAt: t.expose("expiresAt", { type: "DateTime", nullable: true }),
    lastUsedAt: t.expose("lastUsedAt", { type: "DateTime", nullable: true }),
    created: t.expose("created", { type: "DateTime" }),
    tokenSuffix: t.exposeString("tokenSuffix"),
  }),
});

const CreatedTokenRef = builder.objectRef<TokenRecord & { token: string }>("CreatedApiToken").implement({
  fields: (t) => ({
    apiToken: t.field({ type: tokenFields, resolve: (r) => r }),
    token: t.exposeString("token", { description: "Full secret; shown only here" }),
  }),
});

builder.queryFields((t) => ({
  tokens: t.field({
    type: [tokenFields],
    description: "Active organization tokens (never the secret)",
    resolve: (_root, _args, ctx) => {
      const svc = svcOf(ctx);
      assertOrganization(svc, "current", "tokens.manage");
      return listTokens(svc, {});
    },
  }),
}));

builder.mutationFields((t) => ({
  createToken: t.field({
    type: CreatedTokenRef,
    args: { name: t.arg.string({ required: true }), scopes: t.arg.stringList(), expiresAt: t.arg({ type: "DateTime" }) },
    resolve: (_root, args, ctx) => {
      const svc = svcOf(ctx);
      assertOrganization(svc, "current", "tokens.manage");
      return createToken(
        svc,
        parseProcedureInput<Parameters<typeof createToken>[1]>("tokens.createOrganizationToken", { ...args, orgId: "current" }),
      );
    },
  }),
  revokeToken: t.field({
    type: SuccessRef,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => {
      const svc = svcOf(ctx);
      assertOrganization(svc, "current", "tokens.manage");
      return revokeToken(svc, String(args.id), {});
    },
  }),
}));
