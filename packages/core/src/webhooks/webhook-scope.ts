// Tenant scoping shared by every webhook service: organization webhooks live under
// /organizations/:orgId, project webhooks under /projects/:projectId, and each route family sees
// only its own (a project webhook's id under the organization route is "not found").
import type { Webhook } from "@locale/db";
import type { ServiceContext } from "../context";
import { notFound } from "../errors/app-error";
import { assertOrganization } from "../organizations/load-organization";
import { loadProject } from "../projects/load-project";

export type WebhookScope = { orgId: string } | { projectId: string };

export interface ResolvedScope {
  organizationId: string;
  projectId: string | null;
}

export async function resolveWebhookScope(
  ctx: ServiceContext,
  scope: WebhookScope,
  options: { forWrite?: boolean } = {},
): Promise<ResolvedScope> {
  if ("projectId" in scope) {
    const project = await loadProject(ctx, scope.projectId, "webhooks.manage", options);
    return { organizationId: project.organizationId, projectId: project.id };
  }
  assertOrganization(ctx, scope.orgId, "webhooks.manage");
  return { organizationId: ctx.actor.organizationId, projectId: null };
}

export async function loadWebhook(
  ctx: ServiceContext,
  scope: WebhookScope,
  webhookId: string,
  options: { forWrite?: boolean } = {},
): Promise<{ webhook: Webhook; scope: ResolvedScope }> {
  const resolved = await resolveWebhookScope(ctx, scope, options);
  const webhook = await ctx.db.prisma.webhook.findFirst({
    where: { id: webhookId, organizationId: resolved.organizationId, projectId: resolved.projectId },
  });
  if (!webhook) throw notFound("Webhook");
  return { webhook, scope: resolved };
}
