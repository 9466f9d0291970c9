// Sign-in with OpenID Connect (docs/sign-in-with-oidc.md), driven over HTTP against a real
// provider (oidc-provider on a loopback port, helpers/oidc-provider.ts): the whole code flow from
// the start redirect through the provider's login page to the callback. First sign-in creates the
// user and organization, a known e-mail is linked, a pending invitation is accepted; a tampered
// state, a replayed code, a wrong nonce, an expired or foreign-signed ID token, an unverified
// e-mail and a disallowed domain are each refused without creating anything.
import crypto, { createHash } from "node:crypto";
import { Writable } from "node:stream";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { loadConfig } from "../../../src/config";
import { createApp, listen } from "../../../src/server";
import { tokenOfInviteUrl } from "../../helpers/invite-member";
import { CookieJar, follow, startTestIdp, submitLogin, type TestIdp } from "../../helpers/oidc-provider";
import { signUpUser, startTestServer, type TestServer } from "../../helpers/test-server";

let idp: TestIdp;
/** Sign-up open; providers "test" (any domain) and "corp" (example.org only). */
let server: TestServer;
/** ALLOW_SIGNUP=false. */
let closed: TestServer;
let n = 0;

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
const callbackOf = (s: TestServer, provider: string) => `${s.url}/api/auth/oidc/${provider}/callback`;

function account(email: string, extra: { email_verified?: boolean; name?: string } = {}): string {
  const login = `person-${++n}`;
  idp.accounts.set(login, { email, email_verified: extra.email_verified ?? true, name: extra.name ?? `Person ${n}` });
  return login;
}

interface AtCallback {
  jar: CookieJar;
  /** The callback URL the provider sent the browser to (not visited yet). */
  callbackUrl: string;
}

/** Start → provider's login page → signs in as `login` → stops before the service's callback. */
async function toCallback(
  s: TestServer,
  login: string,
  options: { provider?: string; query?: Record<string, string>; jar?: CookieJar } = {},
): Promise<AtCallback> {
  const provider = options.provider ?? "test";
  const jar = options.jar ?? new CookieJar();
  const query = new URLSearchParams(options.query ?? {}).toString();
  const page = await follow(jar, `${s.url}/api/auth/oidc/${provider}/start${query ? `?${query}` : ""}`);
  expect(page.last.status).toBe(200);
  expect(page.url.startsWith(idp.issuer)).toBe(true);
  const done = await submitLogin(jar, page.last, page.url, login, (url) => url.startsWith(callbackOf(s, provider)));
  expect(done.url.startsWith(callbackOf(s, provider))).toBe(true);
  return { jar, callbackUrl: done.url };
}

/** Visits the callback like the browser would; returns where it sends the browser and the session cookie. */
async function visit(jar: CookieJar, url: string): Promise<{ status: number; location: string; sid: string | undefined }> {
  const headers: Record<string, string> = {};
  const cookie = jar.header(url);
  if (cookie) headers.cookie = cookie;
  const res = await fetch(url, { headers, redirect: "manual" });
  jar.store(url, res);
  expect(await res.text()).toBe("");
  // The session cookie this response set, if any.
  const sid = res.headers
    .getSetCookie()
    .find((c) => c.startsWith("sid="))
    ?.slice(4)
    .split(";")[0];
  return { status: res.status, location: res.headers.get("location") ?? "", sid: sid || undefined };
}

async function signIn(s: TestServer, login: string, options: Parameters<typeof toCallback>[2] = {}) {
  const at = await toCallback(s, login, options);
  return { ...(await visit(at.jar, at.callbackUrl)), jar: at.jar };
}

async function counts(s: TestServer) {
  const p = s.db.prisma;
  return {
    users: await p.user.count(),
    organizations: await p.organization.count(),
    memberships: await p.membership.count(),
    identities: await p.userIdentity.count(),
    sessions: await p.session.count(),
    acceptedInvitations: await p.invitation.count({ where: { acceptedAt: { not: null } } }),
  };
}

async function me(s: TestServer, sid: string) {
  return s.request("GET", "/api/auth/me", { cookie: `sid=${sid}` });
}

beforeAll(async () => {
  idp = await startTestIdp();
  server = await startTestServer({
    OIDC_PROVIDERS: "test,corp,down,trusted",
    ...idp.env("test", { name: "Test IdP" }),
    // The operator trusts this provider's verified e-mails to sign in existing accounts.
    ...idp.env("trusted", { name: "Trusted SSO" }),
    OIDC_TRUSTED_LINK_BY_EMAIL: "true",
    ...idp.env("corp", { name: "Corp SSO", allowedDomains: "example.org" }),
    // Nothing listens there: discovery fails.
    OIDC_DOWN_ISSUER: "http://127.0.0.1:9",
    OIDC_DOWN_CLIENT_ID: "x",
    OIDC_DOWN_CLIENT_SECRET: "y",
  });
  closed = await startTestServer({ ALLOW_SIGNUP: "false", OIDC_PROVIDERS: "test", ...idp.env("test") });
  idp.register([callbackOf(server, "test"), callbackOf(server, "corp"), callbackOf(server, "trusted"), callbackOf(closed, "test")]);
});

