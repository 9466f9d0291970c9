// The REST dispatcher (src/rest/dispatch/) against the request path it replaced. Reads are compared
// with express alone in rest-reads.test.ts; here every write of the OpenAPI document (POST, PUT,
// PATCH, DELETE) goes to the application as `listen` serves it (the dispatcher in front) and to
// express alone (the OpenAPI adapter behind the body parser, CSRF and input guards), in every way a
// request is refused or let through without changing data — a body that does not parse, another
// content type or charset, text PostgreSQL cannot store, nesting, a body over the limit, a foreign
// Origin with a session cookie, no or a wrong credential, another tenant, a path the guard refuses —
// and both must answer the same status, headers and bytes. Successful writes change the data, so
// the same write cannot go to both: each organization and project write goes once to each path,
// for two organizations built alike, and the answers must match once what differs between the
// twins by construction (ids, times, secrets, numbers in fixture names) is set aside.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config";
import { createLogger } from "../../src/logger";
import { PLAIN_ROUTES } from "../../src/rest/plain-routes";
import { createApp, listen } from "../../src/server";
import { createOrgFixture, type OrgFixture } from "../helpers/fixture-world";
import { type RawResponse, rawRequest } from "../helpers/raw-request";
import { buildCall, listOperations } from "../helpers/route-calls";
import { startTestServer, type TestServer } from "../helpers/test-server";
import { startWebhookReceiver } from "../helpers/webhook-receiver";

const MAX_BODY_BYTES = 64 * 1024;

let server: TestServer;
let receiver: { url: string; close(): Promise<void> };
let org: OrgFixture;
let stranger: OrgFixture;
let writes: string[];
let publicOps: Set<string>;

/** The headers a client can tell apart (rate-limit counters move between any two requests). */
const COMPARED_HEADERS = [
  "content-type",
  "content-length",
  "transfer-encoding",
  "etag",
  "retry-after",
  "set-cookie",
  "vary",
  "access-control-allow-origin",
  "access-control-allow-credentials",
  "location",
  "cache-control",
];

function seen(res: RawResponse) {
  return {
    status: res.status,
    headers: Object.fromEntries(COMPARED_HEADERS.map((name) => [name, res.headers[name]]).filter(([, v]) => v !== undefined)),
    text: res.text,
  };
}

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  server = await startTestServer({ MAX_BODY_BYTES: String(MAX_BODY_BYTES) }, { bareExpress: true });
  org = await createOrgFixture(server, { name: "Dispatch", webhookUrl: receiver.url, aiReady: false });
  stranger = await createOrgFixture(server, { name: "Stranger", webhookUrl: receiver.url, aiReady: false });
  // Plain routes (a bare JSON string body, raw files) are express's on both paths.
  const plain = new Set(
    PLAIN_ROUTES.flatMap((route) =>
      Object.entries(route.docs).flatMap(([path, item]) => Object.keys(item ?? {}).map((m) => `${m.toUpperCase()} ${path}`)),
    ),
  );
  writes = (await listOperations(server)).filter((op) => !op.startsWith("GET ") && !plain.has(op));
  const doc = (await server.request("GET", "/api/openapi.json")).body as {
    paths: Record<string, Record<string, { security?: unknown[] }>>;
  };
  publicOps = new Set();
  for (const [path, item] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(item)) if (op.security?.length === 0) publicOps.add(`${method.toUpperCase()} ${path}`);
}, 180_000);

afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

interface Variant {
  name: string;
  target: string;
  headers: Record<string, string>;
  body?: string;
}

