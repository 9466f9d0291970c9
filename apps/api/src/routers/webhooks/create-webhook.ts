import { createWebhook } from "@locale/core/webhooks";
import { authedProcedure } from "../../trpc/init";
import { tags, ZCreatedWebhook, ZCreateWebhookBody, ZOrgScope, ZProjectScope } from "./webhooks.types";

const summary = "Subscribe a URL to events (the response carries the signing secret, once)";

export const createOrganizationWebhookProcedure = authedProcedure
  .meta({ openapi: { method: "POST", path: "/organizations/{orgId}/webhooks", tags, summary }, successStatus: 201 })
  .input(ZCreateWebhookBody.merge(ZOrgScope))
  .output(ZCreatedWebhook)
  .mutation(({ ctx, input: { orgId, ...body } }) => createWebhook(ctx.svc, { orgId }, body));

export const createProjectWebhookProcedure = authedProcedure
  .meta({ openapi: { method: "POST", path: "/projects/{projectId}/webhooks", tags, summary }, successStatus: 201 })
  .input(ZCreateWebhookBody.merge(ZProjectScope))
  .output(ZCreatedWebhook)
  .mutation(({ ctx, input: { projectId, ...body } }) => createWebhook(ctx.svc, { projectId }, body));
