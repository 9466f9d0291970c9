// Fuzzed requests for /graphql: every query and mutation field of the served schema (read by
// introspection, as the REST fuzzer reads the OpenAPI document), its arguments drawn from their
// GraphQL types, sent as variables or as inline literals, by POST (JSON, form-encoded, multipart) or
// GET, alone or twice under aliases — each request wrong in one place: an argument's type, a
// hostile string (NUL, lone surrogates, …) in a variable or a literal, a huge or deeply nested value,
// malformed or repeated variables, a mutation over GET, another method, the other tenant's ids,
// missing or bad credentials. About a quarter are valid.
import fc from "fast-check";
import { getIntrospectionQuery } from "graphql";
import type { RouteIds } from "../fixture-world";
import type { TestServer } from "../test-server";
import type { FuzzRequest } from "./mutations";
import type { JsonSchema } from "./openapi-operations";
import { oddStringArb, type ValueContext, validValueOf, wrongTypeOf } from "./schema-values";
import { encodeComponent } from "./send-raw";
import { credentialHeaders, type Tenant } from "./tenants";
import { nestedJson, pathsIn, schemaAt, setAt } from "./value-paths";

interface TypeRef {
  kind: string;
  name: string | null;
  ofType: TypeRef | null;
}
interface InputValue {
  name: string;
  type: TypeRef;
}
interface IntrospectedType {
  kind: string;
  name: string;
  fields: Array<{ name: string; args: InputValue[]; type: TypeRef }> | null;
  inputFields: InputValue[] | null;
  enumValues: Array<{ name: string }> | null;
}

export interface GraphqlField {
  /** `graphql query.<name>` or `graphql mutation.<name>`. */
  id: string;
  operation: "query" | "mutation";
  name: string;
  args: InputValue[];
  /** The selection set for its result ("" for a scalar result). */
  selection: string;
}

export interface GraphqlSchemaMap {
  fields: GraphqlField[];
  types: Map<string, IntrospectedType>;
}

const named = (t: TypeRef): TypeRef => (t.ofType ? named(t.ofType) : t);
const printType = (t: TypeRef): string =>
  t.kind === "NON_NULL" ? `${printType(t.ofType!)}!` : t.kind === "LIST" ? `[${printType(t.ofType!)}]` : t.name!;

/** Every query and mutation field of the served schema, read by introspection. */
export async function graphqlSchemaOf(server: TestServer, apiKey: string): Promise<GraphqlSchemaMap> {
  const res = await server.request("POST", "/graphql", { apiKey, body: { query: getIntrospectionQuery() } });
  if (res.status !== 200 || !res.body?.data) throw new Error(`introspection: ${res.status} ${res.text.slice(0, 300)}`);
  const schema = res.body.data.__schema as {
    types: IntrospectedType[];
    queryType: { name: string };
    mutationType: { name: string } | null;
  };
  const types = new Map(schema.types.map((t) => [t.name, t]));
  const selectionOf = (ref: TypeRef): string => {
    const type = types.get(named(ref).name!);
    if (!type || (type.kind !== "OBJECT" && type.kind !== "INTERFACE")) return "";
    const leaves = (type.fields ?? [])
      .filter((f) => !f.args.some((a) => a.type.kind === "NON_NULL"))
      .filter((f) => ["SCALAR", "ENUM"].includes(types.get(named(f.type).name!)?.kind ?? ""))
      .map((f) => f.name);
    return `{ ${leaves.length ? leaves.join(" ") : "__typename"} }`;
  };
  const fields: GraphqlField[] = [];
  for (const [operation, typeName] of [
    ["query", schema.queryType.name],
    ["mutation", schema.mutationType?.name],
  ] as const) {
    if (!typeName) continue;
    for (const f of types.get(typeName)?.fields ?? [])
      fields.push({ id: `graphql ${operation}.${f.name}`, operation, name: f.name, args: f.args, selection: selectionOf(f.type) });
  }
  return { fields, types };
}

