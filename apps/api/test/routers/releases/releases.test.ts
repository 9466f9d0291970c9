// Releases and public delivery (docs/delivery.md), end to end over HTTP: what a release holds
// (approved values, every source value whatever its status, never a value with an error-level
// quality issue, never comments, descriptions or history), the numbered and `latest` files with
// strong ETags, 304s and the stored brotli/gzip encodings, the manifest, rollback, delete, and the
// rotated id's 404 that says nothing about the project.
import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedProject, waitUntil } from "../../helpers/fake-ai-providers";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../../helpers/test-server";

let server: TestServer;
let owner: TestUser;

beforeAll(async () => {
  // The worker rechecks stored quality issues after a settings change (the error-level value).
  server = await startTestServer({}, { worker: true });
  owner = await signUpUser(server);
});

afterAll(async () => {
  await server?.close();
});

const api = (method: string, path: string, body?: unknown, apiKey = owner.apiKey) =>
  server.request(method, `/api${path}`, { apiKey, ...(body !== undefined ? { body } : {}) });

/** A public GET: no credentials, raw bytes and headers. */
async function fetchPublic(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}${path}`, { headers: { "accept-encoding": "identity", ...headers } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** Raw bytes as sent (fetch would decode a Content-Encoding): node's http client. */
async function fetchEncoded(path: string, encoding: string) {
  const http = await import("node:http");
  return new Promise<{ status: number; headers: Record<string, unknown>; bytes: Buffer }>((resolve, reject) => {
    http
      .get(`${server.url}${path}`, { headers: { "accept-encoding": encoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, bytes: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

const approve = (projectId: string, keyId: string, language: string) =>
  api("PATCH", `/projects/${projectId}/keys/${keyId}/translations/${language}/status`, { status: "approved" });

describe("releases", () => {
  let projectId: string;
  let keyIds: Record<string, string>;
  let deliveryId: string;

  it("publishes approved values and the source text, never an error-level value, a comment, a description or history", async () => {
    ({ projectId, keyIds } = await seedProject(server, owner, [
      { key: "greeting", source: "Hello, {name}!", description: "SECRET-DESCRIPTION", targets: { de: "Hallo, {name}!" } },
      { key: "draft", source: "Draft", targets: { de: "UNAPPROVED-ENTWURF" } },
      { key: "spaced", source: "Two words", targets: { de: "Zwei  Wörter" } },
      { key: "nested.title", source: "Title", targets: { de: "Titel" } },
      // A source value with an error-level issue: left out of the source file like any other.
      { key: "gap", source: "Source  gap" },
    ]));
    // Only German is approved: the source language's values are published whatever their status.
    for (const key of ["greeting", "spaced", "nested.title"]) expect((await approve(projectId, keyIds[key]!, "de")).status).toBe(200);
    // An earlier value of greeting stays in history only.
    await api("PUT", `/projects/${projectId}/keys/${keyIds.draft!}/translations/de`, { value: "UNAPPROVED-ENTWURF-2" });
    const comment = await api("POST", `/projects/${projectId}/keys/${keyIds.greeting!}/comments`, { body: "SECRET-COMMENT" });
    expect(comment.status).toBe(201);
    // The double space becomes an error: the recheck stores an error-level issue on "spaced".
    const settings = await api("PUT", `/projects/${projectId}/qa-settings`, { checks: { double_space: "error" } });
    expect(settings.status).toBe(200);
    await waitUntil(async () => {
      const recheck = (await api("GET", `/projects/${projectId}/qa-settings`)).body.recheck;
      return recheck?.generation === settings.body.recheck.generation && recheck.status === "completed";
    }, 60_000);
    const errors = await api("GET", `/projects/${projectId}/translations/de?qa=error`);
    expect(errors.body.data.map((t: any) => t.key)).toEqual(["spaced"]);
    const sourceErrors = await api("GET", `/projects/${projectId}/translations/en?qa=error`);
    expect(sourceErrors.body.data.map((t: any) => t.key)).toEqual(["gap"]);

    const created = await api("POST", `/projects/${projectId}/releases`, { note: "first" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      version: 1,
      format: "json-flat",
      statuses: ["approved"],
      languages: ["de", "en", "fr"],
      note: "first",
      latest: true,
      placeholders: null,
    });
    const de = created.body.files.find((f: any) => f.language === "de");
    expect(de).toMatchObject({ fileName: "de.json", entries: 2 });

    const delivery = await api("GET", `/projects/${projectId}/delivery`);
    expect(delivery.status).toBe(200);
    deliveryId = delivery.body.deliveryId;
    expect(deliveryId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(delivery.body).toMatchObject({ latestVersion: 1, baseUrl: `${server.url}/delivery/${deliveryId}` });

    const file = await fetchPublic(`/delivery/${deliveryId}/1/de.json`);
    expect(file.status).toBe(200);
    expect(JSON.parse(file.bytes.toString("utf8"))).toEqual({ greeting: "Hallo, {name}!", "nested.title": "Titel" });
    expect(createHash("sha256").update(file.bytes).digest("hex")).toBe(de.sha256);
    // Nothing private in any file of the release, in any encoding.
    for (const language of ["de", "en", "fr"]) {
      const all = [
        await fetchPublic(`/delivery/${deliveryId}/1/${language}.json`),
        await fetchEncoded(`/delivery/${deliveryId}/1/${language}.json`, "br"),
      ];
      const text = all[0]!.bytes.toString("utf8") + brotliDecompressSync(all[1]!.bytes).toString("utf8");
      for (const secret of ["SECRET", "UNAPPROVED", "Zwei"]) expect(text).not.toContain(secret);
    }
    // The source file holds every source value, approved or not (its text is authored, not a translation).
    const en = await fetchPublic(`/delivery/${deliveryId}/1/en.json`);
    expect(JSON.parse(en.bytes.toString("utf8"))).toEqual({
      draft: "Draft",
      greeting: "Hello, {name}!",
      "nested.title": "Title",
      spaced: "Two words",
    });
    const enStatuses = (await api("GET", `/projects/${projectId}/translations/en`)).body.data.map((t: any) => t.status);
    expect(enStatuses).not.toContain("approved");
    const activity = await api("GET", `/projects/${projectId}/activity?action=release.created`);
    expect(activity.body.data[0].metadata).toMatchObject({ version: 1, entries: { de: 2, en: 4, fr: 0 } });
  });

  it("serves files with strong ETags, 304s, stored brotli and gzip, and the cache headers of each path", async () => {
    const numbered = await fetchPublic(`/delivery/${deliveryId}/1/de.json`);
    const sha = createHash("sha256").update(numbered.bytes).digest("hex");
    expect(numbered.headers.get("etag")).toBe(`"${sha}"`);
    expect(numbered.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(numbered.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(numbered.headers.get("access-control-allow-origin")).toBe("*");
    expect(numbered.headers.get("access-control-expose-headers")).toBe("ETag");
    expect(numbered.headers.get("vary")).toBe("Accept-Encoding");
    const latest = await fetchPublic(`/delivery/${deliveryId}/latest/de.json`);
    expect(latest.bytes.equals(numbered.bytes)).toBe(true);
    expect(latest.headers.get("cache-control")).toBe("public, max-age=10, must-revalidate");

    const revalidated = await fetchPublic(`/delivery/${deliveryId}/latest/de.json`, { "if-none-match": `"${sha}"` });
    expect(revalidated.status).toBe(304);
    expect(revalidated.bytes.byteLength).toBe(0);
    expect(revalidated.headers.get("etag")).toBe(`"${sha}"`);
    expect((await fetchPublic(`/delivery/${deliveryId}/1/de.json`, { "if-none-match": '"other", W/"x"' })).status).toBe(200);

    const br = await fetchEncoded(`/delivery/${deliveryId}/1/de.json`, "gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.etag).toBe(`"${sha}-br"`);
    expect(brotliDecompressSync(br.bytes).equals(numbered.bytes)).toBe(true);
    const gz = await fetchEncoded(`/delivery/${deliveryId}/1/de.json`, "gzip;q=1, br;q=0");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.bytes).equals(numbered.bytes)).toBe(true);
    // A 304 also for the encoded representation's own tag.
    expect((await fetchEncoded(`/delivery/${deliveryId}/1/de.json`, "br")).status).toBe(200);
    const head = await fetch(`${server.url}/delivery/${deliveryId}/1/de.json`, {
      method: "HEAD",
      headers: { "accept-encoding": "identity" },
    });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(numbered.bytes.byteLength));

    const manifest = await fetchPublic(`/delivery/${deliveryId}/manifest.json`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get("etag")).toMatch(/^"[0-9a-f]{64}"$/);
    const body = JSON.parse(manifest.bytes.toString("utf8"));
    expect(body.latest).toBe(1);
    expect(body.versions[0].files.de).toEqual({ path: "1/de.json", sha256: sha, bytes: numbered.bytes.byteLength, entries: 2 });
    expect(JSON.stringify(body)).not.toContain(projectId);
    expect((await fetchPublic(`/delivery/${deliveryId}/manifest.json`, { "if-none-match": manifest.headers.get("etag")! })).status).toBe(
      304,
    );
  });

  it("serves a new release at latest, rolls back, and refuses to delete the release latest serves", async () => {
    await approve(projectId, keyIds.draft!, "de");
    const second = await api("POST", `/projects/${projectId}/releases`, { languages: ["de"], placeholders: "i18next" });
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ version: 2, languages: ["de"], placeholders: "i18next", latest: true });
    // Every api process drops its copy on the release's NOTIFY.
    let latest: Record<string, string> = {};
    await waitUntil(async () => {
      latest = JSON.parse((await fetchPublic(`/delivery/${deliveryId}/latest/de.json`)).bytes.toString("utf8"));
      return "draft" in latest;
    }, 10_000);
    expect(latest).toEqual({ draft: "UNAPPROVED-ENTWURF-2", greeting: "Hallo, {{name}}!", "nested.title": "Titel" });
    // fr is not in release 2: the same 404 as anything else unknown.
    expect((await fetchPublic(`/delivery/${deliveryId}/latest/fr.json`)).status).toBe(404);
    expect((await fetchPublic(`/delivery/${deliveryId}/1/fr.json`)).status).toBe(200);

    const list = await api("GET", `/projects/${projectId}/releases`);
    expect(list.body.map((r: any) => [r.version, r.latest])).toEqual([
      [2, true],
      [1, false],
    ]);
    const refused = await api("DELETE", `/projects/${projectId}/releases/2`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ statusCode: 409, error: "Conflict" });

    const rolledBack = await api("POST", `/projects/${projectId}/releases/1/rollback`);
    expect(rolledBack.status).toBe(200);
    expect(rolledBack.body).toMatchObject({ deliveryId, latestVersion: 1 });
    await waitUntil(
      async () => !("draft" in JSON.parse((await fetchPublic(`/delivery/${deliveryId}/latest/de.json`)).bytes.toString("utf8"))),
      10_000,
    );
    expect((await api("GET", `/projects/${projectId}/releases/1`)).body.latest).toBe(true);
    expect((await api("GET", `/projects/${projectId}/releases/9`)).status).toBe(404);
    expect((await api("POST", `/projects/${projectId}/releases/9/rollback`)).status).toBe(404);

    expect((await api("DELETE", `/projects/${projectId}/releases/2`)).body).toEqual({ success: true });
    await waitUntil(async () => (await fetchPublic(`/delivery/${deliveryId}/2/de.json`)).status === 404, 10_000);
    const third = await api("POST", `/projects/${projectId}/releases`, { languages: ["de"] });
    expect(third.body.version).toBe(3);
    const actions = (await api("GET", `/projects/${projectId}/activity`)).body.data.map((e: any) => e.action);
    expect(actions).toEqual(expect.arrayContaining(["release.created", "release.rolled_back", "release.deleted"]));
  });

  it("a rotated or wrong delivery id is a 404 that says nothing about the project", async () => {
    // Release 3 (the previous test's last): served once its NOTIFY has dropped this process's
    // copy, which may come after the POST answered (a loaded machine).
    let before = await fetchPublic(`/delivery/${deliveryId}/3/de.json`);
    await waitUntil(async () => (before = await fetchPublic(`/delivery/${deliveryId}/3/de.json`)).status === 200, 10_000);
    const rotated = await api("POST", `/projects/${projectId}/delivery/rotate`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.deliveryId).not.toBe(deliveryId);
    expect(rotated.body.latestVersion).toBe(3);
    await waitUntil(async () => (await fetchPublic(`/delivery/${deliveryId}/latest/de.json`)).status === 404, 10_000);

    const answers = await Promise.all(
      [
        `/delivery/${deliveryId}/latest/de.json`,
        `/delivery/${deliveryId}/manifest.json`,
        "/delivery/AAAAAAAAAAAAAAAAAAAAAA/latest/de.json",
        "/delivery/AAAAAAAAAAAAAAAAAAAAAA/manifest.json",
        `/delivery/${rotated.body.deliveryId}/latest/xx.json`,
        `/delivery/${rotated.body.deliveryId}/latest/de.xml`,
        `/delivery/${rotated.body.deliveryId}/99/de.json`,
        `/delivery/${rotated.body.deliveryId}/0/de.json`,
        `/delivery/${rotated.body.deliveryId}`,
        "/delivery/..%2Fapi/latest/de.json",
      ].map((p) => fetchPublic(p)),
    );
    for (const a of answers) {
      expect(a.status).toBe(404);
      expect(JSON.parse(a.bytes.toString("utf8"))).toEqual({ statusCode: 404, message: "Not found", error: "Not Found" });
      expect(a.headers.get("etag")).toBeNull();
    }
    const fresh = await fetchPublic(`/delivery/${rotated.body.deliveryId}/latest/de.json`);
    expect(fresh.status).toBe(200);
    expect(fresh.bytes.equals(before.bytes)).toBe(true);
    const post = await fetch(`${server.url}/delivery/${rotated.body.deliveryId}/latest/de.json`, { method: "POST" });
    expect(post.status).toBe(405);
  });

  it("refuses bad settings with 400 and leaves writes to those who may manage releases", async () => {
    const cases: [unknown, string][] = [
      [{ format: "docx" }, "format"],
      [{ format: "pot" }, "format"],
      [{ languages: ["ja"] }, "languages"],
      [{ languages: [] }, "languages"],
      [{ statuses: ["untranslated"] }, "statuses"],
      [{ placeholders: "klingon" }, "placeholders"],
    ];
    for (const [body, path] of cases) {
      const res = await api("POST", `/projects/${projectId}/releases`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.issues.some((i: any) => i.path.startsWith(path))).toBe(true);
    }
    const token = await api("POST", `/organizations/${owner.orgId}/tokens`, { name: "reader", scopes: ["export", "projects:read"] });
    expect((await api("GET", `/projects/${projectId}/releases`, undefined, token.body.token)).status).toBe(200);
    expect((await api("POST", `/projects/${projectId}/releases`, {}, token.body.token)).status).toBe(403);
    expect((await api("POST", `/projects/${projectId}/delivery/rotate`, undefined, token.body.token)).status).toBe(403);
    const manager = await api("POST", `/organizations/${owner.orgId}/tokens`, { name: "ci", scopes: ["releases:manage"] });
    expect((await api("POST", `/projects/${projectId}/releases`, { languages: ["de"] }, manager.body.token)).status).toBe(201);
  });

  it("GraphQL reaches the same services", async () => {
    const gql = (query: string, variables: Record<string, unknown>) =>
      server.request("POST", "/graphql", { apiKey: owner.apiKey, body: { query, variables } });
    const created = await gql(
      `mutation ($p: ID!) { createRelease(projectId: $p, languages: ["de"], statuses: ["approved", "translated"], format: "yaml") { version format files { fileName entries } } }`,
      { p: projectId },
    );
    expect(created.body.errors).toBeUndefined();
    expect(created.body.data.createRelease).toMatchObject({ format: "yaml", files: [{ fileName: "de.yml" }] });
    const version = created.body.data.createRelease.version as number;
    const read = await gql(
      `query ($p: ID!) { releases(projectId: $p) { version latest } delivery(projectId: $p) { latestVersion deliveryId } }`,
      {
        p: projectId,
      },
    );
    expect(read.body.data.releases[0]).toEqual({ version, latest: true });
    expect(read.body.data.delivery.latestVersion).toBe(version);
    const yml = await fetchPublic(`/delivery/${read.body.data.delivery.deliveryId}/${version}/de.yml`);
    expect(yml.status).toBe(200);
    expect(yml.bytes.toString("utf8")).toContain("Titel");
    const bad = await gql(`mutation ($p: ID!) { createRelease(projectId: $p, format: "docx") { version } }`, { p: projectId });
    expect(bad.body.errors[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", statusCode: 400 });
  });
});
