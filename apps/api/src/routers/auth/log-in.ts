import { z } from "zod";
import { logIn } from "@locale/core";
import { publicProcedure } from "../../trpc/init";
import { setSessionCookie } from "./session-cookie";
import { ZSession } from "./auth.types";

export const ZLogInRequest = z.object({ email: z.string().min(1), password: z.string().min(1) });

export const logInProcedure = publicProcedure
  .meta({ openapi: { method: "POST", path: "/auth/login", tags: ["Auth"], summary: "Sign in with e-mail and password" } })
  .input(ZLogInRequest)
  .output(ZSession)
  .mutation(async ({ ctx, input }) => {
    const out = await logIn({ db: ctx.db, config: ctx.core }, input);
    setSessionCookie(ctx.res, ctx.config, out.sessionSecret);
    return { user: out.user, organization: out.organization, role: out.role };
  });
