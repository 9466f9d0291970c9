// What the fuzzer holds tRPC and GraphQL answers to (docs/api-rules.md), next to the REST body of
// response-checks.ts: the surface's own error shape, no hidden 5xx (a batch item or a GraphQL
// error coded as a server error inside a 200), and whether the request was refused — a refused
// request must leave the database as it was.

import { APP_ERROR_TABLE } from "@locale/core";
import { documentedBodyProblem, errorBodyProblem, issuesProblemOf, STACK } from "./response-checks";
import type { RawResult } from "./send-raw";

export type Surface = "rest" | "trpc" | "graphql";

export interface Verdict {
  /** A server error, in the status or inside the body. */
  fiveXx: boolean;
  /** Why the answer is not of the documented shape, or null. */
  bodyProblem: string | null;
  /** The request changed (or may have changed) something: a 2xx with at least one success in it. */
  accepted: boolean;
}

function parsed(res: RawResult): { body?: unknown; problem?: string } {
  const type = res.headers["content-type"] ?? "";
  if (!type.startsWith("application/json") && !type.startsWith("application/graphql-response+json"))
    return { problem: `content-type ${type}` };
  try {
    return { body: JSON.parse(res.text) };
  } catch {
    return { problem: "not JSON" };
  }
}

const is2xx = (status: number) => status >= 200 && status < 300;

/** `{message, code, data: {httpStatus, code}, appBody}` with appBody the REST body for httpStatus. */
function trpcErrorProblem(error: unknown, status: number | null): string | null {
  if (!error || typeof error !== "object") return "error is not an object";
  const e = error as Record<string, any>;
  const extra = Object.keys(e).filter((k) => !["message", "code", "data", "appBody"].includes(k));
  if (extra.length) return `unexpected error fields ${extra.join(", ")}`;
  if (typeof e.message !== "string" || !e.message) return "message is not a non-empty string";
  if (typeof e.code !== "number") return "code is not a number";
  const dataKeys = Object.keys(e.data ?? {});
  if (dataKeys.some((k) => !["httpStatus", "code"].includes(k))) return `unexpected data fields ${dataKeys.join(", ")}`;
  if (typeof e.data?.httpStatus !== "number" || typeof e.data?.code !== "string") return "data is not {httpStatus, code}";
  if (status !== null && e.data.httpStatus !== status) return `httpStatus ${e.data.httpStatus} on a ${status}`;
  const expected = (Object.values(APP_ERROR_TABLE).find((x) => x.status === e.data.httpStatus) ?? APP_ERROR_TABLE.INTERNAL).trpc;
  if (e.data.code !== expected) return `code ${e.data.code} on a ${e.data.httpStatus} (expected ${expected})`;
  const app = documentedBodyProblem(e.appBody, e.data.httpStatus);
  return app ? `appBody: ${app}` : null;
}

export function trpcVerdict(res: RawResult): Verdict {
  const { body, problem } = parsed(res);
  const fiveXxStatus = res.status >= 500;
  if (problem) return { fiveXx: fiveXxStatus, bodyProblem: res.status >= 400 ? problem : null, accepted: is2xx(res.status) };
  const items = Array.isArray(body) ? body : [body];
  let fiveXx = fiveXxStatus;
  let bodyProblem: string | null = null;
  let successes = 0;
  for (const item of items) {
    const i = item as { error?: unknown; result?: unknown } | null;
    if (i && typeof i === "object" && "result" in i) {
      successes++;
      continue;
    }
    if (!i || typeof i !== "object" || !("error" in i)) {
      bodyProblem ??= "neither result nor error";
      continue;
    }
    const httpStatus = (i.error as { data?: { httpStatus?: number } })?.data?.httpStatus ?? 0;
    if (httpStatus >= 500) fiveXx = true;
    // A single answer's status is its error's; a batch answers 207 when its items differ.
    bodyProblem ??= trpcErrorProblem(i.error, Array.isArray(body) && res.status === 207 ? null : res.status);
  }
  if (res.status >= 400 && successes) bodyProblem ??= `a ${res.status} with a result in it`;
  return { fiveXx, bodyProblem, accepted: is2xx(res.status) && successes > 0 };
}

