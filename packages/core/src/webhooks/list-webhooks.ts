import type { ServiceContext } from "../context";
import { toWebhookRecord, type WebhookRecord } from "./webhook-record";
import { resolveWebhookScope, type WebhookScope } from "./webhook-scope";

/** The scope's own subscriptions: organization-wide ones, or one project's. */
export async function listWebhooks(ctx: ServiceContext, scope: WebhookScope): Promise<WebhookRecord[]> {
  const resolved = await resolveWebhookScope(ctx, scope);
  const hooks = await ctx.db.prisma.webhook.findMany({
    where: { organizationId: resolved.organizationId, projectId: resolved.projectId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return hooks.map(toWebhookRecord);
}
