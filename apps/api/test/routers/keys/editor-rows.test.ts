// The web editor's two server additions: a page of keys with their translations in the chosen
// languages (same filters and order as the key list), and the caller's permissions in /auth/me.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedProject } from "../../helpers/fake-ai-providers";
import { addMember } from "../../helpers/invite-member";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../../helpers/test-server";

let server: TestServer;
let owner: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpUser(server);
});
afterAll(() => server.close());

const rowsUrl = (projectId: string, query: string) => `/api/projects/${projectId}/editor-rows?${query}`;

describe("editor rows", () => {
  it("returns a page of keys with each requested language's translation and placeholder warnings", async () => {
    const { projectId, keyIds } = await seedProject(server, owner, [
      { key: "a.greeting", source: "Hello {name}", targets: { de: "Hallo" } },
      { key: "b.bye", source: "Bye", targets: { fr: "Salut" } },
      { key: "c.ok", source: "OK" },
    ]);
    const res = await server.request("GET", rowsUrl(projectId, "languages=en,de&limit=2"), { apiKey: owner.apiKey });
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ page: 1, limit: 2, total: 3, totalPages: 2 });
    expect(res.body.data.map((r: { key: string }) => r.key)).toEqual(["a.greeting", "b.bye"]);
    const first = res.body.data[0];
    expect(Object.keys(first.translations).sort()).toEqual(["de", "en"]);
    expect(first.translations.de).toMatchObject({
      keyId: keyIds["a.greeting"],
      value: "Hallo",
      status: "translated",
      language: "de",
      warnings: [{ type: "placeholder_mismatch", missing: ["{name}"], extra: [] }],
    });
    expect(first.translations.en).toMatchObject({ value: "Hello {name}", warnings: [] });
    // A language without a stored value is synthesised as empty and untranslated.
    expect(res.body.data[1].translations.de).toMatchObject({ value: "", status: "untranslated", source: null });
  });

  it("applies the key list's filters (untranslated in a language, search)", async () => {
    const { projectId } = await seedProject(server, owner, [
      { key: "one", source: "One", targets: { de: "Eins" } },
      { key: "two", source: "Two" },
      { key: "three", source: "Three" },
    ]);
    const untranslated = await server.request("GET", rowsUrl(projectId, "languages=de&untranslatedIn=de"), { apiKey: owner.apiKey });
    expect(untranslated.body.data.map((r: { key: string }) => r.key)).toEqual(["three", "two"]);
    const search = await server.request("GET", rowsUrl(projectId, "languages=de&search=eins"), { apiKey: owner.apiKey });
    expect(search.body.data.map((r: { key: string }) => r.key)).toEqual(["one"]);
  });

  it("filters by the status of one language (untranslated includes keys without a value)", async () => {
    const { projectId, keyIds } = await seedProject(server, owner, [
      { key: "a", source: "A", targets: { de: "A-de" } },
      { key: "b", source: "B", targets: { de: "B-de" } },
      { key: "c", source: "C" },
    ]);
    const approve = await server.request("PATCH", `/api/projects/${projectId}/keys/${keyIds.b}/translations/de/status`, {
      apiKey: owner.apiKey,
      body: { status: "approved" },
    });
    expect(approve.status).toBe(200);
    const keysOf = async (q: string) =>
      (await server.request("GET", rowsUrl(projectId, `languages=de&${q}`), { apiKey: owner.apiKey })).body.data.map(
        (r: { key: string }) => r.key,
      );
    expect(await keysOf("status=approved&statusIn=de")).toEqual(["b"]);
    expect(await keysOf("status=translated&statusIn=de")).toEqual(["a"]);
    expect(await keysOf("status=untranslated&statusIn=de")).toEqual(["c"]);
    const noLanguage = await server.request("GET", rowsUrl(projectId, "languages=de&status=approved"), { apiKey: owner.apiKey });
    expect(noLanguage.status).toBe(400);
    expect(noLanguage.body).toEqual({
      statusCode: 400,
      message: "statusIn: is required with status",
      error: "Bad Request",
      issues: [{ path: "statusIn", message: "is required with status" }],
    });
  });

  it("refuses a language the project does not have, and other organizations' projects", async () => {
    const { projectId } = await seedProject(server, owner, [{ key: "k", source: "K" }]);
    const missing = await server.request("GET", rowsUrl(projectId, "languages=ja"), { apiKey: owner.apiKey });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ statusCode: 404, message: "Language not found", error: "Not Found" });
    const stranger = await signUpUser(server, "Stranger");
    const other = await server.request("GET", rowsUrl(projectId, "languages=de"), { apiKey: stranger.apiKey });
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ statusCode: 404, message: "Project not found", error: "Not Found" });
  });
});

describe("permissions in /auth/me", () => {
  it("lists what the caller's role allows, and a scoped token's narrower set", async () => {
    const reviewer = await addMember(server, owner, "reviewer");
    const me = await server.request("GET", "/api/auth/me", { cookie: reviewer.cookie });
    expect(me.status).toBe(200);
    expect(me.body.role).toBe("reviewer");
    expect(me.body.permissions).toContain("translations.review");
    expect(me.body.permissions).toContain("translations.status");
    expect(me.body.permissions).not.toContain("translations.write");
    expect(me.body.permissions).not.toContain("keys.write");
    expect(me.body.permissions).not.toContain("members.manage");

    const scoped = await server.request("POST", "/api/organizations/current/tokens", {
      cookie: owner.cookie,
      body: { name: "read only", scopes: ["keys:read", "translations:read"] },
    });
    const viaToken = await server.request("GET", "/api/auth/me", { apiKey: scoped.body.token });
    // Screenshots are context of keys: a token that reads keys sees them too (docs/visual-context.md).
    expect(viaToken.body.permissions.sort()).toEqual(["keys.read", "screenshots.read", "translations.read"]);
  });
});
