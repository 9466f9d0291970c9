// Issue 24 item 4: behind https the session cookie never travels over plain http. With an https
// PUBLIC_URL and no COOKIE_SECURE it is `Secure` and named `__Host-sid`; COOKIE_SECURE overrides.
// Both names are read, so sessions made under the other setting keep working (docs/accounts.md).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/config";
import { startTestServer, type TestServer } from "../../helpers/test-server";

let https: TestServer;
let forcedOff: TestServer;
let n = 0;

beforeAll(async () => {
  // The servers listen on plain http (as behind a TLS-terminating proxy); browsers use PUBLIC_URL.
  [https, forcedOff] = await Promise.all([
    startTestServer({ PUBLIC_URL: "https://locale.example" }),
    startTestServer({ PUBLIC_URL: "https://locale.example", COOKIE_SECURE: "false" }),
  ]);
}, 60_000);
afterAll(async () => {
  await https?.close();
  await forcedOff?.close();
});

const sessionCookies = (headers: Headers) => headers.getSetCookie().filter((c) => /^(__Host-)?sid=/.test(c));

async function signUp(s: TestServer) {
  const email = `cookie-${++n}-${Date.now()}@example.com`;
  const res = await s.request("POST", "/api/auth/signup", { body: { email, password: "correct horse", name: "Cookie" } });
  expect(res.status).toBe(201);
  return { email, cookies: sessionCookies(res.headers) };
}

describe("the session cookie behind an https PUBLIC_URL", () => {
  it("derives Secure and the __Host- name from PUBLIC_URL, COOKIE_SECURE overriding either way", () => {
    expect(loadConfig({ PORT: "0", PUBLIC_URL: "https://locale.example" }).COOKIE_SECURE).toBe(true);
    expect(loadConfig({ PORT: "0", PUBLIC_URL: "HTTPS://locale.example" }).COOKIE_SECURE).toBe(true);
    expect(loadConfig({ PORT: "0", PUBLIC_URL: "http://locale.example" }).COOKIE_SECURE).toBe(false);
    expect(loadConfig({ PORT: "0" }).COOKIE_SECURE).toBe(false);
    expect(loadConfig({ PORT: "0", PUBLIC_URL: "https://locale.example", COOKIE_SECURE: "false" }).COOKIE_SECURE).toBe(false);
    expect(loadConfig({ PORT: "0", PUBLIC_URL: "http://locale.example", COOKIE_SECURE: "true" }).COOKIE_SECURE).toBe(true);
  });

  it("sign-up (REST), log-in (REST and tRPC) set a Secure __Host-sid (Path=/, no Domain) and clear a plain sid", async () => {
    const { email, cookies } = await signUp(https);
    const set = cookies.find((c) => c.startsWith("__Host-sid="))!;
    expect(set).toBeDefined();
    expect(set).toMatch(/; Secure/);
    expect(set).toMatch(/; HttpOnly/);
    expect(set).toMatch(/; Path=\/(;|$)/);
    expect(set).not.toMatch(/Domain=/i);
    expect(cookies.filter((c) => c.startsWith("sid=")).every((c) => /Expires=Thu, 01 Jan 1970/.test(c))).toBe(true);

    const rest = await https.request("POST", "/api/auth/login", { body: { email, password: "correct horse" } });
    const trpc = await https.request("POST", "/trpc/auth.logIn", { body: { email, password: "correct horse" } });
    for (const res of [rest, trpc]) {
      expect(res.status).toBe(200);
      const live = sessionCookies(res.headers).filter((c) => !/Expires=Thu, 01 Jan 1970/.test(c));
      expect(live).toHaveLength(1);
      expect(live[0]).toMatch(/^__Host-sid=[^;]+; .*Secure/);
    }
  });

  it("reads the session under __Host-sid over REST, GraphQL and tRPC, and still under a sid set before the change", async () => {
    const { cookies } = await signUp(https);
    const secret = cookies
      .find((c) => c.startsWith("__Host-sid="))!
      .split(";")[0]!
      .slice("__Host-sid=".length);
    for (const cookie of [`__Host-sid=${secret}`, `sid=${secret}`]) {
      const me = await https.request("GET", "/api/auth/me", { cookie });
      expect(me.status, `${cookie} ${me.text}`).toBe(200);
      const gql = await https.request("POST", "/graphql", { cookie, body: { query: "{ me { user { email } } }" } });
      expect(gql.body.errors, cookie).toBeUndefined();
      const trpc = await https.request("GET", `/trpc/auth.me?input=${encodeURIComponent("{}")}`, { cookie });
      expect(trpc.status, `${cookie} ${trpc.text}`).toBe(200);
    }
    // Log-out ends the session and clears both names.
    const out = await https.request("POST", "/api/auth/logout", { cookie: `__Host-sid=${secret}` });
    expect(out.status).toBe(200);
    const cleared = sessionCookies(out.headers);
    expect(cleared.map((c) => c.split("=")[0]).sort()).toEqual(["__Host-sid", "sid"]);
    expect((await https.request("GET", "/api/auth/me", { cookie: `sid=${secret}` })).status).toBe(401);
  });

  it("COOKIE_SECURE=false keeps the plain sid without Secure (an explicit override)", async () => {
    const { cookies } = await signUp(forcedOff);
    const live = cookies.filter((c) => !/Expires=Thu, 01 Jan 1970/.test(c));
    expect(live).toHaveLength(1);
    expect(live[0]).toMatch(/^sid=/);
    expect(live[0]).not.toMatch(/Secure/);
  });
});
