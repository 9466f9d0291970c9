import { updateKey } from "@locale/core/keys";
import { authedProcedure } from "../../trpc/init";
import { ZKey, ZUpdateKeyRequest } from "./keys.types";

export const updateKeyProcedure = authedProcedure
  .meta({
    errors: { 409: "The new name is taken in the namespace" },
    openapi: {
      method: "PATCH",
      path: "/projects/{projectId}/keys/{keyId}",
      tags: ["Translation keys"],
      summary: "Update a key (only included fields change)",
    },
  })
  .input(ZUpdateKeyRequest)
  .output(ZKey)
  .mutation(({ ctx, input }) => {
    const { projectId, keyId, ...fields } = input;
    return updateKey(ctx.svc, projectId, keyId, fields);
  });
