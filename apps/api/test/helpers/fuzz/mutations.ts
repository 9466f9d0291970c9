// One fuzzed request per draw: an operation of the document, a tenant, and one way of getting it
// wrong — a bad path parameter (dot segments, encoded separators, NUL, very long, another tenant's
// id), an odd query value, a body of the wrong type, missing or extra fields, huge or deeply nested
// values, invalid JSON, the wrong content type, bad credentials, an oversized header — or, now and
// then, nothing wrong at all, so valid requests keep changing the state the others run against.
import fc from "fast-check";
import type { RouteIds } from "../fixture-world";
import type { FuzzOperation, JsonSchema } from "./openapi-operations";
import { oddStringArb, type ValueContext, validValueOf } from "./schema-values";
import { encodeComponent } from "./send-raw";
import type { Tenant } from "./tenants";
import type { Surface } from "./transport-checks";
import { nestedJson, pathsIn, valueMistakes } from "./value-paths";

export interface FuzzRequest {
  /** The operation, procedure or field the request aims at (`id` names it in the figures). */
  op: { id: string };
  /** Which API (REST when absent). */
  surface?: Surface;
  /** GraphQL mutations: the response keys the document asks for, in order (aliases included). */
  rootFields?: string[];
  tenant: Tenant;
  /** Which mistake this request carries (the figures count by it). */
  kind: string;
  method: string;
  /** Request target exactly as sent: path and query, already encoded (or deliberately not). */
  target: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** The other tenant's ids named in the path on purpose: a 2xx then crossed tenants. */
  namesOtherTenant: boolean;
}

export const ODD_SEGMENTS = [
  ".",
  "..",
  "%2e",
  "%2E%2E",
  ".%2e",
  "%2e.",
  "%2F",
  "a%2Fb",
  "..%2F..",
  "%5C",
  "%5C..%5C",
  "%00",
  "x%00y",
  "%252e%252e",
  "%",
  "%zz",
  "%ff",
  "%ED%A0%80",
  "%F0%9F%98%80",
  "null",
  "undefined",
  "0",
  "-1",
  "1e999",
  "current",
  "%20",
  "%22%27%3C%3E",
  ";",
  "*",
  "~",
  "00000000-0000-4000-8000-000000000000",
  "a".repeat(5000),
  "%41".repeat(3000),
];

export const ODD_QUERY_VALUES = [
  "",
  "-1",
  "0",
  "1.5",
  "99999999999999999999999",
  "1e309",
  "-1e309",
  "NaN",
  "Infinity",
  "0x10",
  "%201",
  "true",
  "[]",
  "%00",
  "a%00b",
  "%ZZ",
  "%",
  "%ED%A0%80",
  "%F0%9F%92%A9",
  "null",
  "..%2F..",
  "x".repeat(10000),
];

const CONTENT_TYPES = [
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=xyz",
  "application/xml",
  "application/json; charset=latin1",
  "application/json; charset=utf-16",
  "application/jsonx",
  "",
];

const INVALID_JSON = [
  "{",
  "}",
  "{'a': 1}",
  '{"a": 1,}',
  '{"a": NaN}',
  '{"a": undefined}',
  "\ufeff{}",
  "[1, 2",
  '{"a": "\\x41"}',
  '{"a": "\\ud800"}',
  '{"a": "unterminated}',
  "nul",
  "\u0000",
  '{"a":1}{"b":2}',
  "-",
  "1e99999",
];

/** Path parameter name → which of a tenant's ids fills it (with the path for context). */
export function idFor(name: string, path: string, ids: RouteIds): string {
  switch (name) {
    case "orgId":
      return ids.orgId;
    case "projectId":
      return ids.projectId;
    case "id":
      if (path.includes("/glossaries/")) return ids.glossaryId;
      if (path.includes("/webhooks/")) return path.startsWith("/projects/") ? ids.projectWebhookId : ids.orgWebhookId;
      return ids.projectId;
    case "tokenId":
      return path.startsWith("/projects/") ? ids.projectTokenId : ids.orgTokenId;
    case "entryId":
      return ids.tmEntryId;
    case "language":
    case "lang":
      return ids.language;
    default:
      return (ids as unknown as Record<string, string>)[name] ?? "unknown";
  }
}

function queryValueFor(name: string, schema: JsonSchema, ctx: ValueContext): fc.Arbitrary<string> {
  if (schema.enum?.length) return fc.constantFrom(...schema.enum.map(String));
  if (name === "keyIds") return fc.constant(ctx.ids.keyId);
  if (name === "languages") return fc.constantFrom("de", "de,fr", "en,de,fr");
  if (/^(includeArchived|resolved|includeUntranslated)$/.test(name)) return fc.constantFrom("true", "false");
  if (name === "lastEventId") return fc.constantFrom("0", "1");
  return validValueOf(schema, ctx, name).map((v) => encodeComponent(String(v)));
}

