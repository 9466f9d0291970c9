import { signUp } from "@locale/core";
import { z } from "zod";
import { publicProcedure } from "../../trpc/init";
import { ZOrganization, ZUser } from "./auth.types";
import { clientOf } from "./client-info";
import { setSessionCookie } from "./session-cookie";

export const ZSignUpRequest = z.object({
  email: z.string().email(),
  password: z.string().min(8),
  name: z.string().trim().min(1).max(200),
  organizationName: z.string().trim().min(1).max(200).optional(),
});
export const ZSignUpResponse = z.object({ user: ZUser, organization: ZOrganization });

export const signUpProcedure = publicProcedure
  .meta({
    errors: { 403: "Sign-up is closed (ALLOW_SIGNUP=false)", 409: "A user with this e-mail exists" },
    openapi: { method: "POST", path: "/auth/signup", tags: ["Auth"], summary: "Create a user and organization, and sign in" },
    successStatus: 201,
  })
  .input(ZSignUpRequest)
  .output(ZSignUpResponse)
  .mutation(async ({ ctx, input }) => {
    const out = await signUp({ db: ctx.db, config: ctx.core, runtime: ctx.runtime, client: clientOf(ctx.req) }, input);
    setSessionCookie(ctx.res, ctx.config, out.sessionSecret);
    return { user: out.user, organization: out.organization };
  });