/** Requests to one write that no path lets change data: each is refused before or by the procedure. */
function refusals(op: string): Variant[] {
  const call = buildCall(op, org.ids);
  const [pathOnly, query] = call.path.split("?") as [string, string | undefined];
  const q = query ? `?${query}` : "";
  const json = { "content-type": "application/json" };
  const owner = { "x-api-key": org.members.owner.apiKey };
  const valid = JSON.stringify(call.body ?? {});
  const deep = `${"[".repeat(80)}${"]".repeat(80)}`;
  const variants: Variant[] = [
    { name: "malformed JSON", target: `/api${call.path}`, headers: { ...owner, ...json }, body: "{" },
    { name: "malformed JSON under /api/v1", target: `/api/v1${call.path}`, headers: { ...owner, ...json }, body: '{"a":' },
    { name: "a JSON string", target: `/api${call.path}`, headers: { ...owner, ...json }, body: '"text"' },
    { name: "malformed JSON, trailing slash", target: `/api${pathOnly}/${q}`, headers: { ...owner, ...json }, body: "{" },
    {
      name: "malformed JSON, upper case",
      target: `/api/${pathOnly.slice(1).toUpperCase()}${q}`,
      headers: { ...owner, ...json },
      body: "{",
    },
    { name: "NUL in the body", target: `/api${call.path}`, headers: { ...owner, ...json }, body: '{"name":"a\\u0000b","key":"x"}' },
    { name: "a lone surrogate key", target: `/api${call.path}`, headers: { ...owner, ...json }, body: '{"\\ud800":1}' },
    { name: "nested too deep", target: `/api${call.path}`, headers: { ...owner, ...json }, body: `{"a":${deep}}` },
    {
      name: "over the body limit",
      target: `/api${call.path}`,
      headers: { ...owner, ...json },
      body: JSON.stringify({ pad: "x".repeat(MAX_BODY_BYTES) }),
    },
    {
      name: "a gzip body that is not gzip",
      target: `/api${call.path}`,
      headers: { ...owner, ...json, "content-encoding": "gzip" },
      body: valid,
    },
    { name: "NUL in the path", target: `/api${pathOnly}%00${q}`, headers: { ...owner, ...json }, body: valid },
    { name: "NUL in the query", target: `/api${pathOnly}${q ? `${q}&` : "?"}x=%00`, headers: { ...owner, ...json }, body: valid },
    { name: "a dot-dot segment", target: `/api${pathOnly}/%2e%2e${q}`, headers: { ...owner, ...json }, body: valid },
    {
      name: "a session cookie from a foreign origin",
      target: `/api${call.path}`,
      headers: { cookie: org.members.owner.cookie, origin: "https://evil.example", ...json },
      body: valid,
    },
    {
      name: "a session cookie from a foreign referer",
      target: `/api${call.path}`,
      headers: { cookie: org.members.owner.cookie, referer: "https://evil.example/page", ...json },
      body: valid,
    },
  ];
  // A DELETE's body is optional: the document lists no 415 for it.
  if (!op.startsWith("DELETE"))
    variants.push(
      { name: "text/plain", target: `/api${call.path}`, headers: { ...owner, "content-type": "text/plain" }, body: valid },
      {
        name: "another charset",
        target: `/api${call.path}`,
        headers: { ...owner, "content-type": "application/json; charset=latin9" },
        body: valid,
      },
    );
  if (!publicOps.has(op)) {
    variants.push(
      { name: "no credentials", target: `/api${call.path}`, headers: json, body: valid },
      { name: "no credentials, no body", target: `/api${call.path}`, headers: {} },
      { name: "a wrong key", target: `/api/v1${call.path}`, headers: { "x-api-key": "lk_wrong", ...json }, body: valid },
      {
        name: "a wrong key, CORS origin",
        target: `/api${call.path}`,
        headers: { "x-api-key": "lk_wrong", origin: server.url, ...json },
        body: valid,
      },
    );
    // Another tenant reaching this organization's resources: 404, whatever the route.
    if (pathOnly.includes(org.ids.orgId) || pathOnly.includes(org.ids.projectId))
      variants.push({
        name: "another tenant",
        target: `/api${call.path}`,
        headers: { "x-api-key": stranger.owner.apiKey, ...json },
        body: valid,
      });
  }
  return variants;
}

