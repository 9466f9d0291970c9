// One delivery attempt: POST the stored payload, signed, then record the attempt and the
// delivery's next state in one transaction. The worker's jobs and the /test endpoint both come
// through here. Attempts are numbered: an attempt whose number is not the delivery's next one
// (a duplicate job, a lease that ran out while another process was still sending) records nothing.
import type { Database } from "@locale/db";
import { type PostResult, postWebhook } from "./post-webhook";
import { signWebhookBody } from "./sign-webhook";

export const WEBHOOK_MAX_ATTEMPTS = 8;
export const WEBHOOK_TIMEOUT_MS = 10_000;
export const WEBHOOK_DEFAULT_RETRY_BASE_MS = 10_000;
/** How long a claimed delivery is left to its sender before it is due again; outlives the timeout. */
export const WEBHOOK_CLAIM_LEASE_MS = 60_000;
/** NOTIFY channel raised when deliveries are enqueued, so the worker need not wait for its poll. */
export const WEBHOOK_DELIVERIES_CHANNEL = "webhook_deliveries";
/** The event POST .../webhooks/:id/test sends. */
export const WEBHOOK_TEST_EVENT = "webhook.test";

export interface DeliveryOptions {
  /** Delay before the first retry; it doubles with every further attempt. */
  retryBaseMs: number;
  timeoutMs?: number;
  maxAttempts?: number;
  /** WEBHOOK_ALLOWED_HOSTS: internal hosts deliveries may reach (see webhook-address.ts). */
  allowedHosts?: string[];
}

export interface AttemptOutcome {
  deliveryId: string;
  webhookId: string;
  event: string;
  attempt: number;
  status: "pending" | "succeeded" | "failed";
  responseStatus: number | null;
  error: string | null;
  durationMs: number;
  nextAttemptAt: Date | null;
}

/** Delay after the `attempt`-th failed attempt: base, 2·base, 4·base, ... */
export function webhookRetryDelayMs(retryBaseMs: number, attempt: number): number {
  return retryBaseMs * 2 ** Math.max(0, attempt - 1);
}

/**
 * Makes attempt number `attempt` of a pending delivery. Returns null when there is nothing to do
 * (gone, already final, or that attempt was already made).
 */
export async function attemptWebhookDelivery(
  db: Database,
  deliveryId: string,
  attempt: number,
  options: DeliveryOptions,
): Promise<AttemptOutcome | null> {
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const maxAttempts = options.maxAttempts ?? WEBHOOK_MAX_ATTEMPTS;
  const delivery = await db.prisma.webhookDelivery.findUnique({ where: { id: deliveryId }, include: { webhook: true } });
  if (delivery?.status !== "pending" || delivery.attempts !== attempt - 1) return null;
  const { webhook } = delivery;

  // A subscription switched off after the event was queued gets nothing (the delivery fails with
  // that reason); the test event is an explicit request and goes out regardless.
  const isSwitchedOff = !webhook.active && delivery.event !== WEBHOOK_TEST_EVENT;
  let result: PostResult;
  if (isSwitchedOff) {
    result = { responseStatus: null, responseBody: null, error: "Webhook is inactive", ok: false, durationMs: 0 };
  } else {
    const body = JSON.stringify(delivery.payload);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const headers = {
      "content-type": "application/json",
      "user-agent": "locale-webhooks/1",
      "x-webhook-id": delivery.id,
      "x-webhook-event": delivery.event,
      "x-webhook-timestamp": timestamp,
      "x-webhook-signature": signWebhookBody(webhook.secret, timestamp, body),
    };
    result = await postWebhook(webhook.url, headers, body, { timeoutMs, allowedHosts: options.allowedHosts ?? [] });
  }

  const final = result.ok || attempt >= maxAttempts || isSwitchedOff;
  const status = result.ok ? "succeeded" : final ? "failed" : "pending";
  const nextAttemptAt = final ? null : new Date(Date.now() + webhookRetryDelayMs(options.retryBaseMs, attempt));
  const recorded = await db.prisma.$transaction(async (tx) => {
    const claimed = await tx.webhookDelivery.updateMany({
      where: { id: delivery.id, status: "pending", attempts: attempt - 1 },
      data: {
        attempts: attempt,
        status,
        nextAttemptAt,
        responseStatus: result.responseStatus,
        responseBody: result.responseBody,
        error: result.error,
        durationMs: result.durationMs,
      },
    });
    if (claimed.count === 0) return false;
    await tx.webhookDeliveryAttempt.create({
      data: { deliveryId: delivery.id, attempt, responseStatus: result.responseStatus, error: result.error, durationMs: result.durationMs },
    });
    return true;
  });
  if (!recorded) return null;
  return {
    deliveryId: delivery.id,
    webhookId: webhook.id,
    event: delivery.event,
    attempt,
    status,
    responseStatus: result.responseStatus,
    error: result.error,
    durationMs: result.durationMs,
    nextAttemptAt,
  };
}