/** The record an id argument names, from its name and the field's (`deleteGlossary(id:)` is a glossary). */
function idFor(arg: string, field: string, ids: RouteIds): string | undefined {
  if (arg === "id") {
    if (/Glossary/.test(field)) return ids.glossaryId;
    if (/Token/.test(field)) return ids.orgTokenId;
    if (/Session/.test(field)) return "00000000-0000-7000-8000-000000000000";
    return ids.projectId;
  }
  if (arg === "language") return ids.language;
  // Record ids only: the fixture's credentials (email, password, tokens) are values, not records.
  if (!/Id$/.test(arg) && arg !== "keyName") return undefined;
  const value = (ids as unknown as Record<string, unknown>)[arg];
  return typeof value === "string" ? value : undefined;
}

/**
 * Arguments that narrow a list rather than name a record to reach: another tenant's value there
 * (`activity(userId:)`) rightly finds nothing, an empty 200, not a leak.
 */
const FILTER_ARGS: Record<string, string[]> = { activity: ["userId"] };

/** Whether the drawn arguments reach for one of `ids`' records (optional ids may have been left out). */
function namesRecordOf(values: unknown, field: string, ids: RouteIds, arg = ""): boolean {
  if (Array.isArray(values)) return values.some((v) => namesRecordOf(v, field, ids, arg.replace(/s$/, "")));
  if (values && typeof values === "object") {
    return Object.entries(values).some(([name, v]) => namesRecordOf(v, field, ids, name));
  }
  // A language is the same in both tenants, not a record of either.
  if (arg === "language" || FILTER_ARGS[field]?.includes(arg)) return false;
  return typeof values === "string" && values === idFor(arg, field, ids);
}

/** A JSON schema for a GraphQL input type, ids filled in from `ids` (so values name real records). */
function schemaOfType(ref: TypeRef, map: GraphqlSchemaMap, field: string, argName: string, ids: RouteIds, depth = 0): JsonSchema {
  if (ref.kind === "NON_NULL") return schemaOfType(ref.ofType!, map, field, argName, ids, depth);
  if (ref.kind === "LIST")
    return { type: "array", items: schemaOfType(ref.ofType!, map, field, argName.replace(/s$/, ""), ids, depth + 1) };
  const id = idFor(argName, field, ids);
  if (id) return { type: "string", const: id };
  const type = map.types.get(ref.name!);
  if (type?.kind === "ENUM") return { enum: (type.enumValues ?? []).map((v) => v.name) };
  if (type?.kind === "INPUT_OBJECT") {
    if (depth > 4) return { type: "object", properties: {} };
    const properties: Record<string, JsonSchema> = {};
    for (const f of type.inputFields ?? []) properties[f.name] = schemaOfType(f.type, map, field, f.name, ids, depth + 1);
    return { type: "object", properties, required: (type.inputFields ?? []).filter((f) => f.type.kind === "NON_NULL").map((f) => f.name) };
  }
  switch (ref.name) {
    case "Int":
      return { type: "integer", minimum: /^(limit|page)$/.test(argName) ? 1 : 0, maximum: 50 };
    case "Float":
      return { type: "number", minimum: 0, maximum: 1 };
    case "Boolean":
      return { type: "boolean" };
    case "JSON":
      return { type: "object", properties: {} };
    case "DateTime":
      return { type: "string", format: "date-time" };
    default:
      return { type: "string" };
  }
}

function argumentsSchema(f: GraphqlField, map: GraphqlSchemaMap, ids: RouteIds): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const a of f.args) properties[a.name] = schemaOfType(a.type, map, f.name, a.name, ids);
  return { type: "object", properties, required: f.args.filter((a) => a.type.kind === "NON_NULL").map((a) => a.name) };
}

const NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;

/** A value as a GraphQL literal; strings naming a value of the enum the type expects go bare. */
function literal(value: unknown, ref: TypeRef | null, map: GraphqlSchemaMap): string {
  const inner = ref?.kind === "NON_NULL" ? ref.ofType : ref;
  if (value === null || value === undefined) return "null";
  if (Array.isArray(value)) return `[${value.map((v) => literal(v, inner?.kind === "LIST" ? inner.ofType : inner, map)).join(", ")}]`;
  const type = inner && inner.kind !== "LIST" ? map.types.get(inner.name!) : undefined;
  if (typeof value === "string") return type?.kind === "ENUM" && NAME.test(value) ? value : JSON.stringify(value);
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "1e999";
  if (typeof value === "boolean") return String(value);
  const fields = type?.inputFields ?? [];
  const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => {
    const fieldType = fields.find((f) => f.name === k)?.type ?? null;
    return `${NAME.test(k) ? k : JSON.stringify(k)}: ${literal(v, fieldType, map)}`;
  });
  return `{${entries.join(", ")}}`;
}

