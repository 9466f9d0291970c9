// The editor's sorts and history filters (docs/editor-search.md), its tag pick list, the zip of
// every language and the import preview, black-box over HTTP: REST, the editor's tRPC rows and
// their GraphQL twins answer alike. Values are written through the API (a translator, the owner,
// an AI batch against a local server speaking the provider's wire format), so history is real.
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeAiProviders, patchSettings, seedProject, startFakeAiProviders } from "../../helpers/fake-ai-providers";
import { addMember, type TestMember } from "../../helpers/invite-member";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../../helpers/test-server";

let server: TestServer;
let fake: FakeAiProviders;
let owner: TestUser;
let translator: TestMember;
/** The translator's session (translators cannot make API keys). */
let tr: { cookie: string };
let projectId: string;
let keyIds: Record<string, string>;
/** When the owner saved a.three: the "changed since" boundary. */
let ownerSavedAt: string;

beforeAll(async () => {
  fake = await startFakeAiProviders();
  server = await startTestServer({ OPENAI_BASE_URL: fake.openaiUrl, AI_RETRY_BASE_MS: "20" });
  owner = await signUpUser(server);
  await patchSettings(server, owner, { aiProviderKeys: { provider_b: "sk-test" } });
  translator = await addMember(server, owner, "translator", { name: "Tina Translator" });
  tr = { cookie: translator.cookie };
  ({ projectId, keyIds } = await seedProject(server, owner, [
    { key: "a.one", source: "One", targets: { de: "Eins" } },
    { key: "a.three", source: "Three" },
    { key: "a.two", source: "Two" },
    { key: "b.tagged", source: "Tagged" },
    { key: "c.other", source: "Other" },
  ]));
  for (const [key, tags] of [
    ["b.tagged", ["ui"]],
    ["c.other", ["ui", "checkout"]],
  ] as const) {
    const res = await server.request("PATCH", `/api/projects/${projectId}/keys/${keyIds[key]}`, { apiKey: owner.apiKey, body: { tags } });
    expect(res.status).toBe(200);
  }
  const put = async (who: { apiKey: string } | { cookie: string }, key: string, language: string, value: string) => {
    const res = await server.request("PUT", `/api/projects/${projectId}/keys/${keyIds[key]}/translations/${language}`, {
      ...who,
      body: { value },
    });
    expect(res.status, res.text).toBe(200);
    return res.body as { updatedAt: string };
  };
  await put(tr, "a.two", "de", "Zwei");
  await put(tr, "a.two", "fr", "Deux");
  // Whole milliseconds apart, so "changed since" and "recent" have a boundary to find.
  await new Promise((r) => setTimeout(r, 5));
  ownerSavedAt = (await put({ apiKey: owner.apiKey }, "a.three", "de", "Drei")).updatedAt;
  await new Promise((r) => setTimeout(r, 5));
  fake.reply = (req) => ({ translation: `DE ${req.sourceText}`, confidence: 70 });
  const batch = await server.request("POST", `/api/projects/${projectId}/ai/translate/batch`, {
    ...tr,
    body: { sourceLanguage: "en", targetLanguage: "de" },
  });
  expect(batch.status, batch.text).toBe(200);
  expect(batch.body.translated).toBe(2); // b.tagged and c.other
});
afterAll(async () => {
  await server.close();
  await fake.close();
});

async function rest(query: string): Promise<{ keys: string[]; total: number }> {
  const res = await server.request("GET", `/api/projects/${projectId}/keys?limit=100&${query}`, tr);
  expect(res.status, res.text).toBe(200);
  return { keys: res.body.data.map((k: { key: string }) => k.key), total: res.body.meta.total };
}

async function rows(input: Record<string, unknown>): Promise<{ keys: string[]; total: number }> {
  const q = encodeURIComponent(JSON.stringify({ projectId, limit: 100, ...input }));
  const res = await server.request("GET", `/trpc/keys.editorRows?input=${q}`, tr);
  expect(res.status, res.text).toBe(200);
  const page = res.body.result.data;
  return { keys: page.data.map((k: { key: string }) => k.key), total: page.meta.total };
}

async function gql(query: string, variables: Record<string, unknown> = {}) {
  const res = await server.request("POST", "/graphql", { ...tr, body: { query, variables } });
  return res.body as { data?: any; errors?: { message: string; extensions?: Record<string, unknown> }[] };
}

