import { z } from "zod";
import { publicProcedure } from "../../trpc/init";

export const ZProvider = z.object({
  id: z.string().describe("The provider's configured id (OIDC_PROVIDERS)"),
  name: z.string().describe('Display name: "Sign in with <name>"'),
  startUrl: z.string().describe("Where a browser goes to sign in: `/api/auth/oidc/<id>/start` (optional `returnTo`, `invitation`)"),
});
export const ZProvidersResponse = z.object({ items: z.array(ZProvider) });

/** The identity providers this deployment offers (docs/sign-in-with-oidc.md); empty when none is configured. */
export const providersProcedure = publicProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/auth/providers",
      tags: ["Auth"],
      summary: "Identity providers to sign in with (OpenID Connect)",
    },
  })
  .input(z.object({}))
  .output(ZProvidersResponse)
  .query(({ ctx }) => ({
    items: ctx.config.oidcProviders.map((p) => ({ id: p.id, name: p.name, startUrl: `/api/auth/oidc/${p.id}/start` })),
  }));
