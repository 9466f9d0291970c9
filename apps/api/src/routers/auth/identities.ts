import { listIdentities } from "@locale/core/auth";
import { z } from "zod";
import { authedProcedure } from "../../trpc/init";

export const ZIdentity = z.object({
  provider: z.string().describe("The configured provider's id (auth.providers)"),
  email: z.string().describe("The e-mail the provider last gave for this account"),
  linkedAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export const ZIdentitiesResponse = z.object({ items: z.array(ZIdentity) });

export const identitiesProcedure = authedProcedure
  .meta({
    errors: { 403: "Called with an API key (a session only)" },
    openapi: {
      method: "GET",
      path: "/auth/identities",
      tags: ["Auth"],
      summary: "Identity providers linked to the signed-in person's account (link more: GET /auth/oidc/{provider}/start?link=true)",
    },
  })
  .input(z.object({}))
  .output(ZIdentitiesResponse)
  .query(({ ctx }) => listIdentities(ctx.svc));