afterAll(async () => {
  await server?.close();
  await closed?.close();
  await idp?.close();
});

describe("configuration", () => {
  const base = { PORT: "0" };
  it("reads each listed provider from OIDC_<ID>_* and stops start-up naming every missing or bad variable", () => {
    const config = loadConfig({
      ...base,
      OIDC_PROVIDERS: "My-SSO, kc",
      OIDC_MY_SSO_ISSUER: "https://sso.example.com/realms/main",
      OIDC_MY_SSO_CLIENT_ID: "locale",
      OIDC_MY_SSO_CLIENT_SECRET: "s3cret",
      OIDC_MY_SSO_ALLOWED_DOMAINS: "@Example.com, example.org",
      OIDC_KC_ISSUER: "http://localhost:8080/realms/dev",
      OIDC_KC_CLIENT_ID: "c",
      OIDC_KC_CLIENT_SECRET: "s",
      OIDC_KC_NAME: "Keycloak",
      OIDC_KC_LINK_BY_EMAIL: "true",
    });
    expect(config.oidcProviders).toEqual([
      {
        id: "my-sso",
        name: "my-sso",
        issuer: "https://sso.example.com/realms/main",
        clientId: "locale",
        clientSecret: "s3cret",
        allowedDomains: ["example.com", "example.org"],
        linkByEmail: false,
      },
      {
        id: "kc",
        name: "Keycloak",
        issuer: "http://localhost:8080/realms/dev",
        clientId: "c",
        clientSecret: "s",
        allowedDomains: [],
        linkByEmail: true,
      },
    ]);
    expect(loadConfig(base).oidcProviders).toEqual([]);
    expect(() =>
      loadConfig({
        ...base,
        OIDC_PROVIDERS: "kc,web",
        OIDC_KC_ISSUER: "http://sso.example.com/realms/x",
        OIDC_KC_CLIENT_ID: "c",
        OIDC_KC_CLIENT_SECRET: "s",
      }),
    ).toThrow(
      'Invalid configuration:\n  OIDC_KC_ISSUER: must be an https URL (plain http is allowed for localhost only)\n  OIDC_WEB_ISSUER: required because OIDC_PROVIDERS lists "web"\n  OIDC_WEB_CLIENT_ID: required because OIDC_PROVIDERS lists "web"\n  OIDC_WEB_CLIENT_SECRET: required because OIDC_PROVIDERS lists "web"',
    );
    expect(() => loadConfig({ ...base, OIDC_PROVIDERS: "bad id" })).toThrow(/OIDC_PROVIDERS: "bad id" is not a valid id/);
    expect(() =>
      loadConfig({
        ...base,
        OIDC_PROVIDERS: "kc",
        OIDC_KC_ISSUER: "https://sso.example.com",
        OIDC_KC_CLIENT_ID: "c",
        OIDC_KC_CLIENT_SECRET: "s",
        OIDC_KC_LINK_BY_EMAIL: "yes please",
      }),
    ).toThrow(/OIDC_KC_LINK_BY_EMAIL: must be true or false/);
  });
});

