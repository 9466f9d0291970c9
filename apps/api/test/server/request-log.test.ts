// The per-request log line (apps/api/src/logger.ts, requestLogger): one line per request with
// method, URL, status and time, nothing from the headers (so no credential), none for /health;
// and req.log, a logger bound to the request, made when a handler first uses it.
import type http from "node:http";
import { Writable } from "node:stream";
import { createTestDb, type Database } from "@locale/db";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config";
import { createLogger, requestLogger } from "../../src/logger";
import { createApp, listen } from "../../src/server";

type Line = Record<string, any>;

function capture(): { stream: Writable; lines: Line[]; raw: string[] } {
  const raw: string[] = [];
  const lines: Line[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const text of String(chunk).split("\n").filter(Boolean)) {
        raw.push(text);
        lines.push(JSON.parse(text) as Line);
      }
      done();
    },
  });
  return { stream, lines, raw };
}

/** The "close" event (and so the line) comes just after the response: wait for it. */
async function lineFor(lines: Line[], match: (l: Line) => boolean): Promise<Line> {
  for (let i = 0; i < 200; i++) {
    const found = lines.find(match);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`no such log line in:\n${lines.map((l) => JSON.stringify(l)).join("\n")}`);
}

describe("request log", () => {
  let db: Database;
  let server: http.Server;
  let url: string;
  const log = capture();

  beforeAll(async () => {
    db = await createTestDb();
    const config = loadConfig({ PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info", WORKER_MODE: "off" });
    const { app } = createApp(db, config, createLogger("info", log.stream));
    ({ server, url } = await listen(app, 0, "127.0.0.1"));
    config.publicUrl = url;
  });

  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await db?.close();
  });

  it("writes one line per request with method, URL, status and time, and nothing from the headers", async () => {
    const email = `log-${Date.now()}@example.com`;
    const signup = await fetch(`${url}/api/auth/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: "correct horse", name: "Logger" }),
    });
    expect(signup.status).toBe(201);
    const cookie = (signup.headers.get("set-cookie") ?? "").split(";")[0]!;
    const orgId = ((await signup.json()) as { organization: { _id: string } }).organization._id;
    const token = await fetch(`${url}/api/organizations/${orgId}/tokens`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({ name: "log test" }),
    });
    const apiKey = ((await token.json()) as { token: string }).token;

    const listed = await fetch(`${url}/api/projects?limit=5`, { headers: { "x-api-key": apiKey } });
    expect(listed.status).toBe(200);
    const line = await lineFor(log.lines, (l) => l.req?.url === "/api/projects?limit=5");
    expect(line).toMatchObject({
      level: 30,
      msg: "request completed",
      req: { method: "GET", url: "/api/projects?limit=5", remoteAddress: expect.any(String), id: expect.any(Number) },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
    expect(Object.keys(line.req).sort()).toEqual(["id", "method", "remoteAddress", "url"]);
    expect(Object.keys(line.res)).toEqual(["statusCode"]);

    const refused = await fetch(`${url}/api/projects`, { headers: { "x-api-key": "svc_not_a_key" } });
    expect(refused.status).toBe(401);
    expect(await lineFor(log.lines, (l) => l.req?.url === "/api/projects" && l.res?.statusCode === 401)).toMatchObject({
      msg: "request completed",
    });

    expect((await fetch(`${url}/health`)).status).toBe(200);
    await lineFor(log.lines, (l) => l.res?.statusCode === 401);
    expect(log.lines.some((l) => l.req?.url === "/health")).toBe(false);

    // Neither credential, nor any header, is ever written.
    const all = log.raw.join("\n");
    expect(all).not.toContain(apiKey);
    expect(all).not.toContain(cookie.split("=")[1]!);
    expect(all).not.toContain("headers");
  });

  it("gives handlers req.log, bound to the request, and lets it be replaced", async () => {
    const out = capture();
    const logger = createLogger("info", out.stream);
    const app = express();
    app.use(requestLogger(logger, () => false));
    app.get("/bound", (req, res) => {
      req.log?.warn({ detail: 1 }, "from the handler");
      res.end("ok");
    });
    app.get("/replaced", (req, res) => {
      req.log = logger.child({ custom: true });
      req.log.warn("replaced");
      res.end("ok");
    });
    const bare = await listen(app, 0, "127.0.0.1");
    try {
      expect((await fetch(`${bare.url}/bound`)).status).toBe(200);
      expect((await fetch(`${bare.url}/replaced`)).status).toBe(200);
      const fromHandler = await lineFor(out.lines, (l) => l.msg === "from the handler");
      expect(fromHandler).toMatchObject({ level: 40, detail: 1, req: { method: "GET", url: "/bound" } });
      const completed = await lineFor(out.lines, (l) => l.msg === "request completed" && l.req?.url === "/bound");
      expect(completed.req.id).toBe(fromHandler.req.id);
      expect(await lineFor(out.lines, (l) => l.msg === "replaced")).toMatchObject({ custom: true });
    } finally {
      bare.server.closeAllConnections();
      await new Promise((resolve) => bare.server.close(resolve));
    }
  });
});
