import { logIn } from "@locale/core";
import { z } from "zod";
import { publicProcedure } from "../../trpc/init";
import { ZSession } from "./auth.types";
import { clientOf } from "./client-info";
import { retryAfterHeader } from "./retry-after";
import { setSessionCookie } from "./session-cookie";

export const ZLogInRequest = z.object({ email: z.string().min(1), password: z.string().min(1) });

export const logInProcedure = publicProcedure
  .use(retryAfterHeader)
  .meta({
    errors: {
      401: "Wrong e-mail or password",
      429: "Too many wrong passwords for this account or from this client address; `Retry-After` gives the seconds until the block ends",
    },
    openapi: { method: "POST", path: "/auth/login", tags: ["Auth"], summary: "Sign in with e-mail and password" },
  })
  .input(ZLogInRequest)
  .output(ZSession)
  .mutation(async ({ ctx, input }) => {
    const out = await logIn({ db: ctx.db, config: ctx.core, runtime: ctx.runtime, client: clientOf(ctx.req) }, input);
    setSessionCookie(ctx.res, ctx.config, out.sessionSecret);
    return { user: out.user, organization: out.organization, role: out.role };
  });
