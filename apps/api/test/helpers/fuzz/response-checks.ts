// What the fuzzer holds every answer to: the documented error body for every error, and no trace
// of the other tenant (its marker or any of its ids) that the request did not itself carry.
import { STATUS_CODES } from "node:http";
import type { RawResult } from "./send-raw";
import type { Tenant } from "./tenant-seed";

/** Why an error answer is not `{statusCode, message, error, issues?}`, or null when it is. */
export function errorBodyProblem(method: string, res: RawResult): string | null {
  if (method === "HEAD") return null;
  if (!(res.headers["content-type"] ?? "").startsWith("application/json")) return `content-type ${res.headers["content-type"]}`;
  let body: unknown;
  try {
    body = JSON.parse(res.text);
  } catch {
    return "not JSON";
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) return "not an object";
  const b = body as Record<string, unknown>;
  const extra = Object.keys(b).filter((k) => !["statusCode", "message", "error", "issues"].includes(k));
  if (extra.length) return `unexpected fields ${extra.join(", ")}`;
  if (b.statusCode !== res.status) return `statusCode ${JSON.stringify(b.statusCode)} on a ${res.status}`;
  if (typeof b.message !== "string" || !b.message) return "message is not a non-empty string";
  if (b.error !== STATUS_CODES[res.status]) return `error ${JSON.stringify(b.error)} (expected ${STATUS_CODES[res.status]})`;
  if (b.issues !== undefined) {
    if (!Array.isArray(b.issues)) return "issues is not an array";
    const bad = b.issues.find((i) => !i || typeof i !== "object" || typeof (i as { message?: unknown }).message !== "string");
    if (bad !== undefined) return `issue without a message: ${JSON.stringify(bad).slice(0, 200)}`;
  }
  if (res.status >= 500 && /\n\s+at /.test(b.message)) return "stack trace in the message";
  return null;
}

/** Traces of `other` in the answer that the request did not carry itself. */
export function leakedTraces(res: RawResult, other: Tenant, sent: string): string[] {
  const seen = `${res.text}\n${Object.values(res.headers).join("\n")}`;
  const found: string[] = [];
  if (seen.includes(other.marker) && !sent.includes(other.marker)) found.push(`marker ${other.marker}`);
  for (const id of other.allIds) if (seen.includes(id) && !sent.includes(id)) found.push(`id ${id}`);
  return found;
}
