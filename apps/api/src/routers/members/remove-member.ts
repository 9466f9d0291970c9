import { removeMember } from "@locale/core/members";
import { ZSuccess } from "../../schemas/common";
import { authedProcedure } from "../../trpc/init";
import { ZMemberInput } from "./members.types";

export const removeMemberProcedure = authedProcedure
  .meta({
    openapi: {
      method: "DELETE",
      path: "/organizations/{orgId}/members/{userId}",
      tags: ["Members"],
      summary: "Remove a member; their sessions and tokens stop working at once",
    },
  })
  .input(ZMemberInput)
  .output(ZSuccess)
  .mutation(({ ctx, input }) => removeMember(ctx.svc, input.orgId, input.userId));
