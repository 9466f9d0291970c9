// Subscriptions sign every delivery with their own `whsec_` secret, kept in clear (HMAC needs it)
// and shown only in this response.
import type { ServiceContext } from "../context";
import { randomSecret } from "../shared/secrets";
import { assertWebhookTargetAllowed } from "./webhook-address";
import { normalizeWebhookEvents, normalizeWebhookUrl } from "./webhook-input";
import { toWebhookRecord, type WebhookRecord } from "./webhook-record";
import { resolveWebhookScope, type WebhookScope } from "./webhook-scope";

export interface CreateWebhookInput {
  url: string;
  events: string[];
  active?: boolean;
}

export async function createWebhook(
  ctx: ServiceContext,
  scope: WebhookScope,
  input: CreateWebhookInput,
): Promise<WebhookRecord & { secret: string }> {
  const resolved = await resolveWebhookScope(ctx, scope, { forWrite: true });
  const url = normalizeWebhookUrl(input.url);
  await assertWebhookTargetAllowed(url, ctx.config.webhookAllowedHosts ?? []);
  const events = normalizeWebhookEvents(input.events);
  const secret = `whsec_${randomSecret(32)}`;
  const webhook = await ctx.db.prisma.webhook.create({
    data: {
      organizationId: resolved.organizationId,
      projectId: resolved.projectId,
      url,
      events,
      secret,
      active: input.active ?? true,
      createdById: ctx.actor.userId,
    },
  });
  return { ...toWebhookRecord(webhook), secret };
}
