import { inviteMember } from "@locale/core/invitations";
import { authedProcedure } from "../../trpc/init";
import { ZInvitation, ZInviteMemberRequest } from "./members.types";

export const inviteMemberProcedure = authedProcedure
  .meta({
    errors: { 409: "A member with this e-mail already belongs to the organization" },
    openapi: {
      method: "POST",
      path: "/organizations/{orgId}/members/invite",
      tags: ["Members"],
      summary: "Invite someone by e-mail with a role (owner/admin)",
    },
    successStatus: 201,
  })
  .input(ZInviteMemberRequest)
  .output(ZInvitation)
  .mutation(({ ctx, input }) => inviteMember(ctx.svc, input.orgId, { email: input.email, role: input.role }));
