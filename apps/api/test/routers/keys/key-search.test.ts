// The key search of the REST key list and of the editor's tRPC rows (one service): a
// case-insensitive substring of the key name, the description or a value in a project language,
// with `%`, `_` and `\` meaning themselves; combined with the other filters; and served by the
// trigram indexes of the editor_search_trgm migration (docs/editor-search.md).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedProject } from "../../helpers/fake-ai-providers";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../../helpers/test-server";

let server: TestServer;
let owner: TestUser;
let projectId: string;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpUser(server);
  ({ projectId } = await seedProject(server, owner, [
    { key: "checkout.pay_now", source: "Pay now", targets: { de: "Jetzt bezahlen" } },
    { key: "checkout.payXnow", source: "Pay later", description: "Deferred payment" },
    { key: "discount", source: "100% off", targets: { fr: "100 % de remise" } },
    { key: "discount.half", source: "50 percent off" },
    { key: "path", source: "C:\\Users", description: "A Windows path" },
    { key: "greeting", source: "Hello", targets: { de: "Grüß dich" }, namespace: "home" },
    { key: "ÜBERSICHT", source: "Overview" },
  ]));
});
afterAll(() => server.close());

async function restSearch(search: string, extra = ""): Promise<{ keys: string[]; total: number }> {
  const res = await server.request("GET", `/api/projects/${projectId}/keys?limit=200&search=${encodeURIComponent(search)}${extra}`, {
    apiKey: owner.apiKey,
  });
  expect(res.status).toBe(200);
  return { keys: res.body.data.map((k: { key: string }) => k.key), total: res.body.meta.total };
}

async function trpcSearch(search: string, extra: Record<string, unknown> = {}): Promise<{ keys: string[]; total: number }> {
  const input = encodeURIComponent(JSON.stringify({ projectId, languages: "de,fr", search, limit: 200, ...extra }));
  const res = await server.request("GET", `/trpc/keys.editorRows?input=${input}`, { apiKey: owner.apiKey });
  expect(res.status).toBe(200);
  const page = res.body.result.data;
  return { keys: page.data.map((k: { key: string }) => k.key), total: page.meta.total };
}

describe.each([
  ["REST key list", restSearch],
  ["tRPC editorRows", trpcSearch],
] as const)("key search through the %s", (_name, search) => {
  it("matches a substring of the name, the description or a value in any project language, ignoring case", async () => {
    const pay = await search("PAY");
    expect({ keys: [...pay.keys].sort(), total: pay.total }).toEqual({ keys: ["checkout.payXnow", "checkout.pay_now"], total: 2 });
    expect(await search("deferred")).toEqual({ keys: ["checkout.payXnow"], total: 1 });
    expect(await search("bezahlen")).toEqual({ keys: ["checkout.pay_now"], total: 1 });
    expect(await search("de remise")).toEqual({ keys: ["discount"], total: 1 });
    expect(await search("grüß")).toEqual({ keys: ["greeting"], total: 1 });
    expect(await search("übersicht")).toEqual({ keys: ["ÜBERSICHT"], total: 1 });
    expect(await search("nothing like this")).toEqual({ keys: [], total: 0 });
  });

  it("takes %, _ and \\ literally", async () => {
    expect(await search("pay_now")).toEqual({ keys: ["checkout.pay_now"], total: 1 });
    expect(await search("0%")).toEqual({ keys: ["discount"], total: 1 });
    expect(await search("%")).toEqual({ keys: ["discount"], total: 1 });
    expect(await search("_")).toEqual({ keys: ["checkout.pay_now"], total: 1 });
    expect(await search("c:\\u")).toEqual({ keys: ["path"], total: 1 });
  });
});

describe("key search with other filters", () => {
  it("combines with namespace, untranslated and status filters, with exact totals and pages", async () => {
    expect(await restSearch("e", "&namespace=home")).toEqual({ keys: ["greeting"], total: 1 });
    expect(await trpcSearch("pay", { untranslatedIn: "de" })).toEqual({ keys: ["checkout.payXnow"], total: 1 });
    expect(await trpcSearch("o", { status: "translated", statusIn: "fr" })).toEqual({ keys: ["discount"], total: 1 });
    const page2 = await server.request("GET", `/api/projects/${projectId}/keys?limit=2&page=2&search=o`, { apiKey: owner.apiKey });
    const all = await restSearch("o");
    expect(page2.body.meta.total).toBe(all.total);
    expect(page2.body.data.map((k: { key: string }) => k.key)).toEqual(all.keys.slice(2, 4));
  });

  it("counts untranslated and status-only filters exactly, also after keys are deleted", async () => {
    const { projectId: p, keyIds } = await seedProject(server, owner, [
      { key: "a", source: "A", targets: { de: "A" } },
      { key: "b", source: "B" },
      { key: "c", source: "C" },
      { key: "d", source: "D", targets: { de: "D" } },
    ]);
    const total = async (q: string) =>
      (await server.request("GET", `/api/projects/${p}/editor-rows?languages=de&${q}`, { apiKey: owner.apiKey })).body.meta.total as number;
    expect(await total("untranslatedIn=de")).toBe(2);
    expect(await total("status=translated&statusIn=de")).toBe(2);
    expect(await total("status=untranslated&statusIn=fr")).toBe(4);
    const del = await server.request("DELETE", `/api/projects/${p}/keys/${keyIds.d}`, { apiKey: owner.apiKey });
    expect(del.status).toBe(200);
    const del2 = await server.request("DELETE", `/api/projects/${p}/keys/${keyIds.b}`, { apiKey: owner.apiKey });
    expect(del2.status).toBe(200);
    expect(await total("untranslatedIn=de")).toBe(1);
    expect(await total("status=translated&statusIn=de")).toBe(1);
    expect(await total("status=untranslated&statusIn=fr")).toBe(2);
  });
});

describe("search indexes", () => {
  it("has trigram indexes on key names, descriptions and values", async () => {
    const rows = await server.db.query<{ indexdef: string }>(
      `SELECT indexdef FROM pg_indexes WHERE tablename IN ('Key', 'Translation') AND indexdef LIKE '%gin_trgm_ops%' ORDER BY indexdef`,
    );
    const defs = rows.map((r) => r.indexdef).join("\n");
    expect(defs).toMatch(/ON public\."Key" USING gin \(key gin_trgm_ops\)/);
    expect(defs).toMatch(/ON public\."Key" USING gin \(description gin_trgm_ops\)/);
    expect(defs).toMatch(/ON public\."Translation" USING gin \(value gin_trgm_ops\)/);
  });
});