describe("providers and start", () => {
  it("lists the configured providers with their start URLs", async () => {
    const res = await server.request("GET", "/api/auth/providers");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      items: [
        { id: "test", name: "Test IdP", startUrl: "/api/auth/oidc/test/start" },
        { id: "corp", name: "Corp SSO", startUrl: "/api/auth/oidc/corp/start" },
        { id: "down", name: "down", startUrl: "/api/auth/oidc/down/start" },
        { id: "trusted", name: "Trusted SSO", startUrl: "/api/auth/oidc/trusted/start" },
      ],
    });
    const v1 = await closed.request("GET", "/api/v1/auth/providers");
    expect(v1.body).toEqual({ items: [{ id: "test", name: "test", startUrl: "/api/auth/oidc/test/start" }] });
  });

  it("redirects to the provider with PKCE S256, state and nonce, binds the state to the browser, stores only its hash", async () => {
    const res = await fetch(`${server.url}/api/auth/oidc/test/start?returnTo=${encodeURIComponent("/projects/x?tab=1")}`, {
      redirect: "manual",
    });
    expect(res.status).toBe(302);
    expect(await res.text()).toBe("");
    const location = new URL(res.headers.get("location")!);
    expect(location.origin).toBe(idp.issuer);
    const q = location.searchParams;
    expect(q.get("response_type")).toBe("code");
    expect(q.get("client_id")).toBe(idp.clientId);
    expect(q.get("redirect_uri")).toBe(callbackOf(server, "test"));
    expect(q.get("scope")).toBe("openid email profile");
    expect(q.get("code_challenge_method")).toBe("S256");
    expect(q.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const state = q.get("state")!;
    expect(state.length).toBeGreaterThanOrEqual(32);
    expect(q.get("nonce")!.length).toBeGreaterThanOrEqual(32);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("oidc_state="))!;
    expect(cookie).toContain(`oidc_state=${state};`);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\/api;/);
    const row = await server.db.prisma.oidcLoginRequest.findUniqueOrThrow({ where: { stateHash: sha256(state) } });
    expect(row).toMatchObject({ provider: "test", returnTo: "/projects/x?tab=1", invitationTokenHash: null });
    expect(JSON.stringify(row)).not.toContain(state);
  });

  it("refuses a returnTo that could leave the service (400), and an unknown provider (redirect with its code)", async () => {
    for (const returnTo of ["//evil.example/x", "https://evil.example/", "/\\evil.example", "evil", "/ok\u0007"]) {
      const res = await server.request("GET", `/api/auth/oidc/test/start?returnTo=${encodeURIComponent(returnTo)}`);
      expect(res.status, returnTo).toBe(400);
      expect(res.body).toEqual({
        statusCode: 400,
        error: "Bad Request",
        message: "returnTo: must be a path of this service, starting with a single /",
        issues: [{ path: "returnTo", message: "must be a path of this service, starting with a single /" }],
      });
    }
    const twice = await server.request("GET", "/api/auth/oidc/test/start?returnTo=/a&returnTo=/b");
    expect(twice.status).toBe(400);
    const bad = await server.request("GET", "/api/auth/oidc/test/start?invitation=not-a-real-token");
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("invitation: unknown, already used or expired");
    for (const path of ["/api/auth/oidc/nope/start", "/api/v1/auth/oidc/nope/callback?code=x&state=y"]) {
      const res = await fetch(server.url + path, { redirect: "manual" });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/sign-in?error=oidc_unknown_provider");
    }
  });
});

describe("returnTo after normalisation (open redirect)", () => {
  // Each of these starts with one "/", but its dot segments make it `//evil.example/`, which a
  // browser reads as another site.
  const DOT_SEGMENTS = [
    "/.//evil.example/",
    "/a/..//evil.example/",
    "/%2e//evil.example/",
    "/%2e%2e//evil.example/",
    "/%2E/x/..//evil.example/",
  ];

  it("refuses (400) a returnTo whose dot segments normalise to //host, and stores no flow", async () => {
    const before = await server.db.prisma.oidcLoginRequest.count();
    for (const returnTo of DOT_SEGMENTS) {
      const res = await fetch(`${server.url}/api/auth/oidc/test/start?returnTo=${encodeURIComponent(returnTo)}`, { redirect: "manual" });
      expect(res.status, returnTo).toBe(400);
      expect((await res.json()).issues).toEqual([
        { path: "returnTo", message: "must be a path of this service, starting with a single /" },
      ]);
    }
    expect(await server.db.prisma.oidcLoginRequest.count()).toBe(before);
    // A dot segment that stays on the service is kept, normalised.
    const ok = await fetch(`${server.url}/api/auth/oidc/test/start?returnTo=${encodeURIComponent("/a/../projects")}`, {
      redirect: "manual",
    });
    expect(ok.status).toBe(302);
  });

  it("checks the final Location too: a stored returnTo that would leave the origin lands on /", async () => {
    const login = account(`redirect-${++n}@example.com`);
    const at = await toCallback(server, login, { query: { returnTo: "/projects" } });
    // As if stored by an older start, before the check looked at the normalised path.
    await server.db.prisma.oidcLoginRequest.updateMany({ where: { returnTo: "/projects" }, data: { returnTo: "//evil.example/" } });
    const done = await visit(at.jar, at.callbackUrl);
    expect(done.status).toBe(302);
    expect(done.location).toBe("/");
    expect(done.sid).toBeTruthy();
  });
});

