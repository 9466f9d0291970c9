// Request rate limits (docs/api-rules.md, "Rate limits"): per API key, per signed-in user and per
// client address, on REST, GraphQL and tRPC, with RateLimit-* headers and 429 + Retry-After, and
// one limit across two server instances sharing a database.
import type http from "node:http";
import { createTestDb, type Database } from "@locale/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config";
import { createLogger } from "../../src/logger";
import { type AppServer, createApp, listen } from "../../src/server";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../helpers/test-server";

// One token a minute: a spent bucket stays empty for the length of the test.
const LOW = {
  RATE_LIMIT_PER_MINUTE: "1",
  RATE_LIMIT_BURST: "4",
  RATE_LIMIT_ANONYMOUS_PER_MINUTE: "1",
  RATE_LIMIT_ANONYMOUS_BURST: "20",
};

const me = (server: TestServer, headers: Record<string, string>) => server.request("GET", "/api/auth/me", { headers });

async function exhaust(send: () => Promise<{ status: number }>, max = 50): Promise<number> {
  for (let i = 1; i <= max; i++) if ((await send()).status === 429) return i;
  throw new Error(`no 429 after ${max} requests`);
}

describe("rate limits on one server", () => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    server = await startTestServer(LOW);
    // Each sign-up spends one token of 127.0.0.1's anonymous bucket (20), never more.
    alice = await signUpUser(server, "Alice");
    bob = await signUpUser(server, "Bob");
  });
  afterAll(() => server.close());

  it("REST: RateLimit-* on every answer, then 429 + Retry-After with the documented body", async () => {
    const key = { "x-api-key": alice.apiKey };
    const first = await me(server, key);
    expect(first.status).toBe(200);
    expect(first.headers.get("ratelimit-limit")).toBe("4");
    expect(first.headers.get("ratelimit-remaining")).toBe("3");
    expect(Number(first.headers.get("ratelimit-reset"))).toBeGreaterThan(0);
    // A write through express spends from the same bucket as a read answered in front of it.
    const created = await server.request("POST", "/api/v1/projects", {
      headers: key,
      body: { name: "Limited", sourceLanguage: "en", targetLanguages: ["de"] },
    });
    expect(created.status).toBe(201);
    expect(created.headers.get("ratelimit-remaining")).toBe("2");
    expect((await me(server, key)).status).toBe(200);
    expect((await me(server, key)).headers.get("ratelimit-remaining")).toBe("0");
    const refused = await me(server, key);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ statusCode: 429, message: expect.stringMatching(/rate limit/i), error: "Too Many Requests" });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get("ratelimit-remaining")).toBe("0");
    // Nothing was written by a refused write.
    const refusedWrite = await server.request("POST", "/api/projects", {
      headers: key,
      body: { name: "Refused", sourceLanguage: "en", targetLanguages: ["de"] },
    });
    expect(refusedWrite.status).toBe(429);
    expect(await server.db.prisma.project.count({ where: { name: "Refused" } })).toBe(0);
  });

  it("one API key's flood limits neither its user's session, nor another tenant, nor anonymous callers", async () => {
    const key = { "x-api-key": bob.apiKey };
    await exhaust(() => me(server, key));
    expect((await me(server, key)).status).toBe(429);
    expect((await me(server, { cookie: bob.cookie })).status).toBe(200);
    expect((await me(server, { "x-api-key": alice.apiKey })).status).toBe(429); // spent in the test above
    expect((await me(server, { cookie: alice.cookie })).status).toBe(200);
    expect((await server.request("POST", "/api/auth/login", { headers: { "x-forwarded-for": "198.51.100.7" }, body: {} })).status).toBe(
      400,
    );
  });

  it("a session user has one bucket; each client address has its own, and made-up keys count against the address", async () => {
    const carol = await signUpUser(server, "Carol");
    await exhaust(() => me(server, { cookie: carol.cookie }));
    expect((await me(server, { "x-api-key": carol.apiKey })).status).toBe(200);

    const from = (address: string, extra: Record<string, string> = {}) => me(server, { "x-forwarded-for": address, ...extra });
    let n = 0;
    const spent = await exhaust(() => from("203.0.113.9", { "x-api-key": `svc_made_up_${n++}` }));
    expect(spent).toBe(21);
    const refused = await from("203.0.113.9");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("ratelimit-limit")).toBe("20");
    const other = await from("203.0.113.10");
    expect(other.status).toBe(401);
    expect(other.headers.get("ratelimit-remaining")).toBe("19");
  });

  it("GraphQL: HTTP 429 with a coded GraphQL error and the headers", async () => {
    const dave = await signUpUser(server, "Dave");
    const ask = () => server.request("POST", "/graphql", { apiKey: dave.apiKey, body: { query: "{ __typename }" } });
    const ok = await ask();
    expect(ok.status).toBe(200);
    expect(ok.headers.get("ratelimit-remaining")).toBe("3");
    await exhaust(ask);
    const refused = await ask();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get("ratelimit-limit")).toBe("4");
    expect(refused.body).toEqual({
      errors: [{ message: expect.stringMatching(/rate limit/i), extensions: { code: "TOO_MANY_REQUESTS", statusCode: 429 } }],
    });
  });

  it("tRPC: its error envelope with TOO_MANY_REQUESTS, single and batched", async () => {
    const erin = await signUpUser(server, "Erin");
    const ask = () => server.request("GET", `/trpc/auth.me?input=${encodeURIComponent("{}")}`, { apiKey: erin.apiKey });
    const ok = await ask();
    expect(ok.status).toBe(200);
    expect(ok.headers.get("ratelimit-remaining")).toBe("3");
    await exhaust(ask);
    const refused = await ask();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(refused.body.error).toMatchObject({
      message: expect.stringMatching(/rate limit/i),
      code: -32029,
      data: { httpStatus: 429, code: "TOO_MANY_REQUESTS" },
    });
    const batch = await server.request("GET", `/trpc/auth.me,auth.sessions?batch=1&input=${encodeURIComponent("{}")}`, {
      apiKey: erin.apiKey,
    });
    expect(batch.status).toBe(429);
    expect(batch.body).toHaveLength(2);
    expect(batch.body[1].error.data).toMatchObject({ httpStatus: 429, code: "TOO_MANY_REQUESTS" });
  });

  it("/health and the web application are not limited", async () => {
    const address = { "x-forwarded-for": "192.0.2.44" };
    for (let i = 0; i < 25; i++) {
      const health = await server.request("GET", "/health", { headers: address });
      expect(health.status).toBe(200);
      expect(health.headers.get("ratelimit-limit")).toBeNull();
    }
    expect((await server.request("GET", "/", { headers: address })).headers.get("ratelimit-limit")).toBeNull();
    expect((await me(server, address)).headers.get("ratelimit-remaining")).toBe("19");
  });
});