type BodyDraw = { kind: string; body?: string; contentType?: string };

function bodyMutation(op: FuzzOperation, ctx: ValueContext): fc.Arbitrary<BodyDraw> {
  const json = (kind: string) => (v: unknown) => ({ kind, body: JSON.stringify(v) });
  if (!op.body) {
    return fc.oneof(
      fc.constantFrom(...INVALID_JSON).map((body) => ({ kind: "body:unexpected-invalid-json", body })),
      fc.constant({ kind: "body:unexpected", body: JSON.stringify({ unexpected: ctx.marker }) }),
    );
  }
  const schema = op.body;
  const valid = validValueOf(schema, ctx);
  const withPath = valid.chain((v) => fc.constantFrom(...pathsIn(v)).map((p) => ({ v, p })));
  const required = schema.required ?? [];
  const odd = valueMistakes(withPath, schema, ctx.marker);
  return fc.oneof(
    { weight: 3, arbitrary: valid.map(json("valid")) },
    {
      weight: 3,
      arbitrary: odd.wrongType.map(json("body:wrong-type")),
    },
    {
      weight: required.length ? 2 : 0,
      arbitrary: valid
        .chain((v) =>
          fc.constantFrom(...(required.length ? required : ["_"])).map((r) => {
            const copy = { ...(v as Record<string, unknown>) };
            delete copy[r];
            return copy;
          }),
        )
        .map(json("body:missing-required")),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          valid,
          fc.constantFrom("extra", "__proto__", "constructor", "_id", "organizationId", "projectId", "createdAt"),
          oddStringArb(),
        )
        .map(([v, key, extra]) =>
          v && typeof v === "object" && !Array.isArray(v)
            ? JSON.stringify(v).replace(/^\{/, `{${JSON.stringify(key)}:${JSON.stringify(extra)}${Object.keys(v).length ? "," : ""}`)
            : JSON.stringify(v),
        )
        .map((body) => ({ kind: "body:extra-field", body })),
    },
    { weight: 3, arbitrary: odd.oddString.map(json("body:odd-string")) },
    { weight: 1, arbitrary: odd.hugeString.map(json("body:huge-string")) },
    { weight: 1, arbitrary: odd.hugeArray.map(json("body:huge-array")) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(64, 500, 3_000, 10_000, 50_000), fc.constantFrom("1", '"x"', "{}"))
        .map(([d, leaf]) => ({ kind: "body:deep-nesting", body: nestedJson(d, leaf) })),
    },
    { weight: 1, arbitrary: fc.constantFrom(null, 1, "text", [], [{}], true).map(json("body:not-an-object")) },
    { weight: 2, arbitrary: fc.constantFrom(...INVALID_JSON).map((body) => ({ kind: "body:invalid-json", body })) },
    {
      weight: 2,
      arbitrary: fc.tuple(valid, fc.constantFrom(...CONTENT_TYPES)).map(([v, contentType]) => ({
        kind: "body:wrong-content-type",
        body: contentType.startsWith("application/x-www") ? "name=x&key=y" : JSON.stringify(v),
        contentType,
      })),
    },
    { weight: 1, arbitrary: fc.constant<BodyDraw>({ kind: "body:empty", body: "" }) },
  );
}

export interface DrawContext {
  tenants: [Tenant, Tenant];
  webhookUrl: string;
}

type Family = "valid" | "path" | "query" | "body" | "request";

/**
 * The arbitrary of one fuzzed request for `op`. Each request gets wrong in one place only (its
 * path, its query, its body, or its credentials/method/headers), so a finding names its cause.
 */
