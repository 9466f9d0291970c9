import { can, getMe, type Permission, ROLE_MATRIX } from "@locale/core";
import { z } from "zod";
import { authedProcedure } from "../../trpc/init";
import { ZSession } from "./auth.types";

const PERMISSIONS = Object.keys(ROLE_MATRIX) as Permission[];

/** The caller's session plus what it may do: the web application hides what is not listed. */
export const ZMe = ZSession.extend({
  permissions: z.array(z.enum(PERMISSIONS as [Permission, ...Permission[]])).describe("Actions the caller's role (and token scopes) allow"),
});

export const meProcedure = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/auth/me",
      tags: ["Auth"],
      summary: "The signed-in user (or the token's creator), organization, role and permissions",
    },
  })
  .input(z.object({}))
  .output(ZMe)
  .query(async ({ ctx }) => ({ ...(await getMe(ctx.svc)), permissions: PERMISSIONS.filter((p) => can(ctx.actor, p)) }));
