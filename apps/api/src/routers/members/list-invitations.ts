import { listInvitations } from "@locale/core/invitations";
import { z } from "zod";
import { authedProcedure } from "../../trpc/init";
import { ZPendingInvitation } from "./members.types";

export const listInvitationsProcedure = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/organizations/{orgId}/invitations",
      tags: ["Members"],
      summary: "Pending invitations (not accepted, not expired), newest first (owner/admin)",
    },
  })
  .input(z.object({ orgId: z.string().describe('Organization id, or "current"') }))
  .output(z.array(ZPendingInvitation))
  .query(({ ctx, input }) => listInvitations(ctx.svc, input.orgId));
