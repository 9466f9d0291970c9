import { revokeOwnSession } from "@locale/core/auth";
import { z } from "zod";
import { ZSuccess } from "../../schemas/common";
import { authedProcedure } from "../../trpc/init";
import { clearSessionCookie } from "./session-cookie";

export const ZRevokeSessionRequest = z.object({ sessionId: z.string().min(1).max(100) });

export const revokeSessionProcedure = authedProcedure
  .meta({
    errors: { 403: "Called with an API key (a session only)" },
    openapi: {
      method: "DELETE",
      path: "/auth/sessions/{sessionId}",
      tags: ["Auth"],
      summary: "End one of the signed-in person's sessions (404 for anyone else's); ending this one signs out",
    },
  })
  .input(ZRevokeSessionRequest)
  .output(ZSuccess)
  .mutation(async ({ ctx, input }) => {
    const { current } = await revokeOwnSession(ctx.svc, input.sessionId);
    if (current) clearSessionCookie(ctx.res, ctx.config);
    return { success: true as const };
  });
