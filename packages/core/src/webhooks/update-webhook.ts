import type { ServiceContext } from "../context";
import { assertWebhookTargetAllowed } from "./webhook-address";
import { normalizeWebhookEvents, normalizeWebhookUrl } from "./webhook-input";
import { toWebhookRecord, type WebhookRecord } from "./webhook-record";
import { loadWebhook, type WebhookScope } from "./webhook-scope";

export interface UpdateWebhookInput {
  url?: string;
  events?: string[];
  active?: boolean;
}

export async function updateWebhook(
  ctx: ServiceContext,
  scope: WebhookScope,
  webhookId: string,
  input: UpdateWebhookInput,
): Promise<WebhookRecord> {
  const { webhook } = await loadWebhook(ctx, scope, webhookId, { forWrite: true });
  const url = input.url !== undefined ? normalizeWebhookUrl(input.url) : undefined;
  if (url !== undefined) await assertWebhookTargetAllowed(url, ctx.config.webhookAllowedHosts ?? []);
  const updated = await ctx.db.prisma.webhook.update({
    where: { id: webhook.id },
    data: {
      ...(url !== undefined ? { url } : {}),
      ...(input.events !== undefined ? { events: normalizeWebhookEvents(input.events) } : {}),
      ...(input.active !== undefined ? { active: input.active } : {}),
    },
  });
  return toWebhookRecord(updated);
}
