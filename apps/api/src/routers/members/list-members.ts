import { listMembers } from "@locale/core/members";
import { z } from "zod";
import { authedProcedure } from "../../trpc/init";
import { ZMember } from "./members.types";

export const listMembersProcedure = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/organizations/{orgId}/members",
      tags: ["Members"],
      summary: "Members of the organization (owner/admin)",
    },
  })
  .input(z.object({ orgId: z.string().describe('Organization id, or "current"') }))
  .output(z.array(ZMember))
  .query(({ ctx, input }) => listMembers(ctx.svc, input.orgId));
