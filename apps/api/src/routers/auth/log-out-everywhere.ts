import { logOutEverywhere } from "@locale/core/auth";
import { z } from "zod";
import { authedProcedure } from "../../trpc/init";
import { clearSessionCookie } from "./session-cookie";

export const ZLogOutEverywhereResponse = z.object({
  success: z.literal(true),
  revoked: z.number().int().describe("Sessions ended, this one included"),
});

export const logOutEverywhereProcedure = authedProcedure
  .meta({
    errors: { 403: "Called with an API key (a session only)" },
    openapi: {
      method: "POST",
      path: "/auth/logout-everywhere",
      tags: ["Auth"],
      summary: "Sign out everywhere: ends every session of the signed-in person, this one included",
    },
  })
  .input(z.object({}))
  .output(ZLogOutEverywhereResponse)
  .mutation(async ({ ctx }) => {
    const { revoked } = await logOutEverywhere(ctx.svc);
    clearSessionCookie(ctx.res, ctx.config);
    return { success: true as const, revoked };
  });