export function requestArb(op: FuzzOperation, dc: DrawContext): fc.Arbitrary<FuzzRequest> {
  const perTenant = dc.tenants.map((tenant, who) => {
    const other = dc.tenants[1 - who]!;
    const ctx: ValueContext = { marker: tenant.marker, ids: tenant.ids, webhookUrl: dc.webhookUrl };
    const ownIds = op.pathParams.map((p) => idFor(p.name, op.path, tenant.ids));
    const oddParam = fc.tuple(
      ...op.pathParams.map((p, i) =>
        fc.oneof(
          { weight: 2, arbitrary: fc.constant({ value: ownIds[i]!, kind: "" }) },
          {
            // Language codes are no tenant's own: only ids can cross tenants.
            weight: p.name === "language" || p.name === "lang" ? 0 : 1,
            arbitrary: fc.constant({ value: idFor(p.name, op.path, other.ids), kind: "path:other-tenant" }),
          },
          { weight: 2, arbitrary: fc.constantFrom(...ODD_SEGMENTS).map((value) => ({ value, kind: "path:odd" })) },
        ),
      ),
    );
    const validQuery = fc.tuple(
      ...op.queryParams.map((q) =>
        fc.option(
          queryValueFor(q.name, q.schema, ctx).map((v) => `${q.name}=${v}`),
          { freq: 2 },
        ),
      ),
    );
    const oddQuery = fc.tuple(
      fc.tuple(
        ...op.queryParams.map((q) =>
          fc.oneof(
            { weight: 2, arbitrary: fc.constant(null) },
            { weight: 1, arbitrary: queryValueFor(q.name, q.schema, ctx).map((v) => `${q.name}=${v}`) },
            { weight: 2, arbitrary: fc.constantFrom(...ODD_QUERY_VALUES).map((v) => `${q.name}=${v}`) },
            { weight: 1, arbitrary: fc.constantFrom(`${q.name}=1&${q.name}=2`, `${q.name}[]=1`, `${q.name}[a]=b`, q.name) },
          ),
        ),
      ),
      fc.constantFrom("", "unknown=1", "__proto__[x]=1", "a=%00"),
    );
    const validBody: fc.Arbitrary<BodyDraw> = op.body
      ? validValueOf(op.body, ctx).map((v) => ({ kind: "valid", body: JSON.stringify(v) }))
      : fc.constant({ kind: "valid" });
    const requestMistake = fc.oneof(
      fc.constant({ kind: "auth:none", auth: "none" }),
      fc.constantFrom("svc_", "svc_invalid", "x".repeat(5000), "svc_%00").map((bad) => ({ kind: "auth:bad-key", auth: bad })),
      fc.constant({ kind: "header:oversized", auth: "key" }),
      fc.constantFrom("HEAD", "OPTIONS", "PUT", "TRACE").map((m) => ({ kind: `method:${m}`, auth: "key" })),
    );
    const families: Array<{ weight: number; arbitrary: fc.Arbitrary<Family> }> = [
      { weight: 2, arbitrary: fc.constant("valid") },
      { weight: op.pathParams.length ? 4 : 0, arbitrary: fc.constant("path") },
      { weight: op.queryParams.length ? 2 : 1, arbitrary: fc.constant("query") },
      { weight: op.body ? 8 : 1, arbitrary: fc.constant("body") },
      { weight: 2, arbitrary: fc.constant("request") },
    ];
    return fc.oneof(...families).chain((family) =>
      fc
        .record({
          prefix: fc.constantFrom("/api", "/api", "/api/v1"),
          params: family === "path" ? oddParam : fc.constant(ownIds.map((value) => ({ value, kind: "" }))),
          query:
            family === "query"
              ? oddQuery.map(([q, extra]) => ({ parts: [...q, extra], odd: true }))
              : validQuery.map((q) => ({ parts: q, odd: false })),
          body: family === "body" ? bodyMutation(op, ctx) : validBody,
          header:
            family === "request"
              ? requestMistake
              : fc.constantFrom({ kind: "", auth: "key" }, { kind: "", auth: "key" }, { kind: "", auth: "cookie" }),
        })
        .map(({ prefix, params, query, body, header }): FuzzRequest => {
          let path = op.path;
          op.pathParams.forEach((p, i) => {
            path = path.replace(`{${p.name}}`, params[i]!.value);
          });
          const queryParts = query.parts.filter((q): q is string => !!q);
          const target = `${prefix}${path}${queryParts.length ? `?${queryParts.join("&")}` : ""}`;
          const headers: Record<string, string> = { accept: op.isStream ? "text/event-stream" : "application/json" };
          if (header.auth === "key") headers["x-api-key"] = tenant.owner.apiKey;
          else if (header.auth === "cookie") headers.cookie = tenant.owner.cookie;
          else if (header.auth !== "none") headers["x-api-key"] = header.auth;
          if (header.kind === "header:oversized") headers["x-padding"] = "p".repeat(20_000);
          if (body.body !== undefined && body.contentType !== "") headers["content-type"] = body.contentType ?? "application/json";
          const kind =
            family === "path"
              ? (params.find((p) => p.kind)?.kind ?? "valid")
              : family === "query"
                ? "query:odd"
                : family === "body"
                  ? body.kind
                  : family === "request"
                    ? header.kind
                    : "valid";
          const method = header.kind.startsWith("method:") ? header.kind.slice("method:".length) : op.method;
          return {
            op,
            tenant,
            kind,
            method,
            target,
            headers,
            body: body.body === undefined ? undefined : Buffer.from(body.body, "utf8"),
            namesOtherTenant: params.some((p) => p.kind === "path:other-tenant"),
          };
        }),
    );
  });
  return fc.oneof(...perTenant);
}