describe("rate limits across two server instances on one database", () => {
  let db: Database;
  const instances: { app: AppServer; server: http.Server; url: string }[] = [];

  beforeAll(async () => {
    db = await createTestDb();
    for (let i = 0; i < 2; i++) {
      // A long sync interval: the test decides when the instances exchange (flush()).
      const config = loadConfig({
        PORT: "0",
        HOST: "127.0.0.1",
        LOG_LEVEL: "silent",
        WORKER_MODE: "off",
        ...LOW,
        RATE_LIMIT_SYNC_MS: "60000",
      });
      const app = createApp(db, config, createLogger("silent"));
      const { server, url } = await listen(app.app, 0, "127.0.0.1");
      config.publicUrl = url;
      instances.push({ app, server, url });
    }
  });
  afterAll(async () => {
    for (const { server } of instances) await new Promise<void>((resolve) => server.close(() => resolve()));
    await db.close();
  });

  it("the combined 429s hold: a subject alternating between replicas gets one burst plus the documented tolerance", async () => {
    const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];
    const address = { "x-forwarded-for": "198.51.100.200" };
    const burst = Number(LOW.RATE_LIMIT_ANONYMOUS_BURST);
    const perExchange = 2; // requests each instance answers between two exchanges
    let allowed = 0;
    for (let round = 0; round < 20; round++) {
      for (const instance of [a, b])
        for (let i = 0; i < perExchange; i++) {
          const res = await fetch(`${instance.url}/api/auth/me`, { headers: address });
          if (res.status === 401) allowed++;
          else expect(res.status).toBe(429);
        }
      await a.app.rateLimiter!.flush();
      await b.app.rateLimiter!.flush();
    }
    // Alone, each instance would allow a whole burst (40 in all); shared, the total stays within
    // one burst plus what the other replica spends between two exchanges.
    expect(allowed).toBeGreaterThanOrEqual(burst);
    expect(allowed).toBeLessThanOrEqual(burst + perExchange);
    for (const instance of [a, b]) expect((await fetch(`${instance.url}/api/auth/me`, { headers: address })).status).toBe(429);
  });
});
