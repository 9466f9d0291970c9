import { acceptInvitation } from "@locale/core/invitations";
import { z } from "zod";
import { publicProcedure } from "../../trpc/init";
import { ZSession } from "./auth.types";
import { clientOf } from "./client-info";
import { setSessionCookie } from "./session-cookie";

export const ZAcceptInviteRequest = z.object({
  token: z.string().min(1).max(200).describe("The `token` of the invitation link"),
  name: z.string().trim().min(1).max(200).optional().describe("Required when the invited e-mail has no account yet"),
  password: z.string().min(8).describe("The new account's password, or the existing account's current password"),
});

export const acceptInviteProcedure = publicProcedure
  .meta({
    errors: {
      401: "Wrong password for the existing account of the invited e-mail",
      404: "No invitation has this token",
      409: "Already a member, or the e-mail has an account (accept with its password)",
    },
    openapi: {
      method: "POST",
      path: "/auth/accept-invite",
      tags: ["Auth"],
      summary: "Accept an invitation: join with the invited role and sign in (an existing account proves itself with its password)",
    },
  })
  .input(ZAcceptInviteRequest)
  .output(ZSession)
  .mutation(async ({ ctx, input }) => {
    const out = await acceptInvitation({ db: ctx.db, config: ctx.core, runtime: ctx.runtime, client: clientOf(ctx.req) }, input);
    setSessionCookie(ctx.res, ctx.config, out.sessionSecret);
    return { user: out.user, organization: out.organization, role: out.role };
  });