describe("an unreachable provider", () => {
  it("sends the browser back to the sign-in page with oidc_failed and stores no flow", async () => {
    const before = await server.db.prisma.oidcLoginRequest.count();
    const res = await fetch(`${server.url}/api/auth/oidc/down/start`, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/sign-in?error=oidc_failed");
    expect(res.headers.getSetCookie().filter((c) => c.startsWith("oidc_state="))).toEqual([]);
    expect(await server.db.prisma.oidcLoginRequest.count()).toBe(before);
  });
});

describe("the code flow", () => {
  it("first sign-in creates the user (no password) and an organization, lands on returnTo; the next one signs in the same user", async () => {
    const before = await counts(server);
    const login = account("Ada@Example.com", { name: "Ada Lovelace" });
    const userinfo = idp.userinfoRequests();
    const first = await signIn(server, login, { query: { returnTo: "/organization/members" } });
    // This provider keeps the e-mail out of the ID token: it came from userinfo.
    expect(idp.userinfoRequests()).toBe(userinfo + 1);
    expect(first.status).toBe(302);
    expect(first.location).toBe("/organization/members");
    expect(first.sid).toBeTruthy();
    const who = await me(server, first.sid!);
    expect(who.status).toBe(200);
    expect(who.body.user).toMatchObject({ email: "ada@example.com", name: "Ada Lovelace" });
    expect(who.body.role).toBe("owner");
    expect(who.body.organization.name).toBe("Ada Lovelace's organization");
    const user = await server.db.prisma.user.findUniqueOrThrow({ where: { email: "ada@example.com" } });
    expect(user.passwordHash).toBe("");
    const identity = await server.db.prisma.userIdentity.findFirstOrThrow({ where: { userId: user.id } });
    expect(identity).toMatchObject({ provider: "test", subject: login, email: "ada@example.com" });
    const session = await server.db.prisma.session.findFirstOrThrow({ where: { userId: user.id } });
    expect(session.method).toBe("oidc:test");
    expect(session.ipAddress).toBe("127.0.0.1");
    expect(await counts(server)).toEqual({
      ...before,
      users: before.users + 1,
      organizations: before.organizations + 1,
      memberships: before.memberships + 1,
      identities: before.identities + 1,
      sessions: before.sessions + 1,
    });
    // The flow's request row is gone (single use).
    expect(await server.db.prisma.oidcLoginRequest.count({ where: { provider: "test", returnTo: "/organization/members" } })).toBe(0);

    // No password was ever set: password sign-in is refused like a wrong password, at the cost of
    // one real hash computation (so timing does not tell such accounts apart).
    // Warm-up: the first unknown e-mail computes the stand-in hash once per process.
    await server.request("POST", "/api/auth/login", { body: { email: "nobody-here@example.com", password: "anything" } });
    // Counts password hash computations (a user without a password must still cost one): a spy on
    // the module object the password code calls through, so it sees the calls even when another
    // test file loaded that code first (files share modules, no isolation).
    const scrypt = vi.spyOn(crypto, "scrypt");
    onTestFinished(() => scrypt.mockRestore());
    const wrong = await server.request("POST", "/api/auth/login", { body: { email: "ada@example.com", password: "anything" } });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ statusCode: 401, message: "Unauthorized", error: "Unauthorized" });
    expect(scrypt.mock.calls.length).toBe(1);

    const again = await signIn(server, login);
    expect(again.location).toBe("/");
    expect((await me(server, again.sid!)).body.user._id).toBe(user.id);
    const after = await counts(server);
    expect(after).toEqual({
      ...before,
      users: before.users + 1,
      organizations: before.organizations + 1,
      memberships: before.memberships + 1,
      identities: before.identities + 1,
      sessions: before.sessions + 2,
    });
  });

  it("two first sign-ins of one new person at once make one user, one organization, two sessions", async () => {
    const before = await counts(server);
    const login = account(`twice-${++n}@example.com`);
    const flows = [await toCallback(server, login), await toCallback(server, login)];
    const results = await Promise.all(flows.map((f) => visit(f.jar, f.callbackUrl)));
    expect(results.map((r) => r.location)).toEqual(["/", "/"]);
    expect(await counts(server)).toEqual({
      ...before,
      users: before.users + 1,
      organizations: before.organizations + 1,
      memberships: before.memberships + 1,
      identities: before.identities + 1,
      sessions: before.sessions + 2,
    });
  });

  it("with OIDC_<ID>_LINK_BY_EMAIL=true, links a provider account to the existing user with that verified e-mail", async () => {
    const owner = await signUpUser(server, "Existing Person");
    // An invitation elsewhere stays pending: an existing user accepts through its link or token.
    const other = await signUpUser(server, "Other Org");
    await server.request("POST", "/api/organizations/current/members/invite", {
      cookie: other.cookie,
      body: { email: owner.email, role: "developer" },
    });
    const before = await counts(server);
    const login = account(owner.email.toUpperCase());
    const res = await signIn(server, login, { provider: "trusted" });
    expect(res.location).toBe("/");
    const who = await me(server, res.sid!);
    expect(who.body.user._id).toBe(owner.userId);
    expect(who.body.organization._id).toBe(owner.orgId);
    expect(await counts(server)).toEqual({ ...before, identities: before.identities + 1, sessions: before.sessions + 1 });
    // The password still works: linking changed nothing else.
    const pw = await server.request("POST", "/api/auth/login", { body: { email: owner.email, password: "correct horse" } });
    expect(pw.status).toBe(200);
  });

  it("accepts a pending invitation for the e-mail at the first sign-in instead of creating an organization, even with sign-up closed", async () => {
    for (const s of [server, closed]) {
      const owner = await signUpAllowed(s);
      const email = `invited-${++n}@example.com`;
      const invite = await s.request("POST", "/api/organizations/current/members/invite", {
        cookie: owner.cookie,
        body: { email, role: "translator" },
      });
      expect(invite.status).toBe(201);
      const before = await counts(s);
      const res = await signIn(s, account(email));
      expect(res.location).toBe("/");
      const who = await me(s, res.sid!);
      expect(who.body.organization._id).toBe(owner.orgId);
      expect(who.body.role).toBe("translator");
      expect(await counts(s)).toEqual({
        ...before,
        users: before.users + 1,
        memberships: before.memberships + 1,
        identities: before.identities + 1,
        sessions: before.sessions + 1,
        acceptedInvitations: before.acceptedInvitations + 1,
      });
      const joined = await s.db.prisma.activity.findFirstOrThrow({ where: { organizationId: owner.orgId, action: "member.joined" } });
      expect(joined.metadata).toMatchObject({ email, role: "translator", newAccount: true });
    }
  });

  it("accepts the invitation a flow was started with, for an existing user too (through a provider that links by e-mail)", async () => {
    const inviter = await signUpUser(server, "Inviter");
    const invitee = await signUpUser(server, "Invitee");
    const invite = await server.request("POST", "/api/organizations/current/members/invite", {
      cookie: inviter.cookie,
      body: { email: invitee.email, role: "reviewer" },
    });
    const token = tokenOfInviteUrl(invite.body.inviteUrl);
    // An invitation token proves the mailbox, not the account: only a provider trusted to link by e-mail signs the invitee in.
    const refusedLink = await signIn(server, account(invitee.email), { query: { invitation: token, returnTo: "/" } });
    expect(refusedLink.location).toBe("/sign-in?error=oidc_account_exists");
    const res = await signIn(server, account(invitee.email), { provider: "trusted", query: { invitation: token, returnTo: "/" } });
    const who = await me(server, res.sid!);
    expect(who.body.user._id).toBe(invitee.userId);
    expect(who.body.organization._id).toBe(inviter.orgId);
    expect(who.body.role).toBe("reviewer");
    const row = await server.db.prisma.invitation.findUniqueOrThrow({ where: { tokenHash: sha256(token) } });
    expect(row.acceptedAt).not.toBeNull();
  });

  it("refuses a new person when sign-up is closed and nothing invites them", async () => {
    const before = await counts(closed);
    const res = await signIn(closed, account(`nobody-${++n}@example.com`));
    expect(res).toMatchObject({ status: 302, location: "/sign-in?error=oidc_signup_closed", sid: undefined });
    expect(await counts(closed)).toEqual(before);
  });
});