/** `{errors?: [{message, locations?, path?, extensions: {code, statusCode, issues?}}], data?}`. */
function graphqlErrorProblem(error: unknown): string | null {
  if (!error || typeof error !== "object") return "error is not an object";
  const e = error as Record<string, any>;
  const extra = Object.keys(e).filter((k) => !["message", "locations", "path", "extensions"].includes(k));
  if (extra.length) return `unexpected error fields ${extra.join(", ")}`;
  if (typeof e.message !== "string" || !e.message) return "message is not a non-empty string";
  if (STACK.test(e.message)) return "stack trace in the message";
  const x = e.extensions as Record<string, unknown> | undefined;
  if (!x || typeof x.code !== "string" || typeof x.statusCode !== "number")
    return `extensions ${JSON.stringify(x)} lack code or statusCode`;
  const internal = Object.keys(x).filter((k) => ["originalError", "stacktrace", "exception", "http", "unexpected"].includes(k));
  if (internal.length) return `internal extensions ${internal.join(", ")}`;
  return issuesProblemOf(x.issues);
}

/**
 * `rootFields`: a mutation's response keys, in order. Mutation fields run one after another, and a
 * failing non-null field nulls the whole `data` (later fields do not run): the fields before it ran
 * (and may have written) although `data` is null. (Query fields run at once: when one fails, which
 * others succeeded is not known, and `data` shows none of them.)
 */
export function graphqlVerdict(res: RawResult, rootFields: string[] = []): Verdict {
  const { body, problem } = parsed(res);
  if (problem) return { fiveXx: res.status >= 500, bodyProblem: res.status >= 400 ? problem : null, accepted: is2xx(res.status) };
  const b = body as { errors?: unknown; data?: unknown } | null;
  if (!b || typeof b !== "object" || Array.isArray(b)) return { fiveXx: res.status >= 500, bodyProblem: "not an object", accepted: false };
  const errors = Array.isArray(b.errors) ? b.errors : [];
  if (b.errors !== undefined && !Array.isArray(b.errors))
    return { fiveXx: res.status >= 500, bodyProblem: "errors is not a list", accepted: false };
  let bodyProblem: string | null = null;
  let fiveXx = res.status >= 500;
  for (const error of errors) {
    bodyProblem ??= graphqlErrorProblem(error);
    const x = (error as { extensions?: { code?: unknown; statusCode?: unknown } })?.extensions;
    if (x?.code === "INTERNAL_SERVER_ERROR" || (typeof x?.statusCode === "number" && x.statusCode >= 500)) fiveXx = true;
  }
  if (res.status >= 400) {
    if (!errors.length) bodyProblem ??= `a ${res.status} without errors`;
    else if (!errors.some((e) => (e as { extensions?: { statusCode?: unknown } }).extensions?.statusCode === res.status))
      bodyProblem ??= `no error has statusCode ${res.status}`;
  }
  if (!errors.length && b.data === undefined) bodyProblem ??= "neither data nor errors";
  const data = b.data as Record<string, unknown> | null | undefined;
  const someData = !!data && typeof data === "object" && Object.values(data).some((v) => v !== null);
  const paths = errors.map((e) => (e as { path?: unknown }).path);
  const executed = errors.length > 0 && paths.every(Array.isArray);
  // Root fields before the first failing one (in document order) ran to the end.
  const failing = new Set(paths.map((p) => (p as unknown[] | undefined)?.[0]));
  const firstFailing = rootFields.findIndex((f) => failing.has(f));
  const ranWithoutError = executed && firstFailing > 0;
  return { fiveXx, bodyProblem, accepted: is2xx(res.status) && (someData || ranWithoutError) };
}

export function restVerdict(method: string, res: RawResult): Verdict {
  return {
    fiveXx: res.status >= 500,
    bodyProblem: res.status >= 400 ? errorBodyProblem(method, res) : null,
    accepted: is2xx(res.status),
  };
}

export function verdictOf(surface: Surface, method: string, res: RawResult, rootFields?: string[]): Verdict {
  if (res.hung || res.status === 0) return { fiveXx: false, bodyProblem: null, accepted: false };
  // The HTTP server answers an oversized request line or header block itself, before any surface
  // (the REST body, as for every path); HEAD answers have no body to check.
  if (surface === "rest" || method === "HEAD" || res.status === 431) return restVerdict(method, res);
  return surface === "trpc" ? trpcVerdict(res) : graphqlVerdict(res, rootFields);
}
