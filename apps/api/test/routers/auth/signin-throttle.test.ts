// Sign-in throttling, black-box: wrong passwords per account and per client address are counted in
// the database, slowed down from half the limit, and the attempt that reaches the limit is refused
// with 429 + Retry-After (the standard error body) — then every attempt, even with the right
// password, until the block ends; after it a right password succeeds. Password changes count for
// the account; password-reset requests are limited per address. Addresses come from
// X-Forwarded-For, which the server believes from its loopback peer (TRUST_PROXY=loopback).
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../../helpers/test-server";

const PASSWORD = "correct horse";
const UNAUTHORIZED = { statusCode: 401, message: "Unauthorized", error: "Unauthorized" };
const THROTTLED = { statusCode: 429, message: "Too many failed attempts; try again later", error: "Too Many Requests" };

/** Long blocks: counting and refusing. */
let server: TestServer;
/** A 2-second block: the right password succeeds once it has passed. */
let shortBlock: TestServer;
let address = 0;
const nextAddress = () => `198.18.0.${++address}`;

beforeAll(async () => {
  const limits = { SIGNIN_MAX_FAILURES: "3", SIGNIN_MAX_FAILURES_PER_ADDRESS: "5" };
  server = await startTestServer({ ...limits, SIGNIN_BLOCK_SECONDS: "900" });
  shortBlock = await startTestServer({ ...limits, SIGNIN_BLOCK_SECONDS: "2" });
});
afterAll(async () => {
  await server?.close();
  await shortBlock?.close();
});

function logIn(on: TestServer, email: string, password: string, from: string) {
  return on.request("POST", "/api/auth/login", { body: { email, password }, headers: { "x-forwarded-for": from } });
}

describe("per account", () => {
  it("refuses the 3rd wrong password with 429 and Retry-After, then the right one too; after the block the right one succeeds", async () => {
    const user = await signUpUser(shortBlock, "Target");
    const from = nextAddress();
    for (let i = 0; i < 2; i++) expect((await logIn(shortBlock, user.email, "wrong password", from)).body).toEqual(UNAUTHORIZED);
    const third = await logIn(shortBlock, user.email, "wrong password", from);
    expect(third.status).toBe(429);
    expect(third.body).toEqual(THROTTLED);
    const retryAfter = Number(third.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(2);

    const blocked = await logIn(shortBlock, user.email, PASSWORD, from);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual(THROTTLED);
    expect(blocked.headers.get("set-cookie")).toBeNull();

    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000 + 100));
    const later = await logIn(shortBlock, user.email, PASSWORD, from);
    expect(later.status).toBe(200);
    expect(later.headers.get("set-cookie")).toMatch(/^sid=/);
  });

  it("blocks an account whatever address the guesses come from, and says so for 900 seconds", async () => {
    const user = await signUpUser(server, "Spread");
    expect((await logIn(server, user.email, "guess 1", nextAddress())).status).toBe(401);
    expect((await logIn(server, user.email, "guess 2", nextAddress())).status).toBe(401);
    const third = await logIn(server, user.email, "guess 3", nextAddress());
    expect(third.status).toBe(429);
    expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(890);
    // The e-mail is matched as sign-in reads it (trimmed, any case).
    expect((await logIn(server, `  ${user.email.toUpperCase()} `, PASSWORD, nextAddress())).status).toBe(429);
  });

  it("forgets an account's failures after a successful sign-in", async () => {
    const user = await signUpUser(server, "Typo");
    const from = nextAddress();
    for (const password of ["typo 1", "typo 2", PASSWORD, "typo 3", "typo 4", PASSWORD]) {
      expect((await logIn(server, user.email, password, from)).status).toBe(password === PASSWORD ? 200 : 401);
    }
  });

  it("counts an e-mail of any length (long ones by their hash), never a 500", async () => {
    // Incompressible, so stored as is it would overflow the primary key's index entry.
    const huge = `${randomBytes(20_000).toString("hex")}@example.com`;
    const from = nextAddress();
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await logIn(server, huge, "whatever", from)).status);
    expect(statuses).toEqual([401, 401, 429]);
    const [row] = await server.db.query<{ n: number }>(`SELECT max(length(subject)) AS n FROM "SignInThrottle"`);
    expect(Number(row?.n)).toBeLessThan(400);
  });

  it("throttles e-mails without an account exactly like real ones", async () => {
    const from = nextAddress();
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await logIn(server, "nobody-here@example.com", "whatever", from)).status);
    expect(statuses).toEqual([401, 401, 429]);
  });

  it("slows the attempts down from half the limit", async () => {
    const user = await signUpUser(server, "Slow");
    const from = nextAddress();
    const timed = async () => {
      const started = performance.now();
      await logIn(server, user.email, "wrong", from);
      return performance.now() - started;
    };
    await timed();
    await timed(); // the 2nd failure reaches half the limit (3): the next attempt waits 200 ms first
    expect(await timed()).toBeGreaterThanOrEqual(195);
  });

  it("counts parallel guesses one by one: of 10 at once, only the first two are checked as 401", async () => {
    const user = await signUpUser(server, "Parallel");
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => logIn(server, user.email, `parallel ${i}`, nextAddress())));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([401, 401, 429, 429, 429, 429, 429, 429, 429, 429]);
    const [row] = await server.db.query<{ failures: number }>(`SELECT failures FROM "SignInThrottle" WHERE subject = $1`, [
      `account:${user.email}`,
    ]);
    expect(Number(row?.failures)).toBe(10);
  });
});

