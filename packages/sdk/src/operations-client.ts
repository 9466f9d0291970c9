// Builds `client.<domain>.<method>` from the generated operations table: positional path
// parameters, then one object whose fields go to the query string or the JSON body as the
// OpenAPI document says. Paginated GETs (those taking `page`) also get `<method>All`.
import { OPERATIONS } from "./generated/operations";
import type { GeneratedClient } from "./operation-types";
import { paginate } from "./paginate";
import type { HttpMethod, Transport } from "./transport";

interface OperationSpec {
  readonly method: string;
  readonly path: string;
  readonly query: readonly string[];
  readonly body: boolean;
}

const PARAM = /\{(\w+)\}/g;

function methodNameOf(id: string): string {
  const [, ...rest] = id.split(".");
  return rest.map((part, i) => (i === 0 ? part : part.charAt(0).toUpperCase() + part.slice(1))).join("");
}

function isOptionsBag(value: unknown): value is { signal?: AbortSignal; headers?: Record<string, string> } {
  return (
    !!value &&
    typeof value === "object" &&
    ("signal" in value || "headers" in value) &&
    Object.keys(value).every((k) => k === "signal" || k === "headers")
  );
}

export function buildCall(transport: Transport, spec: OperationSpec) {
  const names = [...spec.path.matchAll(PARAM)].map((m) => m[1]!);
  return async (...args: unknown[]): Promise<unknown> => {
    const positional = args.slice(0, names.length);
    if (positional.length < names.length || positional.some((v) => typeof v !== "string" || v === "")) {
      throw new TypeError(`${spec.method} ${spec.path}: expected ${names.length} path parameter(s) (${names.join(", ")})`);
    }
    let input = args[names.length] as Record<string, unknown> | undefined;
    let options = args[names.length + 1] as { signal?: AbortSignal; headers?: Record<string, string> } | undefined;
    if (options === undefined && isOptionsBag(input) && !spec.body && spec.query.length === 0) {
      options = input;
      input = undefined;
    }
    const path = spec.path.replace(PARAM, (_m, name: string) => encodeURIComponent(positional[names.indexOf(name)] as string));
    const query: Record<string, unknown> = {};
    const body: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(input ?? {})) {
      if (names.includes(k)) continue;
      if (spec.query.includes(k)) query[k] = v;
      else body[k] = v;
    }
    return transport.json({
      method: spec.method as HttpMethod,
      path,
      query,
      body: spec.body ? body : undefined,
      signal: options?.signal,
      headers: options?.headers,
    });
  };
}

export function buildGeneratedClient(transport: Transport): GeneratedClient {
  const client: Record<string, Record<string, unknown>> = {};
  for (const [id, spec] of Object.entries(OPERATIONS) as [string, OperationSpec][]) {
    const domain = id.split(".")[0]!;
    const name = methodNameOf(id);
    const call = buildCall(transport, spec);
    const target = (client[domain] ??= {});
    target[name] = call;
    if (spec.method === "GET" && spec.query.includes("page")) {
      const paramCount = [...spec.path.matchAll(PARAM)].length;
      target[`${name}All`] = (...args: unknown[]) => {
        const positional = args.slice(0, paramCount);
        const input = (args[paramCount] ?? {}) as Record<string, unknown>;
        const options = args[paramCount + 1];
        const defaults = spec.query.includes("limit") ? { limit: 200 } : {};
        return paginate(
          (page) =>
            call(...positional, { ...defaults, ...input, page }, options) as Promise<{ data: unknown[]; meta: { totalPages: number } }>,
        );
      };
    }
  }
  return client as unknown as GeneratedClient;
}