const gqlKeys = async (args: Record<string, unknown>) => {
  const res = await gql(
    `query($p: ID!, $source: String, $changedSince: String, $author: String, $sort: String, $sortIn: String) {
      keys(projectId: $p, limit: 100, source: $source, changedSince: $changedSince, author: $author, sort: $sort, sortIn: $sortIn) {
        meta { total } nodes { key }
      }
    }`,
    { p: projectId, ...args },
  );
  if (res.errors) return { errors: res.errors };
  return { keys: res.data.keys.nodes.map((n: { key: string }) => n.key), total: res.data.keys.meta.total };
};

describe("sorts", () => {
  it("untranslated first: the keys still to do in sortIn, in key order, then the rest", async () => {
    const expected = { keys: ["a.one", "a.three", "b.tagged", "c.other", "a.two"], total: 5 };
    expect(await rest("sort=untranslated&sortIn=fr")).toEqual(expected);
    expect(await rows({ languages: "fr", sort: "untranslated", sortIn: "fr" })).toEqual(expected);
    expect(await gqlKeys({ sort: "untranslated", sortIn: "fr" })).toEqual(expected);
    // Combined with a filter: the AI-translated keys, German ones to do first (none: both are done).
    expect(await rest("sort=untranslated&sortIn=de&tag=ui")).toEqual({ keys: ["b.tagged", "c.other"], total: 2 });
  });

  it("recently changed: the last changed translation (in the shown languages) first, untouched keys last", async () => {
    const all = await rest("sort=recent");
    expect(all.total).toBe(5);
    // The AI batch came last, then the owner's a.three, then the translator's a.two; a.one was seeded first.
    expect(all.keys.slice(0, 2).sort()).toEqual(["b.tagged", "c.other"]);
    expect(all.keys.slice(2)).toEqual(["a.three", "a.two", "a.one"]);
    // Only French shown: a.two is the one French change; the others follow in key order.
    expect(await rows({ languages: "fr", sort: "recent" })).toEqual({
      keys: ["a.two", "a.one", "a.three", "b.tagged", "c.other"],
      total: 5,
    });
    expect((await gqlKeys({ sort: "recent" })).keys).toEqual(all.keys);
  });

  it("refuses a sort without its language, an unknown sort, and a language the project lacks", async () => {
    const missing = await server.request("GET", `/api/projects/${projectId}/keys?sort=untranslated`, { apiKey: owner.apiKey });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      statusCode: 400,
      error: "Bad Request",
      message: "sortIn: is required with sort=untranslated",
      issues: [{ path: "sortIn", message: "is required with sort=untranslated" }],
    });
    const unknown = await server.request("GET", `/api/projects/${projectId}/keys?sort=random`, { apiKey: owner.apiKey });
    expect(unknown.status).toBe(400);
    expect(unknown.body.issues[0].path).toBe("sort");
    const lacking = await server.request("GET", `/api/projects/${projectId}/keys?sort=untranslated&sortIn=ja`, { apiKey: owner.apiKey });
    expect(lacking.status).toBe(404);
    const viaGraphql = await gqlKeys({ sort: "random" });
    expect(viaGraphql.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
  });
});

describe("history filters", () => {
  it("AI-translated: keys whose current value came from the AI (in the shown languages)", async () => {
    expect(await rest("source=ai")).toEqual({ keys: ["b.tagged", "c.other"], total: 2 });
    expect(await rows({ languages: "de", source: "ai" })).toEqual({ keys: ["b.tagged", "c.other"], total: 2 });
    expect(await rows({ languages: "fr", source: "ai" })).toEqual({ keys: [], total: 0 });
    expect(await gqlKeys({ source: "ai" })).toEqual({ keys: ["b.tagged", "c.other"], total: 2 });
    const bad = await server.request("GET", `/api/projects/${projectId}/keys?source=robot`, { apiKey: owner.apiKey });
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0].path).toBe("source");
  });

  it("changed since: keys with a translation changed at or after the instant", async () => {
    const since = encodeURIComponent(ownerSavedAt);
    expect(await rest(`changedSince=${since}`)).toEqual({ keys: ["a.three", "b.tagged", "c.other"], total: 3 });
    expect(await rest("changedSince=2000-01-01")).toEqual({ keys: ["a.one", "a.three", "a.two", "b.tagged", "c.other"], total: 5 });
    expect(await rest("changedSince=2999-01-01T00:00:00Z")).toEqual({ keys: [], total: 0 });
    expect(await gqlKeys({ changedSince: ownerSavedAt })).toEqual({ keys: ["a.three", "b.tagged", "c.other"], total: 3 });
    const bad = await server.request("GET", `/api/projects/${projectId}/keys?changedSince=yesterday`, { apiKey: owner.apiKey });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      statusCode: 400,
      error: "Bad Request",
      message: "changedSince: must be an ISO 8601 date or date-time",
      issues: [{ path: "changedSince", message: "must be an ISO 8601 date or date-time" }],
    });
  });

  it("author: keys whose last change was made by that person (or the AI), as the contributors list names them", async () => {
    const contributors = await server.request("GET", `/api/projects/${projectId}/analytics/contributors`, tr);
    const ids = contributors.body.map((c: { userId: string }) => c.userId).sort();
    expect(ids).toEqual([owner.userId, translator.userId, "ai"].sort());
    expect(await rest(`author=${translator.userId}`)).toEqual({ keys: ["a.two"], total: 1 });
    expect(await rest("author=ai")).toEqual({ keys: ["b.tagged", "c.other"], total: 2 });
    expect(await rows({ languages: "fr", author: translator.userId })).toEqual({ keys: ["a.two"], total: 1 });
    expect(await gqlKeys({ author: owner.userId })).toEqual({ keys: ["a.three"], total: 1 });
  });
});

