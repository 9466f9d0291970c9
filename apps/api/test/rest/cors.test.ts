// Issue 24 item 3: one CORS policy for REST, tRPC and GraphQL — only the service's own origin and
// CORS_ORIGINS get CORS headers (credentials included) — and a cookie-authenticated GraphQL GET
// from a foreign Origin is refused, so a page on a sibling subdomain or another port cannot read
// members' e-mails or sessions with the session cookie (docs/api-rules.md "CORS").
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../helpers/test-server";

const LISTED = "https://app.example";
const FOREIGN = ["http://evil.example", "http://app.example", "https://sub.app.example", "null"];

let server: TestServer;
let user: TestUser;

beforeAll(async () => {
  server = await startTestServer({ CORS_ORIGINS: `${LISTED}/` });
  user = await signUpUser(server, "Cors");
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const ME = encodeURIComponent("{ me { user { email } } sessions { ipAddress } }");
const READS: Record<string, string> = {
  REST: "/api/auth/me",
  "REST v1": "/api/v1/projects",
  tRPC: `/trpc/auth.me?input=${encodeURIComponent("{}")}`,
  GraphQL: `/graphql?query=${ME}`,
};

describe("CORS", () => {
  it.each(Object.entries(READS))("%s: a foreign Origin gets no CORS headers, and GraphQL refuses it the session", async (surface, path) => {
    for (const origin of FOREIGN) {
      const res = await server.request("GET", path, { cookie: user.cookie, headers: { origin } });
      expect(res.headers.get("access-control-allow-origin"), `${origin} ${surface}`).toBeNull();
      expect(res.headers.get("access-control-allow-credentials"), origin).toBeNull();
      if (surface === "GraphQL") {
        expect(res.status, origin).toBe(403);
        expect(res.text).not.toContain(user.email);
      }
    }
  });

  it.each(Object.entries(READS))("%s: the service's own origin and CORS_ORIGINS get them, with credentials", async (surface, path) => {
    for (const origin of [LISTED, server.url]) {
      const res = await server.request("GET", path, { cookie: user.cookie, headers: { origin } });
      expect(res.status, `${origin} ${surface} ${res.text.slice(0, 200)}`).toBe(200);
      expect(res.headers.get("access-control-allow-origin"), origin).toBe(origin);
      expect(res.headers.get("access-control-allow-credentials")).toBe("true");
    }
  });

  it("answers a preflight from an allowed origin on every surface, and none from a foreign one", async () => {
    for (const path of ["/api/projects", "/trpc/projects.create", "/graphql"]) {
      const preflight = (origin: string) =>
        fetch(server.url + path, {
          method: "OPTIONS",
          headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "content-type" },
        });
      const ok = await preflight(LISTED);
      expect(ok.status, path).toBe(204);
      expect(ok.headers.get("access-control-allow-origin")).toBe(LISTED);
      expect(ok.headers.get("access-control-allow-credentials")).toBe("true");
      expect(ok.headers.get("access-control-allow-methods")).toMatch(/POST/);
      expect(ok.headers.get("access-control-allow-headers")).toMatch(/Content-Type/i);
      const refused = await preflight("http://evil.example");
      expect(refused.headers.get("access-control-allow-origin"), path).toBeNull();
      expect(refused.headers.get("access-control-allow-credentials"), path).toBeNull();
    }
  });

  it("GraphQL: a POST from a foreign origin stays refused; an API key or no Origin is unaffected", async () => {
    const post = await server.request("POST", "/graphql", {
      cookie: user.cookie,
      headers: { origin: "http://evil.example" },
      body: { query: "{ me { user { email } } }" },
    });
    expect(post.status).toBe(403);
    expect(post.headers.get("access-control-allow-origin")).toBeNull();
    const key = await server.request("GET", `/graphql?query=${ME.replace(encodeURIComponent(" sessions { ipAddress }"), "")}`, {
      apiKey: user.apiKey,
      headers: { origin: "http://evil.example" },
    });
    expect(key.status).toBe(200);
    expect(key.headers.get("access-control-allow-origin")).toBeNull();
    const bare = await server.request("GET", `/graphql?query=${ME}`, { cookie: user.cookie });
    expect(bare.status).toBe(200);
    expect(bare.body.data.me.user.email).toBe(user.email);
  });
});
