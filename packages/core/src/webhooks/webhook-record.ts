import type { Webhook, WebhookDelivery, WebhookDeliveryAttempt } from "@locale/db";
import { iso, isoOrNull } from "../shared/dates";

/** A subscription as the API shows it: never the secret (only the create response carries it). */
export interface WebhookRecord {
  _id: string;
  url: string;
  events: string[];
  active: boolean;
  projectId: string | null;
  organizationId: string;
  created: string;
}

export interface WebhookAttemptRecord {
  attempt: number;
  responseStatus: number | null;
  error: string | null;
  durationMs: number;
  created: string;
}

export interface WebhookDeliveryRecord {
  _id: string;
  webhookId: string;
  event: string;
  status: "pending" | "succeeded" | "failed";
  attempts: number;
  responseStatus: number | null;
  error: string | null;
  durationMs: number | null;
  /** When the next attempt is due while the delivery is pending; null once it is final. */
  nextAttemptAt: string | null;
  created: string;
  attemptLog: WebhookAttemptRecord[];
}

export function toWebhookRecord(w: Webhook): WebhookRecord {
  return {
    _id: w.id,
    url: w.url,
    events: w.events,
    active: w.active,
    projectId: w.projectId,
    organizationId: w.organizationId,
    created: iso(w.createdAt),
  };
}

export function toDeliveryRecord(d: WebhookDelivery & { attemptLog: WebhookDeliveryAttempt[] }): WebhookDeliveryRecord {
  return {
    _id: d.id,
    webhookId: d.webhookId,
    event: d.event,
    status: d.status as WebhookDeliveryRecord["status"],
    attempts: d.attempts,
    responseStatus: d.responseStatus,
    error: d.error,
    durationMs: d.durationMs,
    nextAttemptAt: d.status === "pending" ? isoOrNull(d.nextAttemptAt) : null,
    created: iso(d.createdAt),
    attemptLog: [...d.attemptLog]
      .sort((a, b) => a.attempt - b.attempt)
      .map((a) => ({
        attempt: a.attempt,
        responseStatus: a.responseStatus,
        error: a.error,
        durationMs: a.durationMs,
        created: iso(a.createdAt),
      })),
  };
}
