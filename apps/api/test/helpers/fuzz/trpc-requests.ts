// Fuzzed requests for /trpc: every procedure of the router, its input drawn from the schema of the
// REST operation it also serves (path, query and body fields are one input object), sent as a
// single call or in a `?batch=1` batch, over GET (queries) or POST (mutations) — each request wrong
// in one place: a field's type, a hostile string (NUL, lone surrogates, …), nesting, a huge value,
// a repeated `input`, malformed JSON, the wrong method or content type, the other tenant's ids,
// missing or bad credentials. About a quarter are valid.
import fc from "fast-check";
import { appRouter } from "../../../src/routers";
import { procedureMeta, proceduresOf, procedureType } from "../../../src/trpc/procedure-internals";
import type { FuzzRequest } from "./mutations";
import { idFor } from "./mutations";
import type { FuzzOperation, JsonSchema } from "./openapi-operations";
import { type ValueContext, validValueOf } from "./schema-values";
import { encodeComponent } from "./send-raw";
import { credentialHeaders, type Tenant } from "./tenants";
import { nestedJson, pathsIn, valueMistakes } from "./value-paths";

export interface TrpcProcedure {
  /** `trpc <path>` (the figures count by it). */
  id: string;
  path: string;
  type: "query" | "mutation";
  /** The input as one object schema (path parameters, query and body merged), when known. */
  input: JsonSchema;
  /** Input fields that name a tenant's record, with the REST path that gives their meaning. */
  idFields: Array<{ name: string; restPath: string }>;
}

/** Every procedure of the router, with its input schema taken from the served OpenAPI document. */
export function trpcProceduresOf(operations: FuzzOperation[]): TrpcProcedure[] {
  const byId = new Map(operations.map((op) => [op.id, op]));
  return Object.entries(proceduresOf(appRouter))
    .filter(([, p]) => procedureType(p) === "query" || procedureType(p) === "mutation")
    .map(([path, p]) => {
      const openapi = procedureMeta(p)?.openapi;
      const op = openapi ? byId.get(`${openapi.method} ${openapi.path}`) : undefined;
      const properties: Record<string, JsonSchema> = {};
      const required: string[] = [];
      for (const param of [...(op?.pathParams ?? []), ...(op?.queryParams ?? [])]) {
        properties[param.name] = param.schema;
        if (param.required) required.push(param.name);
      }
      if (op?.body?.properties) {
        Object.assign(properties, op.body.properties);
        required.push(...(op.body.required ?? []));
      }
      return {
        id: `trpc ${path}`,
        path,
        type: procedureType(p) as "query" | "mutation",
        input: { type: "object", properties, required },
        idFields: (op?.pathParams ?? []).map((param) => ({ name: param.name, restPath: op!.path })),
      };
    });
}

const enc = encodeComponent;

type Draw = { kind: string; input: string; otherTenant?: boolean };

/** Input JSON text for one call, wrong in at most one place. */
function inputArb(proc: TrpcProcedure, ctx: ValueContext, own: Tenant, other: Tenant): fc.Arbitrary<Draw> {
  const withOwnIds = (v: unknown, who: Tenant) => {
    if (!v || typeof v !== "object" || Array.isArray(v)) return v;
    const copy = { ...(v as Record<string, unknown>) };
    for (const f of proc.idFields) copy[f.name] = idFor(f.name, f.restPath, who.ids);
    return copy;
  };
  const valid = validValueOf(proc.input, ctx).map((v) => withOwnIds(v, own));
  const withPath = valid.chain((v) => fc.constantFrom(...pathsIn(v)).map((p) => ({ v, p })));
  const odd = valueMistakes(withPath, proc.input, ctx.marker);
  const json = (kind: string) => (v: unknown) => ({ kind, input: JSON.stringify(v) ?? "null" });
  return fc.oneof(
    { weight: 4, arbitrary: valid.map(json("valid")) },
    {
      weight: proc.idFields.length ? 2 : 0,
      arbitrary: validValueOf(proc.input, ctx).map((v) => ({
        kind: "input:other-tenant",
        input: JSON.stringify(withOwnIds(v, other)),
        otherTenant: true,
      })),
    },
    {
      weight: 3,
      arbitrary: odd.wrongType.map(json("input:wrong-type")),
    },
    { weight: 3, arbitrary: odd.oddString.map(json("input:odd-string")) },
    { weight: 1, arbitrary: odd.hugeString.map(json("input:huge-string")) },
    { weight: 1, arbitrary: odd.hugeArray.map(json("input:huge-array")) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(64, 500, 3_000, 10_000), fc.constantFrom("1", '"x"', "{}"))
        .map(([d, leaf]) => ({ kind: "input:deep-nesting", input: nestedJson(d, leaf) })),
    },
    { weight: 1, arbitrary: fc.constantFrom(null, 1, "text", [], true).map(json("input:not-an-object")) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom("{", '{"a":1,}', "nul", '{"a":"\\ud800"}', '{"a":"\\u0000"}', "")
        .map((input) => ({ kind: "input:invalid-json", input })),
    },
  );
}

