import { describeInvitation } from "@locale/core/invitations";
import { z } from "zod";
import { publicProcedure } from "../../trpc/init";
import { ZRole } from "./auth.types";

export const ZDescribeInviteRequest = z.object({
  token: z.string().min(1).max(200).describe("The `token` of the invitation link"),
});

export const ZInvitationDescription = z.object({
  organizationName: z.string().describe("The organization the link joins"),
  inviterName: z.string().nullable().describe("Who sent the invitation (null when that account is gone)"),
  role: ZRole.describe("The role the invitee gets"),
  email: z.string().describe("The invited address"),
  expiresAt: z.string().describe("When the link stops working (ISO 8601)"),
  existingAccount: z.boolean().describe("The address already has an account: accept with that account's password"),
});

// A POST, so the secret travels in the body and never in a logged URL.
export const describeInviteProcedure = publicProcedure
  .meta({
    errors: {
      400: "The invitation was already used, or has expired",
      404: "No invitation has this token",
    },
    openapi: {
      method: "POST",
      path: "/auth/invitation",
      tags: ["Auth"],
      summary: "What an invitation link offers (organization, inviter, role, e-mail), for the holder of its token",
    },
  })
  .input(ZDescribeInviteRequest)
  .output(ZInvitationDescription)
  .mutation(({ ctx, input }) => describeInvitation({ db: ctx.db }, input.token));
