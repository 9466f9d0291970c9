import { deleteProjectPermanently } from "@locale/core";
import { ZSuccess } from "../../schemas/common";
import { authedProcedure } from "../../trpc/init";
import { ZProjectIdInput } from "./projects.types";

export const deleteProjectPermanentlyProcedure = authedProcedure
  .meta({
    openapi: {
      method: "DELETE",
      path: "/projects/{id}/permanent",
      tags: ["Projects"],
      summary: "Delete a project permanently (owner session only)",
    },
  })
  .input(ZProjectIdInput)
  .output(ZSuccess)
  .mutation(({ ctx, input }) => deleteProjectPermanently(ctx.svc, input.id));
