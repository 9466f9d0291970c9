// What the fuzzer holds every answer to: the documented error body for every error, and no trace
// of the other tenant (its marker or any of its ids) that the request did not itself carry.
import { STATUS_CODES } from "node:http";
import type { RawResult } from "./send-raw";
import type { Tenant } from "./tenants";

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
  return documentedBodyProblem(body, res.status);
}

/** Why `body` is not the documented `{statusCode, message, error, issues?}` for `status`, or null. */
export function documentedBodyProblem(body: unknown, status: number): string | null {
  if (!body || typeof body !== "object" || Array.isArray(body)) return "not an object";
  const b = body as Record<string, unknown>;
  const extra = Object.keys(b).filter((k) => !["statusCode", "message", "error", "issues"].includes(k));
  if (extra.length) return `unexpected fields ${extra.join(", ")}`;
  if (b.statusCode !== status) return `statusCode ${JSON.stringify(b.statusCode)} on a ${status}`;
  if (typeof b.message !== "string" || !b.message) return "message is not a non-empty string";
  if (b.error !== STATUS_CODES[status]) return `error ${JSON.stringify(b.error)} (expected ${STATUS_CODES[status]})`;
  const issuesProblem = issuesProblemOf(b.issues);
  if (issuesProblem) return issuesProblem;
  if (status >= 500 && STACK.test(b.message)) return "stack trace in the message";
  return null;
}

/** A stack trace's frame line. */
export const STACK = /\n\s+at /;

/** Why `issues` (when present) is not a list of `{message}` items, or null. */
export function issuesProblemOf(issues: unknown): string | null {
  if (issues === undefined) return null;
  if (!Array.isArray(issues)) return "issues is not an array";
  const bad = issues.find((i) => !i || typeof i !== "object" || typeof (i as { message?: unknown }).message !== "string");
  return bad === undefined ? null : `issue without a message: ${JSON.stringify(bad).slice(0, 200)}`;
}

/** Traces of `other` in the answer that the request did not carry itself. */
export function leakedTraces(res: RawResult, other: Tenant, sent: string): string[] {
  const seen = `${res.text}\n${Object.values(res.headers).join("\n")}`;
  const found: string[] = [];
  if (seen.includes(other.marker) && !sent.includes(other.marker)) found.push(`marker ${other.marker}`);
  for (const id of other.allIds) if (seen.includes(id) && !sent.includes(id)) found.push(`id ${id}`);
  return found;
}
