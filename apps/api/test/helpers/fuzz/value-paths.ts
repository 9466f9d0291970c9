// Paths into a JSON value and its schema, for putting one mistake at one place of a valid value
// (REST bodies, tRPC inputs, GraphQL variables alike).
import fc from "fast-check";
import type { JsonSchema } from "./openapi-operations";
import { oddStringArb, wrongTypeOf } from "./schema-values";

/** Every path to a value inside `value` (objects and arrays), the root included. */
export function pathsIn(value: unknown, prefix: Array<string | number> = [], out: Array<Array<string | number>> = []) {
  out.push(prefix);
  if (Array.isArray(value)) for (const [i, v] of value.entries()) pathsIn(v, [...prefix, i], out);
  else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) pathsIn(v, [...prefix, k], out);
  return out;
}

export function setAt(root: unknown, path: Array<string | number>, next: unknown): unknown {
  if (path.length === 0) return next;
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let cursor = copy;
  for (const step of path.slice(0, -1)) cursor = cursor[step] as Record<string | number, unknown>;
  cursor[path[path.length - 1]!] = next;
  return copy;
}

export function schemaAt(schema: JsonSchema, path: Array<string | number>): JsonSchema {
  let s: JsonSchema | undefined = schema;
  for (const step of path) {
    const alt: JsonSchema | undefined = s?.anyOf?.[0] ?? s?.oneOf?.[0];
    const base: JsonSchema | undefined = s?.properties || s?.items ? s : alt;
    s = typeof step === "number" ? base?.items : base?.properties?.[step];
  }
  return s ?? {};
}

export function nestedJson(depth: number, leaf: string): string {
  return `{"value":${"[".repeat(depth)}${leaf}${"]".repeat(depth)}}`;
}

type PathDraw = { v: unknown; p: Array<string | number> };

/**
 * One mistake at one place of a valid value (`withPath` draws the value and the place): a value of
 * another type than `schema` says, a hostile string, a 100–400 KB string, a 1,000–5,000 item array.
 */
export function valueMistakes(withPath: fc.Arbitrary<PathDraw>, schema: JsonSchema, marker: string) {
  return {
    wrongType: withPath.chain(({ v, p }) => wrongTypeOf(schemaAt(schema, p)).map((w) => setAt(v, p, w))),
    oddString: withPath.chain(({ v, p }) => oddStringArb().map((s) => setAt(v, p, s))),
    hugeString: withPath.chain(({ v, p }) => fc.integer({ min: 100_000, max: 400_000 }).map((n) => setAt(v, p, "x".repeat(n)))),
    hugeArray: withPath.chain(({ v, p }) => fc.integer({ min: 1_000, max: 5_000 }).map((n) => setAt(v, p, Array(n).fill(marker)))),
  };
}
