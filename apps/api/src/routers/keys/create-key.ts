import { createKey } from "@locale/core/keys";
import { authedProcedure } from "../../trpc/init";
import { mappedOutput } from "../../trpc/mapped-output";
import { ZCreateKeyRequest, ZKey } from "./keys.types";

// The answer is toKeyRecord's, as it is (trpc/mapped-output.ts).
export const createKeyProcedure = mappedOutput(
  authedProcedure
    .meta({
      errors: { 409: "A key with this name exists in the namespace" },
      openapi: {
        method: "POST",
        path: "/projects/{projectId}/keys",
        tags: ["Translation keys"],
        summary: "Create a key (409 if the name exists in the namespace)",
      },
      successStatus: 201,
    })
    .input(ZCreateKeyRequest)
    .output(ZKey)
    .mutation(({ ctx, input }) => {
      const { projectId, ...fields } = input;
      return createKey(ctx.svc, projectId, fields);
    }),
);
