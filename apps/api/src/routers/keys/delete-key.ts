import { deleteKey } from "@locale/core/keys";
import { ZSuccess } from "../../schemas/common";
import { authedProcedure } from "../../trpc/init";
import { ZKeyIdInput } from "./keys.types";

export const deleteKeyProcedure = authedProcedure
  .meta({
    openapi: {
      method: "DELETE",
      path: "/projects/{projectId}/keys/{keyId}",
      tags: ["Translation keys"],
      summary: "Delete a key and all its translations",
    },
  })
  .input(ZKeyIdInput)
  .output(ZSuccess)
  .mutation(({ ctx, input }) => deleteKey(ctx.svc, input.projectId, input.keyId));
