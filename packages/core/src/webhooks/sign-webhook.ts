import { createHmac } from "node:crypto";

/** `sha256=<hex HMAC-SHA256(secret, timestamp + "." + body)>`: the X-Webhook-Signature value. */
export function signWebhookBody(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}
