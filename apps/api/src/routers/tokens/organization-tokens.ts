import { assertOrganization, createToken, listTokens, revokeToken } from "@locale/core";
import { z } from "zod";
import { ZSuccess } from "../../schemas/common";
import { authedProcedure } from "../../trpc/init";
import { ZCreatedToken, ZCreateTokenBody, ZToken } from "./tokens.types";

const tags = ["API tokens"];

export const createOrganizationTokenProcedure = authedProcedure
  .meta({
    openapi: { method: "POST", path: "/organizations/{orgId}/tokens", tags, summary: "Create an organization API token" },
    successStatus: 201,
  })
  .input(ZCreateTokenBody.extend({ orgId: z.string() }))
  .output(ZCreatedToken)
  .mutation(({ ctx, input }) => {
    assertOrganization(ctx.svc, input.orgId, "tokens.manage");
    return createToken(ctx.svc, input);
  });

export const listOrganizationTokensProcedure = authedProcedure
  .meta({
    openapi: { method: "GET", path: "/organizations/{orgId}/tokens", tags, summary: "Active organization tokens (never the secret)" },
  })
  .input(z.object({ orgId: z.string() }))
  .output(z.array(ZToken))
  .query(({ ctx, input }) => {
    assertOrganization(ctx.svc, input.orgId, "tokens.manage");
    return listTokens(ctx.svc, {});
  });

export const revokeOrganizationTokenProcedure = authedProcedure
  .meta({ openapi: { method: "DELETE", path: "/organizations/{orgId}/tokens/{tokenId}", tags, summary: "Revoke a token at once" } })
  .input(z.object({ orgId: z.string(), tokenId: z.string() }))
  .output(ZSuccess)
  .mutation(({ ctx, input }) => {
    assertOrganization(ctx.svc, input.orgId, "tokens.manage");
    return revokeToken(ctx.svc, input.tokenId, {});
  });