function documentOf(
  f: GraphqlField,
  values: Record<string, unknown> | null,
  inline: boolean,
  aliases: number,
  map: GraphqlSchemaMap,
): string {
  const present = f.args.filter((a) => values && typeof values === "object" && a.name in values);
  const args = present.map((a) => `${a.name}: ${inline ? literal(values![a.name], a.type, map) : `$${a.name}`}`).join(", ");
  const call = `${f.name}${args ? `(${args})` : ""} ${f.selection}`;
  const body = aliases > 1 ? Array.from({ length: aliases }, (_, i) => `a${i}: ${call}`).join(" ") : call;
  const vars = inline || !present.length ? "" : `(${present.map((a) => `$${a.name}: ${printType(a.type)}`).join(", ")})`;
  return `${f.operation} Fuzz${vars} { ${body} }`;
}

type ValueDraw = { kind: string; values: Record<string, unknown> | null; variablesText?: string; otherTenant?: boolean };

function valuesArb(f: GraphqlField, map: GraphqlSchemaMap, own: Tenant, other: Tenant, ctx: ValueContext): fc.Arbitrary<ValueDraw> {
  const schema = argumentsSchema(f, map, own.ids);
  const valid = validValueOf(schema, ctx).map((v) => v as Record<string, unknown>);
  // Inside the arguments when there are any (else the variables object itself).
  const withPath = valid.chain((v) => {
    const inside = pathsIn(v).filter((p) => p.length);
    return fc.constantFrom(...(inside.length ? inside : [[]])).map((p) => ({ v, p }));
  });
  const at = (kind: string) => (v: unknown) => ({ kind, values: v as Record<string, unknown> });
  const hasArgs = f.args.length > 0;
  const hasIds = f.args.some((a) => idFor(a.name, f.name, own.ids));
  return fc.oneof(
    { weight: 5, arbitrary: valid.map(at("valid")) },
    {
      weight: hasIds ? 2 : 0,
      arbitrary: validValueOf(argumentsSchema(f, map, other.ids), ctx).map((v) => ({
        kind: "other-tenant",
        values: v as Record<string, unknown>,
        otherTenant: namesRecordOf(v, f.name, other.ids),
      })),
    },
    {
      weight: hasArgs ? 3 : 0,
      arbitrary: withPath.chain(({ v, p }) => wrongTypeOf(schemaAt(schema, p)).map((w) => setAt(v, p, w))).map(at("wrong-type")),
    },
    { weight: hasArgs ? 3 : 0, arbitrary: withPath.chain(({ v, p }) => oddStringArb().map((s) => setAt(v, p, s))).map(at("odd-string")) },
    {
      weight: hasArgs ? 1 : 0,
      arbitrary: withPath
        .chain(({ v, p }) => fc.integer({ min: 100_000, max: 400_000 }).map((n) => setAt(v, p, "x".repeat(n))))
        .map(at("huge-string")),
    },
    {
      weight: hasArgs ? 1 : 0,
      arbitrary: withPath
        .chain(({ v, p }) => fc.integer({ min: 1_000, max: 5_000 }).map((n) => setAt(v, p, Array(n).fill(ctx.marker))))
        .map(at("huge-array")),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(64, 500, 3_000, 10_000)
        .map((d) => ({ kind: "deep-variables", values: null, variablesText: nestedJson(d, "1") })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom("{", "[1]", '"text"', '{"a":"\\ud800"}', '{"a":"\\u0000"}', "nul")
        .map((variablesText) => ({ kind: "malformed-variables", values: null, variablesText })),
    },
  );
}

const enc = encodeComponent;

export function graphqlRequestArb(
  f: GraphqlField,
  map: GraphqlSchemaMap,
  tenants: [Tenant, Tenant],
  webhookUrl: string,
): fc.Arbitrary<FuzzRequest> {
  const perTenant = tenants.map((tenant, who) => {
    const other = tenants[1 - who]!;
    const ctx: ValueContext = { marker: tenant.marker, ids: tenant.ids, webhookUrl };
    const drawn = valuesArb(f, map, tenant, other, ctx);
    const valid = validValueOf(argumentsSchema(f, map, tenant.ids), ctx).map(
      (v) => ({ kind: "valid", values: v as Record<string, unknown> }) as ValueDraw,
    );
    const natural = f.operation === "query" ? fc.constantFrom("post", "post", "get") : fc.constant("post");
    const transport = fc.oneof(
      { weight: 8, arbitrary: natural },
      { weight: 3, arbitrary: fc.constant("inline") },
      { weight: 2, arbitrary: fc.constant("aliases") },
      { weight: 1, arbitrary: fc.constant(f.operation === "mutation" ? "mutation-over-get" : "repeated-variables") },
      { weight: 1, arbitrary: fc.constantFrom("form", "multipart") },
      { weight: 1, arbitrary: fc.constantFrom("PUT", "DELETE", "HEAD").map((m) => `method:${m}`) },
      { weight: 1, arbitrary: fc.constantFrom("svc_", "svc_invalid", "none").map((k) => `auth:${k}`) },
    );
    return fc
      .record({ drawn, validDraw: valid, transport, cookie: fc.boolean() })
      .map(({ drawn, validDraw, transport, cookie }): FuzzRequest => {
        // The value mistakes go with the plain, inline and alias transports; the others carry a valid request.
        const carriesDrawn = ["post", "get", "inline", "aliases"].includes(transport);
        const draw = carriesDrawn ? drawn : validDraw;
        const inline = transport === "inline" && draw.values !== null;
        const document = documentOf(f, draw.values, inline, transport === "aliases" ? 2 : 1, map);
        const variablesText = draw.variablesText ?? (inline ? undefined : JSON.stringify(draw.values ?? {}));
        const headers = credentialHeaders(transport, tenant, cookie);
        let method = "POST";
        let target = "/graphql";
        let body: string | undefined;
        const search = `query=${enc(document)}${variablesText === undefined ? "" : `&variables=${enc(variablesText)}`}`;
        if (transport === "get" || transport === "mutation-over-get") {
          method = "GET";
          target += `?${search}`;
        } else if (transport === "repeated-variables") {
          method = "GET";
          target += `?${search}&variables=${enc("{}")}`;
        } else if (transport === "form") {
          body = search;
          headers["content-type"] = "application/x-www-form-urlencoded";
        } else if (transport === "multipart") {
          const part = (name: string, value: string) => `--fuzz\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
          body = `${part("query", document)}${variablesText === undefined ? "" : part("variables", variablesText)}--fuzz--\r\n`;
          headers["content-type"] = "multipart/form-data; boundary=fuzz";
        } else {
          if (transport.startsWith("method:")) method = transport.slice("method:".length);
          body = `{"query":${JSON.stringify(document)}${variablesText === undefined ? "" : `,"variables":${variablesText}`}}`;
          if (method === "HEAD") body = undefined;
          else headers["content-type"] = "application/json";
        }
        const mistake = carriesDrawn
          ? draw.kind === "valid"
            ? transport === "post" || transport === "get"
              ? "valid"
              : transport
            : `${transport === "inline" ? "inline " : ""}${draw.kind}`
          : transport.split(":")[0]!;
        return {
          op: { id: f.id },
          surface: "graphql",
          tenant,
          kind: `graphql:${mistake}`,
          method,
          target,
          headers,
          body: body === undefined ? undefined : Buffer.from(body, "utf8"),
          namesOtherTenant: !!draw.otherTenant,
          // Mutation fields run in order, so which ran is known; query fields run at once.
          rootFields: f.operation === "query" ? [] : transport === "aliases" ? ["a0", "a1"] : [f.name],
        };
      });
  });
  return fc.oneof(...perTenant);
}