describe("the project's tags", () => {
  it("lists every tag once, sorted, on REST, tRPC and GraphQL; the tag filter takes one of them", async () => {
    const res = await server.request("GET", `/api/projects/${projectId}/tags`, tr);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(["checkout", "ui"]);
    const viaTrpc = await server.request("GET", `/trpc/keys.tags?input=${encodeURIComponent(JSON.stringify({ projectId }))}`, {
      ...tr,
    });
    expect(viaTrpc.body.result.data).toEqual(["checkout", "ui"]);
    const viaGraphql = await gql("query($p: ID!) { project(id: $p) { tags } }", { p: projectId });
    expect(viaGraphql.data.project.tags).toEqual(["checkout", "ui"]);
    expect(await rest("tag=checkout")).toEqual({ keys: ["c.other"], total: 1 });
  });
});

describe("export of every language as one zip", () => {
  it("holds each language's file, as the single-language export writes it with the same options", async () => {
    const res = await fetch(`${server.url}/api/projects/${projectId}/export-zip?format=json-flat&approvedOnly=false`, {
      headers: { cookie: translator.cookie },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="[A-Za-z0-9-]+-json-flat\.zip"$/);
    expect(res.headers.get("x-export-files")).toBe("en.json,de.json,fr.json");
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(files)).toEqual(["en.json", "de.json", "fr.json"]);
    for (const language of ["en", "de", "fr"]) {
      const one = await server.request("GET", `/api/projects/${projectId}/export/${language}?format=json-flat`, {
        ...tr,
      });
      expect(new TextDecoder().decode(files[`${language}.json`])).toBe(one.text);
    }
    expect(JSON.parse(new TextDecoder().decode(files["fr.json"]))).toEqual({ "a.two": "Deux" });
  });

  it("answers the documented errors: a missing format, an unknown project", async () => {
    const missing = await server.request("GET", `/api/projects/${projectId}/export-zip`, { apiKey: owner.apiKey });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      statusCode: 400,
      error: "Bad Request",
      message: "format: is required",
      issues: [{ path: "format", message: "is required" }],
    });
    const unknown = await server.request("GET", "/api/projects/nope/export-zip?format=po", { apiKey: owner.apiKey });
    expect(unknown.status).toBe(404);
  });
});

