// REST reads answered in front of express (src/rest/rest-reads.ts) must answer exactly what the
// express chain answers: the same application is served twice — once as `listen` serves it (the
// front door first) and once as a bare express server — and every GET below, good and bad, must
// get the same status, content type and body from both.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createTestDb, type Database } from "@locale/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config";
import { createLogger } from "../src/logger";
import { createApp, listen } from "../src/server";

let db: Database;
let expressCalls = 0;
let front: http.Server;
let bare: http.Server;
let frontUrl: string;
let bareUrl: string;
let apiKey: string;
let cookie: string;
let orgId: string;
let projectId: string;
let keyId: string;
let otherProjectId: string;

async function call(base: string, method: string, path: string, headers: Record<string, string> = {}, body?: unknown) {
  const res = await fetch(base + path, {
    method,
    headers: body === undefined ? headers : { ...headers, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, type: res.headers.get("content-type"), etag: res.headers.get("etag"), text: await res.text(), res };
}

beforeAll(async () => {
  db = await createTestDb();
  const config = loadConfig({ PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "silent", WORKER_MODE: "off" });
  const { app } = createApp(db, config, createLogger("silent"));
  // Counts the requests express itself handles (app(req, res) calls app.handle).
  const counted = app as unknown as { handle: (...args: unknown[]) => unknown };
  const handle = counted.handle.bind(app);
  counted.handle = (...args: unknown[]) => {
    expressCalls++;
    return handle(...args);
  };
  ({ server: front, url: frontUrl } = await listen(app, 0, "127.0.0.1"));
  bare = http.createServer(app);
  await new Promise<void>((resolve) => bare.listen(0, "127.0.0.1", resolve));
  bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;
  config.publicUrl = frontUrl;

  const signup = await call(frontUrl, "POST", "/api/auth/signup", {}, { email: "reads@example.com", password: "correct horse", name: "R" });
  cookie = (signup.res.headers.get("set-cookie") ?? "").split(";")[0]!;
  orgId = JSON.parse(signup.text).organization._id;
  apiKey = JSON.parse((await call(frontUrl, "POST", `/api/organizations/${orgId}/tokens`, { cookie }, { name: "t" })).text).token;
  const auth = { "x-api-key": apiKey };
  projectId = JSON.parse(
    (await call(frontUrl, "POST", "/api/projects", auth, { name: "P", sourceLanguage: "en", targetLanguages: ["de", "fr"] })).text,
  )._id;
  keyId = JSON.parse((await call(frontUrl, "POST", `/api/projects/${projectId}/keys`, auth, { key: "greeting", tags: ["ui"] })).text)._id;
  await call(frontUrl, "PUT", `/api/projects/${projectId}/keys/${keyId}/translations/en`, auth, { value: "Hello {name}" });
  await call(frontUrl, "PUT", `/api/projects/${projectId}/keys/${keyId}/translations/de`, auth, { value: "Hallo" });

  const other = await call(frontUrl, "POST", "/api/auth/signup", {}, { email: "other@example.com", password: "correct horse", name: "O" });
  const otherCookie = (other.res.headers.get("set-cookie") ?? "").split(";")[0]!;
  otherProjectId = JSON.parse(
    (await call(frontUrl, "POST", "/api/projects", { cookie: otherCookie }, { name: "Q", sourceLanguage: "en", targetLanguages: [] })).text,
  )._id;
});

afterAll(async () => {
  await new Promise((resolve) => front?.close(resolve));
  await new Promise((resolve) => bare?.close(resolve));
  await db?.close();
});

describe("REST reads in front of express", () => {
  const paths = () => [
    `/api/projects/${projectId}`,
    `/api/v1/projects/${projectId}`,
    `/api/projects/${projectId}/`,
    `/API/projects/${projectId}`,
    `/api/PROJECTS/${projectId}`,
    `/api//projects/${projectId}`,
    `/api/projects/${projectId}/keys/${keyId}`,
    `/api/projects/${projectId}/keys?limit=1&page=1`,
    `/api/projects/${projectId}/keys?limit=abc`,
    `/api/projects/${projectId}/keys?limit=1&limit=2`,
    `/api/projects/${projectId}/keys?search=%00`,
    `/api/projects/${projectId}/keys?search=%ED%A0%80`,
    `/api/projects/${projectId}/keys?tags=ui`,
    `/api/projects/${projectId}/keys?tags=ui&tags=other`,
    `/api/projects/${projectId}/translations/de?limit=200&page=1`,
    `/api/projects/${projectId}/translations/en`,
    `/api/projects/${projectId}/translations/xx-invalid`,
    `/api/projects/${projectId}/translations/de?page=0`,
    `/api/projects/${projectId}/keys/00000000-0000-0000-0000-000000000000`,
    `/api/projects/${otherProjectId}`,
    `/api/projects/not-a-project`,
    `/api/projects/${projectId}/%2e%2e/${projectId}`,
    `/api/projects/${projectId}%00`,
    `/api/projects/${projectId}/export?format=json&language=de`,
    `/api/projects/${projectId}/unknown`,
    `/api/organizations/${orgId}`,
    "/api/organizations/current",
    `/api/organizations/${orgId}/members`,
    `/api/organizations/${orgId}/tm/search?sourceText=Hello&sourceLanguage=en&targetLanguage=de`,
    `/api/organizations/${orgId}/tm/search?sourceText=Hello&sourceLanguage=en&targetLanguage=de&minSimilarity=200`,
    "/api/auth/me",
    "/api/auth/sessions",
    "/api/auth/providers",
    "/api/openapi.json",
    "/api/nothing-here",
    "/health",
  ];

  it("answers every GET exactly as express does, for an API key, a session and no credentials", async () => {
    let compared = 0;
    const credentials: Record<string, string>[] = [{ "x-api-key": apiKey }, { cookie }, {}, { "x-api-key": "lk_not_a_key" }];
    for (const headers of credentials) {
      for (const path of paths()) {
        const [a, b] = await Promise.all([call(frontUrl, "GET", path, headers), call(bareUrl, "GET", path, headers)]);
        const label = `GET ${path} with ${Object.keys(headers).join(",") || "no credentials"}`;
        expect({ status: a.status, type: a.type, etag: a.etag }, label).toEqual({ status: b.status, type: b.type, etag: b.etag });
        // The export names its file with a timestamp; everything else must match to the byte.
        if (!path.includes("/export")) expect(a.text, label).toBe(b.text);
        compared++;
      }
    }
    expect(compared).toBe(4 * paths().length);
  });

  it("answers reads itself and leaves the rest to express", async () => {
    const before = expressCalls;
    const read = await call(frontUrl, "GET", `/api/v1/projects/${projectId}/keys/${keyId}`, { "x-api-key": apiKey });
    expect(read.status).toBe(200);
    expect(JSON.parse(read.text)._id).toBe(keyId);
    const denied = await call(frontUrl, "GET", `/api/projects/${otherProjectId}`, { "x-api-key": apiKey });
    expect(denied.status).toBe(404);
    expect(expressCalls).toBe(before);
    // Writes, plain routes and unknown paths go on to express.
    const created = await call(frontUrl, "POST", `/api/projects/${projectId}/keys`, { "x-api-key": apiKey }, { key: "second" });
    expect(created.status).toBe(201);
    await call(frontUrl, "GET", `/api/projects/${projectId}/export?format=json&language=de`, { "x-api-key": apiKey });
    await call(frontUrl, "GET", "/api/nothing-here", { "x-api-key": apiKey });
    expect(expressCalls).toBe(before + 3);
    const head = await fetch(`${frontUrl}/api/projects/${projectId}`, { method: "HEAD", headers: { "x-api-key": apiKey } });
    const bareHead = await fetch(`${bareUrl}/api/projects/${projectId}`, { method: "HEAD", headers: { "x-api-key": apiKey } });
    expect(head.status).toBe(bareHead.status);
  });
});
