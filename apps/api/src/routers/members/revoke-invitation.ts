import { revokeInvitation } from "@locale/core/invitations";
import { z } from "zod";
import { ZSuccess } from "../../schemas/common";
import { authedProcedure } from "../../trpc/init";

export const revokeInvitationProcedure = authedProcedure
  .meta({
    openapi: {
      method: "DELETE",
      path: "/organizations/{orgId}/invitations/{invitationId}",
      tags: ["Members"],
      summary: "Withdraw a pending invitation; its link stops working (owner/admin)",
    },
  })
  .input(z.object({ orgId: z.string().describe('Organization id, or "current"'), invitationId: z.string() }))
  .output(ZSuccess)
  .mutation(({ ctx, input }) => revokeInvitation(ctx.svc, input.orgId, input.invitationId));
