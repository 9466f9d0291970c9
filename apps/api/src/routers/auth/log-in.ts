import { logIn } from "@locale/core";
import { z } from "zod";
import { publicProcedure } from "../../trpc/init";
import { ZSession } from "./auth.types";
import { setSessionCookie } from "./session-cookie";

export const ZLogInRequest = z.object({ email: z.string().min(1), password: z.string().min(1) });

export const logInProcedure = publicProcedure
  .meta({
    errors: { 401: "Wrong e-mail or password" },
    openapi: { method: "POST", path: "/auth/login", tags: ["Auth"], summary: "Sign in with e-mail and password" },
  })
  .input(ZLogInRequest)
  .output(ZSession)
  .mutation(async ({ ctx, input }) => {
    const out = await logIn({ db: ctx.db, config: ctx.core }, input);
    setSessionCookie(ctx.res, ctx.config, out.sessionSecret);
    return { user: out.user, organization: out.organization, role: out.role };
  });
