// The signed-in person's own account, black-box over REST and GraphQL: the sessions list (how each
// was opened, from where), revoking one, "sign out everywhere", and changing the password (the
// current password is required; every other session ends). API keys get 403: these manage a
// person, not an organization.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember } from "../../helpers/invite-member";
import { signUpUser, startTestServer, type TestServer } from "../../helpers/test-server";

const FORBIDDEN = { statusCode: 403, message: "Forbidden resource", error: "Forbidden" };
const UNAUTHORIZED = { statusCode: 401, message: "Unauthorized", error: "Unauthorized" };
const PASSWORD = "correct horse";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const cookieOf = (res: { headers: Headers }) => (res.headers.get("set-cookie") ?? "").split(";")[0]!;

/** Signs in again as `user` from a given browser and address (X-Forwarded-For: the peer is loopback, a trusted proxy). */
async function signIn(user: { email: string }, userAgent: string, address: string, password = PASSWORD): Promise<string> {
  const res = await server.request("POST", "/api/auth/login", {
    body: { email: user.email, password },
    headers: { "user-agent": userAgent, "x-forwarded-for": address },
  });
  expect(res.status, res.text).toBe(200);
  return cookieOf(res);
}

const me = (cookie: string) => server.request("GET", "/api/auth/me", { cookie });
const sessions = (cookie: string) => server.request("GET", "/api/auth/sessions", { cookie });

async function gql(query: string, variables: Record<string, unknown>, auth: { cookie?: string; apiKey?: string }) {
  const res = await server.request("POST", "/graphql", { ...auth, body: { query, variables } });
  return res.body as { data?: any; errors?: { message: string; extensions?: Record<string, unknown> }[] };
}

