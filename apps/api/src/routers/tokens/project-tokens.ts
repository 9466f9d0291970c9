// Project tokens: the organization token record plus `projectId`; such a token sees only that
// project. Managing them needs access to the project and the tokens permission.

import { createToken, listTokens, loadProject, revokeToken } from "@locale/core";
import { z } from "zod";
import { ZSuccess } from "../../schemas/common";
import { authedProcedure } from "../../trpc/init";
import { ZCreatedToken, ZCreateTokenBody, ZToken } from "./tokens.types";

const tags = ["API tokens"];

export const createProjectTokenProcedure = authedProcedure
  .meta({
    openapi: { method: "POST", path: "/projects/{projectId}/tokens", tags, summary: "Create a token that sees only this project" },
    successStatus: 201,
  })
  .input(ZCreateTokenBody.extend({ projectId: z.string() }))
  .output(ZCreatedToken)
  .mutation(async ({ ctx, input }) => {
    const project = await loadProject(ctx.svc, input.projectId, "tokens.manage");
    return createToken(ctx.svc, { ...input, projectId: project.id });
  });

export const listProjectTokensProcedure = authedProcedure
  .meta({
    openapi: { method: "GET", path: "/projects/{projectId}/tokens", tags, summary: "Active tokens of the project (never the secret)" },
  })
  .input(z.object({ projectId: z.string() }))
  .output(z.array(ZToken))
  .query(async ({ ctx, input }) => {
    const project = await loadProject(ctx.svc, input.projectId, "tokens.manage");
    return listTokens(ctx.svc, { projectId: project.id });
  });

export const revokeProjectTokenProcedure = authedProcedure
  .meta({ openapi: { method: "DELETE", path: "/projects/{projectId}/tokens/{tokenId}", tags, summary: "Revoke a project token at once" } })
  .input(z.object({ projectId: z.string(), tokenId: z.string() }))
  .output(ZSuccess)
  .mutation(async ({ ctx, input }) => {
    const project = await loadProject(ctx.svc, input.projectId, "tokens.manage");
    return revokeToken(ctx.svc, input.tokenId, { projectId: project.id });
  });
