// Values for a JSON schema, as fast-check arbitraries: `validValueOf` aims at what the contract
// accepts (field names hint at languages, ids, e-mails, URLs), `wrongTypeOf` at a JSON value of any
// other type, `oddStringArb` at strings a careless handler chokes on.
import fc from "fast-check";
import type { RouteIds } from "../fixture-world";
import type { JsonSchema } from "./openapi-operations";

export interface ValueContext {
  marker: string;
  ids: RouteIds;
  webhookUrl: string;
}

const LANGUAGES = ["de", "fr", "en", "ja", "pt-BR", "zh-Hant"];
const ACTIONS = ["key.created", "translation.updated", "import.completed", "*"];
const SCOPES = ["projects:read", "keys:read", "keys:write", "translations:read", "translations:write", "export", "ai"];

const typesOf = (s: JsonSchema): string[] => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);

function textArb(ctx: ValueContext, maxLength = 24): fc.Arbitrary<string> {
  return fc.string({ maxLength, unit: "grapheme" }).map((s) => `${ctx.marker} ${s}`);
}

function stringFor(name: string, s: JsonSchema, ctx: ValueContext): fc.Arbitrary<string> {
  const { ids } = ctx;
  if (/^(language|lang|sourceLanguage|targetLanguage|defaultSourceLanguage|sourceLang|targetLang|untranslatedIn)$/.test(name))
    return fc.constantFrom(...LANGUAGES);
  if (name === "email") return fc.nat(1e9).map((n) => `fuzz${n}-${ctx.marker}@example.com`);
  if (name === "url") return fc.nat(1e6).map((n) => `${ctx.webhookUrl}/${ctx.marker}/${n}`);
  if (name === "password") return fc.constant("correct horse battery");
  if (name === "keyId" || name === "_id") return fc.constant(ids.keyId);
  if (name === "parentId") return fc.constant(ids.commentId);
  if (name === "userId") return fc.constant(ids.userId);
  if (name === "expiresAt" || name === "from" || name === "to") return fc.constantFrom("2031-01-01T00:00:00.000Z", "2020-01-01T00:00:00Z");
  if (name === "format") return fc.constantFrom("json-flat", "json-nested", "yaml", "po", "xliff", "csv", "tbx", "android-xml");
  if (name === "content") return fc.constantFrom(`{"${ctx.marker}.imported": "Wert"}`, `term\n${ctx.marker}\n`, 'msgid "a"\nmsgstr "b"\n');
  if (name === "action") return fc.constantFrom(...ACTIONS);
  const min = s.minLength ?? 0;
  const max = Math.max(min, Math.min(s.maxLength ?? 40, 40));
  return textArb(ctx, max).map((v) => (v.length > max ? v.slice(0, max) : v.padEnd(min, "x")));
}

function arrayFor(name: string, s: JsonSchema, ctx: ValueContext, depth: number): fc.Arbitrary<unknown[]> {
  if (name === "targetLanguages") return fc.subarray(["de", "fr", "ja", "it"]);
  if (name === "events") return fc.constantFrom(["*"], ["key.created", "import.completed"]);
  if (name === "scopes") return fc.subarray(SCOPES, { minLength: 1 });
  if (name === "glossaryIds") return fc.constant([ctx.ids.glossaryId]);
  if (name === "keyIds") return fc.constant([ctx.ids.keyId]);
  const item = validValueOf(s.items ?? {}, ctx, name.replace(/s$/, ""), depth + 1);
  return fc.array(item, { minLength: s.minItems ?? 0, maxLength: Math.max(s.minItems ?? 0, 3) });
}

/** A value the schema accepts (best effort: the contract cannot say everything, e.g. that a key exists). */
export function validValueOf(s: JsonSchema, ctx: ValueContext, name = "", depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) {
    const nonNull = alternatives.filter((a) => !typesOf(a).includes("null"));
    return fc.oneof(...(nonNull.length ? nonNull : alternatives).map((a) => validValueOf(a, ctx, name, depth + 1)));
  }
  if (s.allOf?.length) return validValueOf(Object.assign({}, ...s.allOf), ctx, name, depth + 1);
  const types = typesOf(s);
  const type = types.find((t) => t !== "null") ?? (s.properties ? "object" : undefined);
  switch (type) {
    case "string":
      return stringFor(name, s, ctx);
    case "boolean":
      return fc.boolean();
    case "integer":
    case "number": {
      const min = s.minimum ?? (name === "limit" || name === "page" ? 1 : 0);
      return fc.integer({ min: Math.ceil(min), max: Math.floor(Math.min(s.maximum ?? 100, min + 100)) });
    }
    case "array":
      return arrayFor(name, s, ctx, depth);
    case "object": {
      const props = s.properties ?? {};
      const required = s.required ?? [];
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, prop] of Object.entries(props)) record[key] = validValueOf(prop, ctx, key, depth + 1);
      return fc.record(record, { requiredKeys: required.filter((r) => r in props) });
    }
    default:
      return fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.boolean());
  }
}

/** A JSON value whose type the schema does not name. */
export function wrongTypeOf(s: JsonSchema): fc.Arbitrary<unknown> {
  const types = typesOf(s);
  const candidates: Array<[string, fc.Arbitrary<unknown>]> = [
    ["string", fc.constantFrom("", "12", "true", "null", "[]", "not a number")],
    ["number", fc.constantFrom(0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1)],
    ["boolean", fc.boolean()],
    ["null", fc.constant(null)],
    ["array", fc.constantFrom([], [1, 2], [null], ["a", {}])],
    ["object", fc.constantFrom({}, { a: 1 }, JSON.parse('{"__proto__": {"polluted": true}}'), { constructor: { prototype: { x: 1 } } })],
  ];
  const foreign = candidates.filter(([t]) => !types.includes(t) && !(t === "number" && types.includes("integer")));
  return fc.oneof(...(foreign.length ? foreign : candidates).map(([, a]) => a));
}

/** Strings that are valid JSON strings but hostile as text. */
export function oddStringArb(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(
      "",
      " ",
      "\u0000",
      "a\u0000b",
      "\ud800",
      "x\udc00",
      "\u202e\u2066RTL",
      "\ufeffbom",
      "💩".repeat(50),
      "e\u0301\u0301\u0301",
      "<script>alert(1)</script>",
      "' OR 1=1 --",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, meant literally
      "${7*7}{{7*7}}",
      "../../../../etc/passwd",
      "%00%2e%2e",
      "\r\nSet-Cookie: x=1",
      "{count, plural, one {# x} other {# y}}",
      "<!DOCTYPE x [<!ENTITY a SYSTEM 'file:///etc/passwd'>]><x>&a;</x>",
      "__proto__",
      "constructor",
    ),
    fc.string({ unit: "binary", maxLength: 64 }),
    fc.string({ unit: "grapheme", maxLength: 64 }),
  );
}