describe("account linking (nobody signs in as an account they have not proved)", () => {
  it("refuses a verified e-mail of an existing password account, the owner's included: oidc_account_exists, nothing created", async () => {
    const owner = await signUpUser(server, "Owner With Password");
    const before = await counts(server);
    const res = await signIn(server, account(owner.email.toUpperCase()));
    expect(res.location).toBe("/sign-in?error=oidc_account_exists");
    expect(res.sid).toBeUndefined();
    expect(await counts(server)).toEqual(before);
    expect(await server.db.prisma.userIdentity.count({ where: { userId: owner.userId } })).toBe(0);
  });

  it("links from the signed-in account: start with link=true and the session, then the provider signs that account in", async () => {
    const owner = await signUpUser(server, "Linker");
    const login = account(owner.email);
    // Without a session (or with an API key) there is nothing to link to.
    const anonymous = await server.request("GET", "/api/auth/oidc/test/start?link=true");
    expect(anonymous.status).toBe(401);
    expect((await server.request("GET", "/api/auth/oidc/test/start?link=true", { apiKey: owner.apiKey })).status).toBe(401);
    expect((await server.request("GET", "/api/auth/oidc/test/start?link=yes", { cookie: owner.cookie })).status).toBe(400);

    const jar = new CookieJar();
    const [name, value] = owner.cookie.split("=") as [string, string];
    jar.set(server.url, name, value);
    const before = await counts(server);
    const at = await toCallback(server, login, { jar, query: { link: "true" } });
    const linked = await visit(at.jar, at.callbackUrl);
    expect(linked.status).toBe(302);
    expect(linked.location).toBe("/account");
    // The same session goes on: no new one, no new user.
    expect(linked.sid).toBeUndefined();
    expect(await counts(server)).toEqual({ ...before, identities: before.identities + 1 });
    expect(await server.db.prisma.userIdentity.findFirstOrThrow({ where: { userId: owner.userId } })).toMatchObject({
      provider: "test",
      subject: login,
    });
    // From now on the provider signs the account in.
    const again = await signIn(server, login);
    expect((await me(server, again.sid!)).body.user._id).toBe(owner.userId);

    // A provider account linked to someone else cannot be linked to another account.
    const other = await signUpUser(server, "Other Linker");
    const otherJar = new CookieJar();
    const [otherName, otherValue] = other.cookie.split("=") as [string, string];
    otherJar.set(server.url, otherName, otherValue);
    const taken = await toCallback(server, login, { jar: otherJar, query: { link: "true" } });
    expect((await visit(taken.jar, taken.callbackUrl)).location).toBe("/sign-in?error=oidc_already_linked");

    // The linking flow finishes only in the session that started it.
    const third = await signUpUser(server, "Third Linker");
    const thirdJar = new CookieJar();
    const [thirdName, thirdValue] = third.cookie.split("=") as [string, string];
    thirdJar.set(server.url, thirdName, thirdValue);
    const lost = await toCallback(server, account(`fresh-${++n}@example.com`), { jar: thirdJar, query: { link: "true" } });
    lost.jar.delete(server.url, thirdName);
    expect((await visit(lost.jar, lost.callbackUrl)).location).toBe("/sign-in?error=oidc_state");
    expect(await server.db.prisma.userIdentity.count({ where: { userId: third.userId } })).toBe(0);
  });

  it("keeps the account's e-mail in step with the provider's, voiding reset links mailed to the old one; a taken address stays", async () => {
    const login = account(`moving-${++n}@example.com`);
    const first = await signIn(server, login);
    const user = (await me(server, first.sid!)).body.user;
    const token = `reset-${n}-${Date.now()}`;
    await server.db.prisma.passwordReset.create({
      data: { userId: user._id, tokenHash: sha256(token), expiresAt: new Date(Date.now() + 3600_000) },
    });
    const moved = `moved-${n}@example.com`;
    idp.accounts.set(login, { ...idp.accounts.get(login)!, email: moved });
    const second = await signIn(server, login);
    expect((await me(server, second.sid!)).body.user.email).toBe(moved);
    const reset = await server.request("POST", "/api/auth/password-reset/confirm", { body: { token, password: "a new password" } });
    expect(reset.status).toBe(400);
    expect(reset.body.message).toBe(
      "This password reset link stopped working because the account's e-mail address changed after it was sent; request a new one",
    );
    // An address another account holds is not taken over: the sign-in works, the e-mail stays.
    const holder = await signUpUser(server, "Holder");
    idp.accounts.set(login, { ...idp.accounts.get(login)!, email: holder.email });
    const third = await signIn(server, login);
    expect((await me(server, third.sid!)).body.user.email).toBe(moved);
  });
});

