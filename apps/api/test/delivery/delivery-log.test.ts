// The public delivery's access log (src/delivery/delivery-log.ts, docs/operations.md): delivery
// hits write no line each but one "delivery requests" summary per DELIVERY_LOG_INTERVAL_MS (by
// status, by encoding, bytes, hits per existing delivery id); a 5xx still writes its own line and
// LOG_LEVEL=debug writes every hit. API requests keep their own "request completed" lines.
import type http from "node:http";
import { Writable } from "node:stream";
import { createTestDb, type Database } from "@locale/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config";
import { DeliveryLog } from "../../src/delivery/delivery-log";
import { createLogger } from "../../src/logger";
import { createApp, listen } from "../../src/server";
import { UNREACHED_RATE_LIMITS } from "../helpers/unreached-rate-limits";

type Line = Record<string, any>;

function capture(): { stream: Writable; lines: Line[] } {
  const lines: Line[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const text of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(text) as Line);
      done();
    },
  });
  return { stream, lines };
}

async function lineFor(lines: Line[], match: (l: Line) => boolean, ms = 5_000): Promise<Line> {
  for (let waited = 0; waited < ms; waited += 20) {
    const found = lines.find(match);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no such log line in:\n${lines.map((l) => JSON.stringify(l)).join("\n")}`);
}

describe("delivery log", () => {
  let db: Database;
  let server: http.Server;
  let url: string;
  let deliveryPath: string;
  const log = capture();

  async function call(method: string, path: string, body: unknown, headers: Record<string, string>) {
    const res = await fetch(`${url}/api${path}`, {
      method,
      headers: { "content-type": "application/json", ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const parsed = await res.json();
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(parsed)}`);
    return { body: parsed, headers: res.headers };
  }

  beforeAll(async () => {
    db = await createTestDb();
    const config = loadConfig({
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      WORKER_MODE: "off",
      DELIVERY_LOG_INTERVAL_MS: "400",
      ...UNREACHED_RATE_LIMITS,
    });
    const { app } = createApp(db, config, createLogger("info", log.stream));
    ({ server, url } = await listen(app, 0, "127.0.0.1"));
    config.publicUrl = url;
    const signup = await call("POST", "/auth/signup", { email: "log@example.com", password: "correct horse", name: "Log" }, {});
    const cookie = { cookie: (signup.headers.get("set-cookie") ?? "").split(";")[0]! };
    const token = (await call("POST", `/organizations/${signup.body.organization._id}/tokens`, { name: "log" }, cookie)).body.token;
    const auth = { "x-api-key": token };
    const project = (await call("POST", "/projects", { name: "Logged", sourceLanguage: "en", targetLanguages: ["de"] }, auth)).body;
    await call("POST", `/projects/${project._id}/import`, { language: "en", format: "json-flat", content: '{"a":"A"}' }, auth);
    const release = (await call("POST", `/projects/${project._id}/releases`, { languages: ["en"] }, auth)).body;
    const delivery = (await call("GET", `/projects/${project._id}/delivery`, undefined, auth)).body;
    deliveryPath = `${new URL(delivery.baseUrl).pathname}/${release.version}/en.json`;
  });

  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await db?.close();
  });

  it("counts hits into one summary line per interval, and writes no line per hit", async () => {
    const first = await fetch(`${url}${deliveryPath}`, { headers: { "accept-encoding": "identity" } });
    const body = Buffer.from(await first.arrayBuffer());
    expect(first.status).toBe(200);
    // Not rate limited (the limiter is on here, with limits never reached): no RateLimit-* headers.
    expect(first.headers.get("ratelimit-limit")).toBeNull();
    const etag = first.headers.get("etag")!;
    const again = await fetch(`${url}${deliveryPath}`, { headers: { "accept-encoding": "identity", "if-none-match": etag } });
    expect(again.status).toBe(304);
    const unknown = await fetch(`${url}/delivery/AAAAAAAAAAAAAAAAAAAAAA/latest/en.json`);
    expect(unknown.status).toBe(404);
    const notFoundBytes = (await unknown.arrayBuffer()).byteLength;
    const deliveryId = deliveryPath.split("/")[2]!;

    // A slow machine may split the hits over two intervals: the summaries add up to them.
    const summaries = () => log.lines.filter((l) => l.msg === "delivery requests");
    await lineFor(log.lines, () => summaries().reduce((n, l) => n + l.delivery.requests, 0) >= 3);
    const written = summaries();
    expect(written.every((l) => l.level === 30 && l.delivery.seconds >= 0)).toBe(true);
    const sum = (pick: (d: any) => Record<string, number>) => {
      const total: Record<string, number> = {};
      for (const l of written) for (const [k, v] of Object.entries(pick(l.delivery))) total[k] = (total[k] ?? 0) + v;
      return total;
    };
    expect({
      requests: written.reduce((n, l) => n + l.delivery.requests, 0),
      statuses: sum((d) => d.statuses),
      encodings: sum((d) => d.encodings),
      bytes: written.reduce((n, l) => n + l.delivery.bytes, 0),
      ids: sum((d) => d.ids),
    }).toEqual({
      requests: 3,
      statuses: { "200": 1, "304": 1, "404": 1 },
      encodings: { br: 0, gzip: 0, identity: 2 },
      bytes: body.byteLength + notFoundBytes,
      ids: { [deliveryId]: 2 },
    });
    // No line per hit; the API's own requests keep theirs.
    expect(log.lines.filter((l) => String(l.req?.url ?? "").startsWith("/delivery/"))).toEqual([]);
    expect(log.lines.some((l) => l.msg === "request completed" && l.req?.url === "/api/auth/signup")).toBe(true);

    // An idle interval writes nothing; the next hit starts a new summary.
    await new Promise((r) => setTimeout(r, 1_000));
    expect(summaries()).toHaveLength(written.length);
    await fetch(`${url}${deliveryPath}`, { headers: { "accept-encoding": "gzip" } }).then((r) => r.arrayBuffer());
    const next = await lineFor(log.lines, (l) => l.msg === "delivery requests" && !written.includes(l));
    expect(next.delivery).toMatchObject({ requests: 1, statuses: { "200": 1 }, encodings: { br: 0, gzip: 1, identity: 0 } });
  });

  it("writes every 5xx on its own, every hit at debug, and what is counted on flush", () => {
    const out = capture();
    const deliveryLog = new DeliveryLog(createLogger("debug", out.stream), 60_000);
    const req = { method: "GET", url: "/delivery/x/latest/de.json", socket: { remoteAddress: "127.0.0.1" } } as http.IncomingMessage;
    deliveryLog.hit(req, 200, "x", "br", 100);
    deliveryLog.hit(req, 503, null, undefined, 80);
    expect(out.lines.map((l) => [l.level, l.msg, l.res?.statusCode, l.req?.url])).toEqual([
      [20, "delivery request", 200, "/delivery/x/latest/de.json"],
      [50, "delivery request errored", 503, "/delivery/x/latest/de.json"],
    ]);
    deliveryLog.flush();
    expect(out.lines[2]).toMatchObject({
      msg: "delivery requests",
      delivery: { requests: 2, statuses: { "200": 1, "503": 1 }, encodings: { br: 1, gzip: 0, identity: 0 }, bytes: 180, ids: { x: 1 } },
    });
    deliveryLog.flush();
    expect(out.lines).toHaveLength(3);
  });
});
