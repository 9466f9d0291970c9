// The fuzzer's map of the service: every operation of the served OpenAPI document with its path
// parameters, query parameters and JSON request body schema ($refs resolved), so the fuzzer
// follows whatever the contract says today instead of a hand-kept list.

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  nullable?: boolean;
  additionalProperties?: boolean | JsonSchema;
  $ref?: string;
  [other: string]: unknown;
};

export interface FuzzParameter {
  name: string;
  schema: JsonSchema;
  required: boolean;
}

export interface FuzzOperation {
  /** `METHOD /path` as in the document (paths relative to /api). */
  id: string;
  method: string;
  path: string;
  pathParams: FuzzParameter[];
  queryParams: FuzzParameter[];
  /** JSON request body schema, when the operation takes a body. */
  body?: JsonSchema;
  /** Server-sent events: read the head, then hang up. */
  isStream: boolean;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, any>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

const METHODS = ["get", "post", "put", "patch", "delete"];

function resolveRefs(schema: unknown, doc: OpenApiDocument, depth = 0): any {
  if (depth > 20 || schema === null || typeof schema !== "object") return schema;
  if (Array.isArray(schema)) return schema.map((s) => resolveRefs(s, doc, depth + 1));
  const s = schema as JsonSchema;
  if (typeof s.$ref === "string") {
    const name = s.$ref.replace(/^#\/components\/schemas\//, "");
    return resolveRefs(doc.components?.schemas?.[name] ?? {}, doc, depth + 1);
  }
  return Object.fromEntries(Object.entries(s).map(([k, v]) => [k, resolveRefs(v, doc, depth + 1)]));
}

export function operationsOf(doc: OpenApiDocument): FuzzOperation[] {
  const ops: FuzzOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const params = (op.parameters ?? []) as Array<{ in: string; name: string; schema?: JsonSchema; required?: boolean }>;
      const toParam = (p: (typeof params)[number]): FuzzParameter => ({
        name: p.name,
        schema: resolveRefs(p.schema ?? {}, doc),
        required: !!p.required,
      });
      const bodySchema = op.requestBody?.content?.["application/json"]?.schema;
      ops.push({
        id: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === "path").map(toParam),
        queryParams: params.filter((p) => p.in === "query").map(toParam),
        body: bodySchema ? resolveRefs(bodySchema, doc) : undefined,
        isStream: /\/stream\//.test(path),
      });
    }
  }
  return ops;
}
