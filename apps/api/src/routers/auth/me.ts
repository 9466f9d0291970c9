import { getMe } from "@locale/core";
import { z } from "zod";
import { authedProcedure } from "../../trpc/init";
import { ZSession } from "./auth.types";

export const meProcedure = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/auth/me",
      tags: ["Auth"],
      summary: "The signed-in user (or the token's creator), organization and role",
    },
  })
  .input(z.object({}))
  .output(ZSession)
  .query(({ ctx }) => getMe(ctx.svc));