export function trpcRequestArb(proc: TrpcProcedure, tenants: [Tenant, Tenant], webhookUrl: string): fc.Arbitrary<FuzzRequest> {
  const perTenant = tenants.map((tenant, who) => {
    const other = tenants[1 - who]!;
    const ctx: ValueContext = { marker: tenant.marker, ids: tenant.ids, webhookUrl };
    const inputs = inputArb(proc, ctx, tenant, other);
    const transport = fc.oneof(
      { weight: 6, arbitrary: fc.constant("single") },
      { weight: 2, arbitrary: fc.constant("batch") },
      { weight: 1, arbitrary: fc.constant("repeated-input") },
      { weight: 1, arbitrary: fc.constant("wrong-method") },
      { weight: 1, arbitrary: fc.constantFrom("PUT", "HEAD", "OPTIONS", "DELETE").map((m) => `method:${m}`) },
      { weight: 1, arbitrary: fc.constant("wrong-content-type") },
      { weight: 1, arbitrary: fc.constantFrom("svc_", "svc_invalid", "none", "x".repeat(5000)).map((k) => `auth:${k}`) },
    );
    const valid = inputArb(proc, ctx, tenant, other).filter((d) => d.kind === "valid");
    const draws = fc.record({ drawn: inputs, second: valid, validInput: valid, transport, cookie: fc.boolean() });
    return draws.map(({ drawn, second, validInput, transport, cookie }): FuzzRequest => {
      // Batching is no mistake: the drawn input goes with it. Any other transport mistake goes with a valid input.
      const input = transport === "single" || transport === "batch" ? drawn : validInput;
      const natural = proc.type === "query" ? "GET" : "POST";
      let method = natural;
      if (transport === "wrong-method") method = natural === "GET" ? "POST" : "GET";
      if (transport.startsWith("method:")) method = transport.slice("method:".length);
      const headers = credentialHeaders(transport, tenant, cookie);
      const batch = transport === "batch";
      // A batch of two calls of this procedure: the first as drawn, the second valid.
      // Naming the other tenant, both calls do: a success of either is then a leak.
      const payload = batch ? `{"0":${input.input || "null"},"1":${input.otherTenant ? input.input : second.input}}` : input.input;
      const procPath = batch ? `${proc.path},${proc.path}` : proc.path;
      let target = `/trpc/${procPath}${batch ? "?batch=1" : ""}`;
      let body: Buffer | undefined;
      if (method === "GET" || method === "HEAD") {
        const sep = target.includes("?") ? "&" : "?";
        target += `${sep}input=${enc(payload)}`;
        if (transport === "repeated-input") target += `&input=${enc(second.input)}`;
      } else {
        body = Buffer.from(payload, "utf8");
        headers["content-type"] = transport === "wrong-content-type" ? "text/plain" : "application/json";
        if (transport === "repeated-input") target += `?input=${enc(second.input)}`;
      }
      const kind = transport === "single" ? input.kind : transport === "batch" ? `batch ${input.kind}` : transport.split(":")[0]!;
      return {
        op: { id: proc.id },
        surface: "trpc",
        tenant,
        kind: `trpc:${kind}`,
        method,
        target,
        headers,
        body,
        namesOtherTenant: !!input.otherTenant,
      };
    });
  });
  return fc.oneof(...perTenant);
}