describe("the REST dispatcher", () => {
  it("answers every refused write of the document exactly as the express path does", { timeout: 900_000 }, async () => {
    expect(writes.length).toBeGreaterThan(40);
    let compared = 0;
    for (const op of writes) {
      for (const variant of refusals(op)) {
        const options = { headers: variant.headers, body: variant.body };
        const front = await rawRequest(server.url, op.slice(0, op.indexOf(" ")), variant.target, options);
        const bare = await rawRequest(server.bareUrl!, op.slice(0, op.indexOf(" ")), variant.target, options);
        const label = `${op}: ${variant.name} (${variant.target})`;
        expect(front.status, label).toBeGreaterThanOrEqual(400);
        expect(seen(front), label).toEqual(seen(bare));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(writes.length * 15);
  });

  it("answers every successful write of the document as the express path does, for two organizations built alike", {
    timeout: 900_000,
  }, async () => {
    // Each write goes once to each path, the dispatcher's for one organization and express's for
    // its twin, in the same order; what differs between twins by construction (ids, times,
    // secrets, generated e-mail addresses, slugs, cookie values, the numbers fixtures put in names
    // and texts) is set aside; statuses, headers, fields and every other character must match.
    const twin = await createOrgFixture(server, { name: "Twin", webhookUrl: receiver.url, aiReady: false });
    const other = await createOrgFixture(server, { name: "Twin", webhookUrl: receiver.url, aiReady: false });
    const mask = (text: string) =>
      text
        .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "<id>")
        .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z/g, "<time>")
        .replace(/[\w.+-]+@example\.com/g, "<email>")
        .replace(/[A-Za-z0-9_-]{22,}/g, "<secret>")
        .replace(/("\w*(?:[Ss]uffix|[Ss]ecret|[Tt]oken|[Hh]ash)":")[^"]*"/g, '$1<secret>"')
        // Slugs are unique per service: the second twin's gets a suffix.
        .replace(/("slug":")[^"]*"/g, '$1<slug>"')
        // Fixtures number what they create ("Value 29"), and texts derived from them carry it.
        .replace(/\d+/g, "<n>")
        .replace(/(sid|__Host-sid)=[^;]*/g, "$1=<secret>");
    /** Each twin's own ids and names (its key's name, its members' addresses) named by their field. */
    const unfixture = (text: string, ids: OrgFixture["ids"]) => {
      const values = Object.entries(ids).filter((e): e is [string, string] => typeof e[1] === "string" && e[1].length > 3);
      values.sort((a, b) => b[1].length - a[1].length);
      return values.reduce((out, [field, value]) => out.split(value).join(`<${field}>`), text);
    };
    const masked = (res: RawResponse, ids: OrgFixture["ids"]) => {
      const { status, headers, text } = seen(res);
      const { "content-length": _length, etag: _etag, ...rest } = headers;
      return { status, headers: JSON.parse(mask(JSON.stringify(rest))) as unknown, text: mask(unfixture(text, ids)) };
    };
    // Writes that remove what later writes need come last. The account's own writes (/auth/: sign-up,
    // sign-in, sign-out, password, invitations) act on one e-mail address or session, not on an
    // organization, so they cannot be twinned: their refusals are compared above, their successes
    // by the role matrix and the auth suites.
    const rank = (op: string) => (op.startsWith("DELETE /projects/{id}") ? 2 : op.startsWith("DELETE") ? 1 : 0);
    const ordered = writes.filter((op) => !op.includes(" /auth/")).sort((a, b) => rank(a) - rank(b));
    let succeeded = 0;
    for (const op of ordered) {
      const method = op.slice(0, op.indexOf(" "));
      // One request, built once (builders number what they create), addressed to each twin.
      const call = buildCall(op, twin.ids);
      let forOther = JSON.stringify({ path: call.path, body: call.body });
      for (const [field, value] of Object.entries(twin.ids))
        if (typeof value === "string" && value.length > 3)
          forOther = forOther.split(value).join(String(other.ids[field as keyof typeof other.ids]));
      const calls = new Map([
        [twin, { path: call.path, body: call.body }],
        [other, JSON.parse(forOther) as { path: string; body: unknown }],
      ]);
      const send = (base: string, fixture: OrgFixture) => {
        const { path, body } = calls.get(fixture)!;
        const headers: Record<string, string> = { "x-api-key": fixture.members.owner.apiKey, "content-type": "application/json" };
        return rawRequest(base, method, `/api${path}`, { headers, body: body === undefined ? undefined : JSON.stringify(body) });
      };
      const front = await send(server.url, twin);
      const bare = await send(server.bareUrl!, other);
      expect(masked(front, twin.ids), op).toEqual(masked(bare, other.ids));
      if (front.status < 300) succeeded++;
    }
    expect(succeeded).toBeGreaterThan(ordered.length / 2);
  });

  it("answers procedure routes and plain operations itself and leaves unknown paths to express", async () => {
    // A second app over the same database, its express counted: app(req, res) calls app.handle.
    const config = loadConfig({ PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "silent", WORKER_MODE: "off" });
    const { app } = createApp(server.db, config, createLogger("silent"));
    let expressCalls = 0;
    const counted = app as unknown as { handle: (...args: unknown[]) => unknown };
    const handle = counted.handle.bind(app);
    counted.handle = (...args: unknown[]) => {
      expressCalls++;
      return handle(...args);
    };
    const { server: http0, url } = await listen(app, 0, "127.0.0.1");
    try {
      const auth = { "x-api-key": org.owner.apiKey, "content-type": "application/json" };
      const read = await fetch(`${url}/api/v1/projects/${org.ids.projectId}/keys/${org.ids.keyId}`, { headers: auth });
      expect(read.status).toBe(200);
      expect(((await read.json()) as { _id: string })._id).toBe(org.ids.keyId);
      const write = await fetch(`${url}/api/projects/${org.ids.projectId}/keys`, {
        method: "POST",
        headers: auth,
        body: JSON.stringify({ key: "written.by.the.dispatcher" }),
      });
      expect(write.status).toBe(201);
      const refused = await fetch(`${url}/api/projects/${org.ids.projectId}/keys`, { method: "POST", headers: auth, body: "{" });
      expect(refused.status).toBe(400);
      // Either mount, in any case, with a trailing slash: as express matched them.
      const upper = await fetch(`${url}/API/V1/projects/${org.ids.projectId}/keys/${org.ids.keyId}/`, { headers: auth });
      expect(upper.status).toBe(200);
      const slashed = await fetch(`${url}/Api/projects/${org.ids.projectId}/keys/`, {
        method: "POST",
        headers: auth,
        body: JSON.stringify({ key: "written.with.a.trailing.slash" }),
      });
      expect(slashed.status).toBe(201);
      // Plain operations: a download, a raw-file upload (any case), a bare JSON string body.
      const exported = await fetch(`${url}/api/projects/${org.ids.projectId}/export/de?format=json-flat`, { headers: auth });
      expect(exported.status).toBe(200);
      const imported = await fetch(`${url}/API/projects/${org.ids.projectId}/import/de/?format=json-flat`, {
        method: "POST",
        headers: { "x-api-key": org.owner.apiKey, "content-type": "application/json" },
        body: JSON.stringify({ "imported.in.upper.case": "Hochgeladen" }),
      });
      expect(imported.status).toBe(200);
      const edited = await fetch(`${url}/api/projects/${org.ids.projectId}/keys/${org.ids.keyId}/comments/${org.ids.commentId}`, {
        method: "PATCH",
        headers: auth,
        body: JSON.stringify("Edited through the dispatcher"),
      });
      expect(edited.status).toBe(200);
      expect(((await edited.json()) as { body: string }).body).toBe("Edited through the dispatcher");
      expect(expressCalls).toBe(0);
      expect((await fetch(`${url}/api/nothing-here`, { headers: auth })).status).toBe(404);
      expect((await fetch(`${url}/api/projects/${org.ids.projectId}/%2e%2e`, { method: "DELETE", headers: auth })).status).toBe(404);
      expect(expressCalls).toBe(2);
    } finally {
      await new Promise((resolve) => http0.close(resolve));
    }
  });

  it("gives plain operations the guards procedures get", async () => {
    const auth = { "x-api-key": org.owner.apiKey, "content-type": "application/json" };
    const comment = `/api/projects/${org.ids.projectId}/keys/${org.ids.keyId}/comments/${org.ids.commentId}`;
    // A bare string body is checked by the comment service, with the 400 it always answered.
    const nul = await rawRequest(server.url, "PATCH", comment, { headers: auth, body: '"a\\u0000b"' });
    const unstorable = "Text must not contain NUL characters or invalid Unicode";
    expect({ status: nul.status, body: nul.body }).toEqual({
      status: 400,
      body: { statusCode: 400, error: "Bad Request", message: unstorable, issues: [{ path: "", message: unstorable }] },
    });
    // A body nested too deep is refused by the input guard, before the caller is resolved.
    const deep = await rawRequest(server.url, "PATCH", comment, {
      headers: { "content-type": "application/json" },
      body: `${"[".repeat(80)}${"]".repeat(80)}`,
    });
    expect(deep.status).toBe(400);
    expect(deep.body.message).toMatch(/nested more than 64 levels/);
    // The CSRF guard, before the caller is resolved.
    const foreign = await rawRequest(server.url, "PATCH", comment, {
      headers: { cookie: org.members.owner.cookie, origin: "https://evil.example", "content-type": "application/json" },
      body: '"text"',
    });
    expect(foreign.status).toBe(403);
    // A path parameter that does not decode: the 400 express gave.
    const undecodable = await rawRequest(server.url, "GET", `/api/projects/${org.ids.projectId}/export/%E0%A4%A?format=json-flat`, {
      headers: auth,
    });
    expect(undecodable.status).toBe(400);
    expect(undecodable.body.message).toBe("Failed to decode param '%E0%A4%A'");
    // A HEAD reaches the download, as express routed it: its headers, no body.
    const head = await rawRequest(server.url, "HEAD", `/api/projects/${org.ids.projectId}/export/de?format=json-flat`, { headers: auth });
    expect(head.status).toBe(200);
    expect(head.headers["content-disposition"]).toMatch(/attachment/);
    expect(head.text).toBe("");
  });

  it("answers a HEAD of a procedure route as its GET, without a body", async () => {
    const auth = { "x-api-key": org.members.owner.apiKey };
    const path = `/api/projects/${org.ids.projectId}`;
    const get = await rawRequest(server.url, "GET", path, { headers: auth });
    const head = await rawRequest(server.url, "HEAD", path, { headers: auth });
    expect(get.status).toBe(200);
    expect(head.status).toBe(200);
    expect(head.text).toBe("");
    expect(head.headers["content-type"]).toBe(get.headers["content-type"]);
    expect(head.headers.etag).toBe(get.headers.etag);
    expect((await rawRequest(server.url, "HEAD", path)).status).toBe(401);
  });
});