describe("housekeeping", () => {
  it("forgets counters untouched for a whole window when a new one starts", async () => {
    await server.db.query(
      `INSERT INTO "SignInThrottle" (subject, failures, "windowStart", "updatedAt") VALUES ('account:stale@example.com', 2, now() - interval '2 hours', now() - interval '2 hours')`,
    );
    await logIn(server, "fresh-subject@example.com", "whatever", nextAddress());
    const rows = await server.db.query<{ subject: string }>(`SELECT subject FROM "SignInThrottle" WHERE subject LIKE '%@example.com'`);
    expect(rows.map((r) => r.subject)).toContain("account:fresh-subject@example.com");
    expect(rows.map((r) => r.subject)).not.toContain("account:stale@example.com");
  });
});

describe("per address", () => {
  it("blocks an address after 5 failures across accounts; the right password of another account is refused there, not elsewhere", async () => {
    const from = nextAddress();
    const victims: TestUser[] = [];
    for (let i = 0; i < 5; i++) victims.push(await signUpUser(server, `Victim ${i}`));
    const statuses = [];
    for (const victim of victims) statuses.push((await logIn(server, victim.email, "sprayed password", from)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    const innocent = await signUpUser(server, "Innocent");
    expect((await logIn(server, innocent.email, PASSWORD, from)).status).toBe(429);
    expect((await logIn(server, innocent.email, PASSWORD, nextAddress())).status).toBe(200);
  });
});

describe("password change and reset requests", () => {
  it("counts wrong current passwords for the account: 400, 400, then 429 (REST and GraphQL), and sign-in is blocked too", async () => {
    const user = await signUpUser(server, "Changer");
    const change = (currentPassword: string) =>
      server.request("POST", "/api/auth/password", { cookie: user.cookie, body: { currentPassword, newPassword: "new password 1" } });
    expect((await change("wrong 1")).status).toBe(400);
    expect((await change("wrong 2")).status).toBe(400);
    const gql = await server.request("POST", "/graphql", {
      cookie: user.cookie,
      body: { query: `mutation { changePassword(currentPassword: "wrong 3", newPassword: "new password 1") { success } }` },
    });
    expect(gql.body.errors[0]).toMatchObject({ message: THROTTLED.message, extensions: { code: "TOO_MANY_REQUESTS", statusCode: 429 } });
    const rest = await change(PASSWORD);
    expect(rest.status).toBe(429);
    expect(rest.body).toEqual(THROTTLED);
    expect(Number(rest.headers.get("retry-after"))).toBeGreaterThan(890);
    expect((await logIn(server, user.email, PASSWORD, nextAddress())).status).toBe(429);
    // Still signed in: a 429 is not a 401.
    expect((await server.request("GET", "/api/auth/me", { cookie: user.cookie })).status).toBe(200);
  });

  it("limits password-reset requests per address (5), whether or not the e-mail has an account", async () => {
    const from = nextAddress();
    const request = (email: string) =>
      server.request("POST", "/api/auth/password-reset", { body: { email }, headers: { "x-forwarded-for": from } });
    for (let i = 0; i < 5; i++) expect((await request(`someone${i}@example.com`)).body).toEqual({ success: true });
    const sixth = await request("someone-else@example.com");
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual({
      statusCode: 429,
      message: "Too many password reset requests from this address; try again later",
      error: "Too Many Requests",
    });
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(890);
    const elsewhere = await server.request("POST", "/api/auth/password-reset", {
      body: { email: "someone@example.com" },
      headers: { "x-forwarded-for": nextAddress() },
    });
    expect(elsewhere.status).toBe(200);
  });
});