describe("refusals create nothing", () => {
  async function refused(s: TestServer, run: () => Promise<{ location: string; sid?: string }>, code: string) {
    const before = await counts(s);
    const res = await run();
    expect(res.location).toBe(`/sign-in?error=${code}`);
    expect(res.sid).toBeUndefined();
    expect(await counts(s)).toEqual(before);
  }

  it("a tampered state, a missing browser cookie, or another browser's callback (login CSRF) → oidc_state", async () => {
    const login = account(`state-${++n}@example.com`);
    await refused(
      server,
      async () => {
        const at = await toCallback(server, login);
        const url = new URL(at.callbackUrl);
        url.searchParams.set("state", `${url.searchParams.get("state")}x`);
        return visit(at.jar, url.href);
      },
      "oidc_state",
    );
    await refused(
      server,
      async () => {
        const at = await toCallback(server, login);
        at.jar.delete(server.url, "oidc_state");
        return visit(at.jar, at.callbackUrl);
      },
      "oidc_state",
    );
    // An attacker's finished flow, replayed into a victim's browser that started its own sign-in.
    await refused(
      server,
      async () => {
        const attacker = await toCallback(server, login);
        const victim = new CookieJar();
        await follow(victim, `${server.url}/api/auth/oidc/test/start`, { stopAt: (u) => u.startsWith(idp.issuer) });
        return visit(victim, attacker.callbackUrl);
      },
      "oidc_state",
    );
  });

  it("a flow finished after its 10 minutes → oidc_state; expired flows are deleted by later starts", async () => {
    const at = await toCallback(server, account(`slow-${++n}@example.com`));
    const stateHash = sha256(new URL(at.callbackUrl).searchParams.get("state")!);
    await server.db.prisma.oidcLoginRequest.update({ where: { stateHash }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await refused(server, () => visit(at.jar, at.callbackUrl), "oidc_state");
    expect(await server.db.prisma.oidcLoginRequest.count({ where: { stateHash } })).toBe(0);

    const abandoned = await toCallback(server, account(`abandoned-${++n}@example.com`));
    const abandonedHash = sha256(new URL(abandoned.callbackUrl).searchParams.get("state")!);
    await server.db.prisma.oidcLoginRequest.update({
      where: { stateHash: abandonedHash },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    await fetch(`${server.url}/api/auth/oidc/test/start`, { redirect: "manual" });
    expect(await server.db.prisma.oidcLoginRequest.count({ where: { stateHash: abandonedHash } })).toBe(0);
  });

  it("a replayed callback (state used) → oidc_state; a code already redeemed at the provider → oidc_failed", async () => {
    const login = account(`replay-${++n}@example.com`);
    const at = await toCallback(server, login);
    const cookie = at.jar.get(server.url, "oidc_state")!;
    const first = await visit(at.jar, at.callbackUrl);
    expect(first.location).toBe("/");
    at.jar.set(server.url, "oidc_state", cookie);
    await refused(server, () => visit(at.jar, at.callbackUrl), "oidc_state");

    // The same callback twice at once: one wins, the other finds the state used.
    const race = await toCallback(server, login);
    const before = await counts(server);
    const answers = await Promise.all([visit(race.jar, race.callbackUrl), visit(race.jar, race.callbackUrl)]);
    expect(answers.map((a) => a.location).sort()).toEqual(["/", "/sign-in?error=oidc_state"]);
    expect(await counts(server)).toEqual({ ...before, sessions: before.sessions + 1 });

    // The code is redeemed first by someone holding the verifier; the service's own redemption is then a replay.
    const second = await toCallback(server, login);
    const callback = new URL(second.callbackUrl);
    const state = callback.searchParams.get("state")!;
    const row = await server.db.prisma.oidcLoginRequest.findUniqueOrThrow({ where: { stateHash: sha256(state) } });
    const token = await fetch(`${idp.issuer}/token`, {
      method: "POST",
      headers: { authorization: `Basic ${Buffer.from(`${idp.clientId}:${idp.clientSecret}`).toString("base64")}` },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code: callback.searchParams.get("code")!,
        redirect_uri: callbackOf(server, "test"),
        code_verifier: row.codeVerifier,
      }),
    });
    expect(token.status).toBe(200);
    await refused(server, () => visit(second.jar, second.callbackUrl), "oidc_failed");
  });

  it("an ID token with a wrong nonce, an expired one, or one signed with a key the provider never published → oidc_failed", async () => {
    const login = account(`tokens-${++n}@example.com`);
    const now = Math.floor(Date.now() / 1000);
    const cases: [string, (c: Record<string, unknown>) => Record<string, unknown>, boolean][] = [
      ["wrong nonce", (c) => ({ ...c, nonce: "not-the-nonce-of-this-flow" }), false],
      ["expired", (c) => ({ ...c, iat: now - 7200, exp: now - 3600 }), false],
      ["foreign key", (c) => c, true],
    ];
    for (const [, change, foreignKey] of cases) {
      const at = await toCallback(server, login);
      idp.tamperNextIdToken(change, { foreignKey });
      const tokenRequests = idp.tokenRequests();
      await refused(server, () => visit(at.jar, at.callbackUrl), "oidc_failed");
      expect(idp.tokenRequests()).toBe(tokenRequests + 1);
    }
    // Control: re-signed by the provider's key with the claims unchanged, the same token is accepted,
    // so each refusal above was about its one change.
    const at = await toCallback(server, login);
    idp.tamperNextIdToken((c) => c);
    expect((await visit(at.jar, at.callbackUrl)).location).toBe("/");
  });

  it("an unverified e-mail → oidc_unverified_email, even for an existing user's address", async () => {
    const owner = await signUpUser(server, "Victim");
    await refused(server, () => signIn(server, account(owner.email, { email_verified: false })), "oidc_unverified_email");
    await refused(
      server,
      () => signIn(server, account(`unverified-${++n}@example.com`, { email_verified: false })),
      "oidc_unverified_email",
    );
  });

  it("an e-mail outside the provider's allowed domains → oidc_domain_not_allowed; inside, it signs in", async () => {
    await refused(server, () => signIn(server, account(`outsider-${++n}@example.com`), { provider: "corp" }), "oidc_domain_not_allowed");
    const res = await signIn(server, account(`insider-${++n}@example.org`), { provider: "corp" });
    expect(res.location).toBe("/");
    const session = await server.db.prisma.session.findFirstOrThrow({ where: { tokenHash: sha256(res.sid!) } });
    expect(session.method).toBe("oidc:corp");
  });

  it("the provider's own refusal (the person declined) → oidc_failed", async () => {
    const at = await toCallback(server, account(`declined-${++n}@example.com`));
    const url = new URL(at.callbackUrl);
    const state = url.searchParams.get("state")!;
    const declined = `${callbackOf(server, "test")}?error=access_denied&state=${encodeURIComponent(state)}&iss=${encodeURIComponent(idp.issuer)}`;
    await refused(server, () => visit(at.jar, declined), "oidc_failed");
  });
});

describe("logs", () => {
  it("never write the authorization code, the state or the session secret", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    // A second app on the first server's database, with a logger the test reads.
    const db = server.db;
    const config = loadConfig({ PORT: "0", HOST: "127.0.0.1", WORKER_MODE: "off", OIDC_PROVIDERS: "test", ...idp.env("test") });
    const { app, deps } = createApp(db, config, pino({ level: "info" }, stream));
    const { server: http0, url } = await listen(app, 0, "127.0.0.1");
    config.publicUrl = url;
    deps.core.publicUrl = url;
    idp.register([
      callbackOf(server, "test"),
      callbackOf(server, "corp"),
      callbackOf(server, "trusted"),
      callbackOf(closed, "test"),
      `${url}/api/auth/oidc/test/callback`,
    ]);
    try {
      const logged = { url, db } as unknown as TestServer;
      const at = await toCallback(logged, account(`logged-${++n}@example.com`));
      const callback = new URL(at.callbackUrl);
      const done = await visit(at.jar, at.callbackUrl);
      expect(done.location).toBe("/");
      const text = lines.join("\n");
      expect(text).toContain('"msg":"oidc sign-in"');
      for (const secret of [callback.searchParams.get("code")!, callback.searchParams.get("state")!, done.sid!]) {
        expect(text).not.toContain(secret);
      }

      // The events an operator watches for each get a line of their own.
      const linesWith = (msg: string) => lines.filter((l) => l.includes(`"msg":"${msg}"`));
      const forged = await toCallback(logged, account(`forged-${++n}@example.com`));
      idp.tamperNextIdToken((c) => c, { foreignKey: true });
      expect((await visit(forged.jar, forged.callbackUrl)).location).toBe("/sign-in?error=oidc_failed");
      expect(linesWith("oidc id token signature invalid"), lines.filter((l) => l.includes("oidc_failed")).join("\n")).toHaveLength(1);
      // A nonce mismatch is a failure too, but not a signature one.
      const nonce = await toCallback(logged, account(`nonce-${++n}@example.com`));
      idp.tamperNextIdToken((c) => ({ ...c, nonce: "other" }));
      expect((await visit(nonce.jar, nonce.callbackUrl)).location).toBe("/sign-in?error=oidc_failed");
      expect(linesWith("oidc id token signature invalid")).toHaveLength(1);

      const owner = await signUpUser(server, "Blocked Owner");
      const blocked = await toCallback(logged, account(owner.email));
      expect((await visit(blocked.jar, blocked.callbackUrl)).location).toBe("/sign-in?error=oidc_account_exists");
      expect(linesWith("oidc account blocked")).toHaveLength(1);
      expect(linesWith("oidc account blocked")[0]).toContain('"code":"oidc_account_exists"');
      expect(linesWith("oidc account blocked")[0]).not.toContain(owner.email);

      const mover = account(`mover-${++n}@example.com`);
      const moverFirst = await toCallback(logged, mover);
      expect((await visit(moverFirst.jar, moverFirst.callbackUrl)).location).toBe("/");
      idp.accounts.set(mover, { ...idp.accounts.get(mover)!, email: owner.email });
      const moverAgain = await toCallback(logged, mover);
      expect((await visit(moverAgain.jar, moverAgain.callbackUrl)).location).toBe("/");
      expect(linesWith("oidc address blocked")).toHaveLength(1);
    } finally {
      await new Promise<void>((resolve) => http0.close(() => resolve()));
      http0.closeAllConnections();
    }
  });
});

/** An owner on a server where sign-up may be closed: created directly, as an operator would. */
async function signUpAllowed(s: TestServer) {
  if (s !== closed) return signUpUser(s, "Owner");
  const email = `closed-owner-${++n}@example.com`;
  const { hashPassword } = await import("@locale/core");
  const user = await s.db.prisma.user.create({ data: { email, name: "Closed Owner", passwordHash: await hashPassword("correct horse") } });
  const org = await s.db.prisma.organization.create({ data: { name: `Closed ${n}`, slug: `closed-${n}` } });
  await s.db.prisma.membership.create({ data: { organizationId: org.id, userId: user.id, role: "owner" } });
  const login = await s.request("POST", "/api/auth/login", { body: { email, password: "correct horse" } });
  return { cookie: (login.headers.get("set-cookie") ?? "").split(";")[0]!, orgId: org.id, userId: user.id, email };
}
