import { deleteWebhook } from "@locale/core/webhooks";
import { z } from "zod";
import { ZSuccess } from "../../schemas/common";
import { authedProcedure } from "../../trpc/init";
import { tags, ZOrgScope, ZProjectScope } from "./webhooks.types";

const summary = "Delete a webhook and its delivery log";
const ZId = z.object({ id: z.string() });

export const deleteOrganizationWebhookProcedure = authedProcedure
  .meta({ openapi: { method: "DELETE", path: "/organizations/{orgId}/webhooks/{id}", tags, summary } })
  .input(ZOrgScope.merge(ZId))
  .output(ZSuccess)
  .mutation(({ ctx, input }) => deleteWebhook(ctx.svc, { orgId: input.orgId }, input.id));

export const deleteProjectWebhookProcedure = authedProcedure
  .meta({ openapi: { method: "DELETE", path: "/projects/{projectId}/webhooks/{id}", tags, summary } })
  .input(ZProjectScope.merge(ZId))
  .output(ZSuccess)
  .mutation(({ ctx, input }) => deleteWebhook(ctx.svc, { projectId: input.projectId }, input.id));