describe("import preview (dryRun)", () => {
  const file = JSON.stringify({ "a.one": "Eins!", "a.two": "Zwei", "d.new": "Neu", "d.newer": "Neuer" });

  it("says what the import would create, change and leave alone, keeps nothing, and the import then does exactly that", async () => {
    const before = await rest("");
    const activityBefore = await server.request("GET", `/api/projects/${projectId}/activity?limit=100`, { apiKey: owner.apiKey });
    const body = { language: "de", format: "json-flat", content: file, overwrite: true, fileName: "locales/de.json" };
    const preview = await server.request("POST", `/api/projects/${projectId}/import`, {
      apiKey: owner.apiKey,
      body: { ...body, dryRun: true },
    });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body).toMatchObject({
      dryRun: true,
      keysCreated: 2,
      createdKeys: ["d.new", "d.newer"],
      imported: 3, // a.one replaced, d.new and d.newer added
      replaced: 1,
      skipped: 1, // a.two: identical
      errors: [],
      detectedLanguage: { language: "de", from: "file-name", projectLanguage: "de", differs: false },
    });
    // Nothing kept: no keys, no values, no activity.
    expect(await rest("")).toEqual(before);
    const activityAfter = await server.request("GET", `/api/projects/${projectId}/activity?limit=100`, { apiKey: owner.apiKey });
    expect(activityAfter.body.meta.total).toBe(activityBefore.body.meta.total);
    const a1 = await server.request("GET", `/api/projects/${projectId}/keys/${keyIds["a.one"]}/translations`, { apiKey: owner.apiKey });
    expect(a1.body.find((t: { language: string }) => t.language === "de").value).toBe("Eins");

    // The raw-body route and GraphQL preview the same.
    const raw = await fetch(`${server.url}/api/projects/${projectId}/import/de?format=json-flat&overwrite=true&dryRun=true`, {
      method: "POST",
      headers: { "x-api-key": owner.apiKey, "content-type": "application/octet-stream" },
      body: file,
    });
    const rawBody = await raw.json();
    expect(raw.status).toBe(200);
    expect({ ...rawBody, detectedLanguage: null }).toEqual({ ...preview.body, detectedLanguage: null });
    const viaGraphql = await server.request("POST", "/graphql", {
      apiKey: owner.apiKey,
      body: {
        query: `mutation($p: ID!, $c: String!) { importFile(projectId: $p, language: "de", format: "json-flat", content: $c, overwrite: true, dryRun: true) {
          dryRun keysCreated createdKeys imported replaced skipped } }`,
        variables: { p: projectId, c: file },
      },
    });
    expect(viaGraphql.body.data.importFile).toEqual({
      dryRun: true,
      keysCreated: 2,
      createdKeys: ["d.new", "d.newer"],
      imported: 3,
      replaced: 1,
      skipped: 1,
    });
    expect((await rest("")).total).toBe(5);

    const applied = await server.request("POST", `/api/projects/${projectId}/import`, { apiKey: owner.apiKey, body });
    expect(applied.status).toBe(200);
    expect({ ...applied.body, dryRun: true }).toEqual(preview.body);
    expect(applied.body.dryRun).toBe(false);
    expect((await rest("")).total).toBe(7);
  });

  it("is an import for permissions: a translator may not preview one", async () => {
    const res = await server.request("POST", `/api/projects/${projectId}/import`, {
      ...tr,
      body: { language: "de", format: "json-flat", content: file, dryRun: true },
    });
    expect(res.status).toBe(403);
  });
});

describe("@mentions in comments", () => {
  it("lists the organization's people by name, stores the mentioned members, and refuses anyone else", async () => {
    const people = await server.request("GET", `/api/projects/${projectId}/people`, tr);
    expect(people.status).toBe(200);
    expect(people.body).toEqual([
      { userId: owner.userId, name: "Owner" },
      { userId: translator.userId, name: "Tina Translator" },
    ]);
    const viaGraphql = await gql("query($p: ID!) { project(id: $p) { people { userId name } } }", { p: projectId });
    expect(viaGraphql.data.project.people).toEqual(people.body);

    const base = `/api/projects/${projectId}/keys/${keyIds["a.two"]}/comments`;
    const created = await server.request("POST", base, { ...tr, body: { body: "@Owner is this right?", mentions: [owner.userId] } });
    expect(created.status, created.text).toBe(201);
    expect(created.body.mentions).toEqual([owner.userId]);
    const listed = await server.request("GET", base, tr);
    expect(listed.body.at(-1).mentions).toEqual([owner.userId]);
    const activity = await server.request("GET", `/api/projects/${projectId}/activity?action=comment.created`, { apiKey: owner.apiKey });
    expect(activity.body.data[0].metadata.mentions).toEqual([owner.userId]);

    // Someone of another organization is not a member here.
    const stranger = await signUpUser(server, "Stranger");
    const refused = await server.request("POST", base, { ...tr, body: { body: "@Stranger", mentions: [stranger.userId] } });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      statusCode: 400,
      error: "Bad Request",
      message: "mentions.0: is not a member of this organization",
      issues: [{ path: "mentions.0", message: "is not a member of this organization" }],
    });
    const foreign = await server.request("GET", `/api/projects/${projectId}/people`, { apiKey: stranger.apiKey });
    expect(foreign.status).toBe(404);

    const viaMutation = await gql(
      `mutation($p: ID!, $k: ID!, $m: [String!]) { createComment(projectId: $p, keyId: $k, body: "@Tina", mentions: $m) { mentions } }`,
      { p: projectId, k: keyIds["a.two"], m: [translator.userId] },
    );
    expect(viaMutation.data.createComment.mentions).toEqual([translator.userId]);
  });
});
