// The SDK against a real server started here: typed calls, auto-pagination over 10,000 keys,
// typed errors, retries against a flaky server, timeouts, export/import, and the generated table.
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../../../apps/api/test/helpers/test-server";
import { renderGenerated } from "../scripts/render-operations";
import { ApiError, ApiNetworkError, ApiTimeoutError, createClient, type LocaleClient } from "../src";
import { importFromPath } from "../src/node";
import { type FlakyServer, startFlakyServer } from "./flaky-server";

let server: TestServer;
let user: TestUser;
let client: LocaleClient;
let flaky: FlakyServer;
const requests: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  user = await signUpUser(server);
  const countingFetch: typeof fetch = (input, init) => {
    requests.push(`${init?.method ?? "GET"} ${String(input)}`);
    return fetch(input, init);
  };
  client = createClient({ baseUrl: server.url, apiKey: user.apiKey, fetch: countingFetch });
  flaky = await startFlakyServer(server.url);
});
afterAll(async () => {
  await flaky.close();
  await server.close();
});

describe("typed operations", () => {
  it("creates and reads records with path parameters first and one input object", async () => {
    const project = await client.projects.create({ name: "Web", sourceLanguage: "en", targetLanguages: ["fr"] });
    expect(project).toMatchObject({ _id: expect.any(String), name: "Web", sourceLanguage: "en", targetLanguages: ["fr"] });
    const key = await client.keys.create(project._id, { key: "home.title", description: "Hero heading", tags: ["ui"] });
    expect(key).toMatchObject({ key: "home.title", projectId: project._id });
    const upserted = await client.translations.upsert(project._id, key._id, "fr", { value: "Accueil" });
    expect(upserted).toMatchObject({ value: "Accueil", status: "translated", language: "fr" });
    const translations = await client.translations.listByKey(project._id, key._id);
    expect(translations.map((t) => [t.language, t.value])).toEqual([
      ["en", ""],
      ["fr", "Accueil"],
    ]);
    const listed = await client.keys.list(project._id, { page: 1, limit: 10, tag: "ui" });
    expect(listed.meta).toEqual({ page: 1, limit: 10, total: 1, totalPages: 1 });
    expect(await client.projects.get(project._id)).toEqual(project);
    const archived = await client.projects.list({ includeArchived: "true" });
    expect(archived.map((p) => p._id)).toContain(project._id);
    expect((await client.tokens.listOrganizationTokens("current")).length).toBeGreaterThan(0);
  });

  it("calls the documented /organizations/current operations", async () => {
    const org = await client.organizations.getCurrent();
    expect(org._id).toBe(user.orgId);
    const members = await client.members.listCurrent();
    expect(members.map((m) => m.userId)).toContain(user.userId);
  });

  it("pages through 10,000 keys with one loop, 200 per request", async () => {
    const project = await client.projects.create({ name: "Big", sourceLanguage: "en" });
    const names = Array.from({ length: 10_000 }, (_, i) => `key.${String(i).padStart(5, "0")}`);
    await server.db.prisma.key.createMany({ data: names.map((key) => ({ projectId: project._id, key })) });
    const before = requests.length;
    const seen: string[] = [];
    for await (const key of client.keys.listAll(project._id)) seen.push(key.key);
    expect(seen).toEqual(names);
    // 50 distinct pages; a GET retried on a reused keep-alive socket the server had just closed
    // (ECONNRESET after the long insert above) counts once.
    expect(new Set(requests.slice(before)).size).toBe(50);
    const filtered: string[] = [];
    for await (const key of client.keys.listAll(project._id, { search: "key.0999" })) filtered.push(key.key);
    expect(filtered).toEqual(names.slice(9990, 10_000));
  });
});

