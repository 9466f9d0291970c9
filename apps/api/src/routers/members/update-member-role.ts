import { updateMemberRole } from "@locale/core/members";
import { authedProcedure } from "../../trpc/init";
import { ZRole } from "../auth/auth.types";
import { ZMember, ZMemberInput } from "./members.types";

export const updateMemberRoleProcedure = authedProcedure
  .meta({
    openapi: {
      method: "PATCH",
      path: "/organizations/{orgId}/members/{userId}",
      tags: ["Members"],
      summary: "Change a member's role; the owner setting someone to owner transfers ownership (the old owner becomes admin)",
    },
  })
  .input(ZMemberInput.extend({ role: ZRole }))
  .output(ZMember)
  .mutation(({ ctx, input }) => updateMemberRole(ctx.svc, input.orgId, input.userId, input.role));
