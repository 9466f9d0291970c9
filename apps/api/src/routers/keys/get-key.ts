import { getKey } from "@locale/core/keys";
import { authedProcedure } from "../../trpc/init";
import { mappedOutput } from "../../trpc/mapped-output";
import { ZKey, ZKeyIdInput } from "./keys.types";

export const getKeyProcedure = mappedOutput(
  authedProcedure
    .meta({ openapi: { method: "GET", path: "/projects/{projectId}/keys/{keyId}", tags: ["Translation keys"], summary: "Get a key" } })
    .input(ZKeyIdInput)
    .output(ZKey)
    .query(({ ctx, input }) => getKey(ctx.svc, input.projectId, input.keyId)),
);