describe("sessions list", () => {
  it("lists the person's active sessions newest first: method, browser, address, current", async () => {
    const user = await signUpUser(server, "Lister");
    const laptop = await signIn(user, "Laptop Browser/1.0", "203.0.113.7");
    const phone = await signIn(user, "Phone Browser/2.0", "198.51.100.23");
    const res = await sessions(laptop);
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([
      {
        _id: expect.any(String),
        method: "password",
        userAgent: "Phone Browser/2.0",
        ipAddress: "198.51.100.23",
        createdAt: expect.any(String),
        lastSeenAt: expect.any(String),
        expiresAt: expect.any(String),
        current: false,
      },
      expect.objectContaining({ method: "password", userAgent: "Laptop Browser/1.0", ipAddress: "203.0.113.7", current: true }),
      expect.objectContaining({ method: "signup", ipAddress: "127.0.0.1", current: false }),
    ]);
    const [newest, , oldest] = res.body.items;
    expect(Date.parse(newest.createdAt)).toBeGreaterThanOrEqual(Date.parse(oldest.createdAt));
    expect(Date.parse(newest.expiresAt)).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
    // The other session sees itself as the current one; nothing secret is in the list.
    expect((await sessions(phone)).body.items.map((s: any) => s.current)).toEqual([true, false, false]);
    expect(res.text).not.toMatch(/tokenHash|sid=/);
  });

  it("records sessions opened by accepting an invitation as method invitation", async () => {
    const owner = await signUpUser(server, "Inviter");
    const member = await addMember(server, owner, "translator");
    const res = await sessions(member.cookie);
    expect(res.body.items).toEqual([expect.objectContaining({ method: "invitation", current: true })]);
  });

  it("refuses API keys on every session-only route with 403", async () => {
    const user = await signUpUser(server, "Keyholder");
    const calls: [string, string, unknown?][] = [
      ["GET", "/api/auth/sessions"],
      ["DELETE", "/api/auth/sessions/00000000-0000-0000-0000-000000000000"],
      ["POST", "/api/auth/logout-everywhere", {}],
      ["POST", "/api/auth/password", { currentPassword: PASSWORD, newPassword: "another password" }],
    ];
    for (const [method, path, body] of calls) {
      const res = await server.request(method, path, { apiKey: user.apiKey, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body).toEqual(FORBIDDEN);
    }
    // The password did not change.
    expect((await server.request("POST", "/api/auth/login", { body: { email: user.email, password: PASSWORD } })).status).toBe(200);
    const viaGraphql = await gql("{ sessions { id } }", {}, { apiKey: user.apiKey });
    expect(viaGraphql.errors?.[0]?.extensions).toMatchObject({ code: "FORBIDDEN", statusCode: 403 });
  });
});

describe("revoking sessions", () => {
  it("ends another session at once; the current one keeps working", async () => {
    const user = await signUpUser(server, "Revoker");
    const other = await signIn(user, "Other/1", "192.0.2.1");
    const otherId = (await sessions(other)).body.items.find((s: any) => s.current)._id;
    const res = await server.request("DELETE", `/api/auth/sessions/${otherId}`, { cookie: user.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(res.headers.get("set-cookie")).toBeNull();
    expect((await me(other)).body).toEqual(UNAUTHORIZED);
    expect((await me(user.cookie)).status).toBe(200);
    expect((await sessions(user.cookie)).body.items.map((s: any) => s._id)).not.toContain(otherId);
  });

  it("answers 404 for another person's session, an unknown id and an ended session", async () => {
    const alice = await signUpUser(server, "Alice");
    const bob = await signUpUser(server, "Bob");
    const bobsId = (await sessions(bob.cookie)).body.items[0]._id;
    const ended = await signIn(alice, "Ended/1", "192.0.2.2");
    const endedId = (await sessions(ended)).body.items.find((s: any) => s.current)._id;
    await server.request("DELETE", `/api/auth/sessions/${endedId}`, { cookie: alice.cookie });
    for (const id of [bobsId, "00000000-0000-0000-0000-000000000000", endedId]) {
      const res = await server.request("DELETE", `/api/auth/sessions/${id}`, { cookie: alice.cookie });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ statusCode: 404, message: "Session not found", error: "Not Found" });
    }
    expect((await me(bob.cookie)).status).toBe(200);
  });

  it("signs out when the current session is revoked (the cookie is cleared)", async () => {
    const user = await signUpUser(server, "Self");
    const id = (await sessions(user.cookie)).body.items[0]._id;
    const res = await server.request("DELETE", `/api/auth/sessions/${id}`, { cookie: user.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toMatch(/^sid=;.*Expires=Thu, 01 Jan 1970/);
    expect((await me(user.cookie)).status).toBe(401);
  });

  it("signs out everywhere: every session of the person ends, nobody else's", async () => {
    const user = await signUpUser(server, "Everywhere");
    const bystander = await signUpUser(server, "Bystander");
    const second = await signIn(user, "Second/1", "192.0.2.3");
    const third = await signIn(user, "Third/1", "192.0.2.4");
    const res = await server.request("POST", "/api/auth/logout-everywhere", { cookie: second, body: {} });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, revoked: 3 });
    expect(res.headers.get("set-cookie")).toMatch(/^sid=;/);
    for (const cookie of [user.cookie, second, third]) expect((await me(cookie)).status).toBe(401);
    expect((await me(bystander.cookie)).status).toBe(200);
    // The API key belongs to the organization, not to a session: it keeps working.
    expect((await server.request("GET", "/api/auth/me", { apiKey: user.apiKey })).status).toBe(200);
  });
});

describe("changing the password", () => {
  const change = (cookie: string, body: unknown) => server.request("POST", "/api/auth/password", { cookie, body });

  it("needs the current password: a wrong one is a 400 on currentPassword and the session stays", async () => {
    const user = await signUpUser(server, "Forgetful");
    const res = await change(user.cookie, { currentPassword: "not my password", newPassword: "new password 1" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      message: "currentPassword: is not your current password",
      error: "Bad Request",
      issues: [{ path: "currentPassword", message: "is not your current password" }],
    });
    expect((await me(user.cookie)).status).toBe(200);
    const short = await change(user.cookie, { currentPassword: PASSWORD, newPassword: "short" });
    expect(short.status).toBe(400);
    expect(short.body.issues[0].path).toBe("newPassword");
    expect((await server.request("POST", "/api/auth/login", { body: { email: user.email, password: PASSWORD } })).status).toBe(200);
  });

  it("sets the new password and ends every other session, keeping this one", async () => {
    const user = await signUpUser(server, "Changer");
    const other = await signIn(user, "Other/2", "192.0.2.5");
    const res = await change(user.cookie, { currentPassword: PASSWORD, newPassword: "a brand new password" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect((await me(user.cookie)).status).toBe(200);
    expect((await me(other)).status).toBe(401);
    expect((await sessions(user.cookie)).body.items).toHaveLength(1);
    const old = await server.request("POST", "/api/auth/login", { body: { email: user.email, password: PASSWORD } });
    expect(old.status).toBe(401);
    await signIn(user, "After/1", "192.0.2.6", "a brand new password");
  });
});

describe("GraphQL", () => {
  it("lists and revokes sessions, changes the password and signs out everywhere with a session", async () => {
    const user = await signUpUser(server, "Grapher");
    const other = await signIn(user, "Graph/1", "192.0.2.7");
    const listed = await gql("{ sessions { id method userAgent ipAddress current createdAt } }", {}, { cookie: user.cookie });
    expect(listed.errors).toBeUndefined();
    expect(listed.data.sessions).toEqual([
      expect.objectContaining({ method: "password", userAgent: "Graph/1", ipAddress: "192.0.2.7", current: false }),
      expect.objectContaining({ method: "signup", current: true }),
    ]);
    const otherId = listed.data.sessions[0].id;
    const revoked = await gql("mutation($id: ID!) { revokeSession(id: $id) { success } }", { id: otherId }, { cookie: user.cookie });
    expect(revoked).toEqual({ data: { revokeSession: { success: true } } });
    expect((await me(other)).status).toBe(401);
    const again = await gql("mutation($id: ID!) { revokeSession(id: $id) { success } }", { id: otherId }, { cookie: user.cookie });
    expect(again.errors?.[0]?.extensions).toMatchObject({ code: "NOT_FOUND" });

    const change = "mutation($c: String!, $n: String!) { changePassword(currentPassword: $c, newPassword: $n) { success } }";
    const wrong = await gql(change, { c: "wrong one", n: "graph password 2" }, { cookie: user.cookie });
    expect(wrong.errors?.[0]).toMatchObject({
      message: "currentPassword: is not your current password",
      extensions: { code: "BAD_USER_INPUT", issues: [{ path: "currentPassword", message: "is not your current password" }] },
    });
    expect(await gql(change, { c: PASSWORD, n: "graph password 2" }, { cookie: user.cookie })).toEqual({
      data: { changePassword: { success: true } },
    });

    const third = await signIn(user, "Graph/3", "192.0.2.8", "graph password 2");
    const everywhere = await gql("mutation { logOutEverywhere { success revoked } }", {}, { cookie: third });
    expect(everywhere).toEqual({ data: { logOutEverywhere: { success: true, revoked: 2 } } });
    expect((await me(user.cookie)).status).toBe(401);
    expect((await me(third)).status).toBe(401);
  });
});