describe("errors", () => {
  it("throws ApiError carrying the documented body", async () => {
    const missing = await client.projects.get("00000000-0000-0000-0000-000000000000").catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(ApiError);
    expect(missing).toMatchObject({ statusCode: 404, message: "Project not found", error: "Not Found" });

    const project = await client.projects.create({ name: "E", sourceLanguage: "en" });
    await client.keys.create(project._id, { key: "dup" });
    const dup = (await client.keys.create(project._id, { key: "dup" }).catch((e: unknown) => e)) as ApiError;
    expect(dup).toMatchObject({ statusCode: 409, error: "Conflict" });

    const bad = (await client.projects.create({ name: "x", sourceLanguage: "" }).catch((e: unknown) => e)) as ApiError;
    expect(bad).toMatchObject({ statusCode: 400, error: "Bad Request" });
    expect(bad.issues?.[0]?.path).toBe("sourceLanguage");

    const anonymous = createClient({ baseUrl: server.url, apiKey: "svc_wrong" });
    await expect(anonymous.projects.list()).rejects.toMatchObject({
      name: "ApiError",
      statusCode: 401,
      message: "Unauthorized",
      error: "Unauthorized",
    });
  });

  it("retries idempotent requests after 5xx and dropped connections, never a POST", async () => {
    const c = createClient({ baseUrl: flaky.url, apiKey: user.apiKey, retries: 3, retryDelayMs: 10 });
    flaky.seen.length = 0;
    flaky.plan = (n) => (n === 0 ? "503" : n === 1 ? "drop" : "pass");
    const projects = await c.projects.list();
    expect(Array.isArray(projects)).toBe(true);
    expect(flaky.seen).toEqual(["GET /api/projects", "GET /api/projects", "GET /api/projects"]);

    flaky.seen.length = 0;
    flaky.plan = () => "503";
    const post = (await c.projects.create({ name: "never", sourceLanguage: "en" }).catch((e: unknown) => e)) as ApiError;
    expect(post).toBeInstanceOf(ApiError);
    expect(post.statusCode).toBe(503);
    expect(flaky.seen).toHaveLength(1);

    flaky.seen.length = 0;
    flaky.plan = () => "drop";
    await expect(c.projects.list()).rejects.toBeInstanceOf(ApiNetworkError);
    expect(flaky.seen).toHaveLength(4);
    flaky.plan = () => "pass";
  });

  it("gives up after timeoutMs with ApiTimeoutError", async () => {
    const c = createClient({ baseUrl: flaky.url, apiKey: user.apiKey, timeoutMs: 200, retries: 1, retryDelayMs: 10 });
    flaky.seen.length = 0;
    flaky.plan = () => "hang";
    const started = Date.now();
    const error = await c.projects.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiTimeoutError);
    expect((error as ApiTimeoutError).timeoutMs).toBe(200);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(flaky.seen).toHaveLength(2);
    flaky.plan = () => "pass";
  });
});

describe("files", () => {
  it("imports from bytes and from a file path, and downloads bytes with totalKeys/truncated", async () => {
    const project = await client.projects.create({ name: "Files", sourceLanguage: "en", targetLanguages: ["fr"] });
    const en = new TextEncoder().encode(JSON.stringify({ greeting: "Hello", farewell: "Bye" }));
    const imported = await client.files.import(project._id, { language: "en", format: "json-flat", content: en });
    expect(imported).toMatchObject({ imported: 2, language: "en", format: "json-flat" });

    const dir = await mkdtemp(path.join(tmpdir(), "sdk-"));
    const frPath = path.join(dir, "fr.json");
    await writeFile(frPath, JSON.stringify({ greeting: "Bonjour" }));
    const fromPath = await importFromPath(client, project._id, frPath, { language: "fr", format: "json-flat" });
    expect(fromPath).toMatchObject({ imported: 1, language: "fr" });

    const file = await client.files.export(project._id, "fr", { format: "json-flat" });
    expect(file.totalKeys).toBe(1);
    expect(file.truncated).toBe(false);
    expect(file.filename).toBe("fr.json");
    expect(JSON.parse(file.text())).toEqual({ greeting: "Bonjour" });
    expect(file.data).toBeInstanceOf(Uint8Array);

    const missing = await client.files.export(project._id, "de", { format: "json-flat" }).catch((e: unknown) => e);
    expect(missing).toMatchObject({ name: "ApiError", statusCode: 404 });
  });
});

describe("generated operations table", () => {
  it("is up to date with the routers and the OpenAPI document (run `pnpm --filter @locale/sdk generate`)", async () => {
    for (const [name, text] of Object.entries(await renderGenerated())) {
      const committed = await readFile(fileURLToPath(new URL(`../src/generated/${name}`, import.meta.url)), "utf8");
      expect(committed, name).toBe(text);
    }
  });
});
