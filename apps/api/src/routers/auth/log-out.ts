import { revokeSession } from "@locale/core";
import { z } from "zod";
import { ZSuccess } from "../../schemas/common";
import { authedProcedure } from "../../trpc/init";
import { clearSessionCookie } from "./session-cookie";

export const logOutProcedure = authedProcedure
  .meta({ openapi: { method: "POST", path: "/auth/logout", tags: ["Auth"], summary: "Sign out (revokes the session server-side)" } })
  .input(z.object({}))
  .output(ZSuccess)
  .mutation(async ({ ctx }) => {
    if (ctx.actor.sessionId) await revokeSession(ctx.db, ctx.actor.sessionId);
    clearSessionCookie(ctx.res, ctx.config);
    return { success: true as const };
  });
