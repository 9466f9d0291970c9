import type http from "node:http";
import { createTestDb } from "@locale/db";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/config";
import { createApp, listen } from "../../../src/server";
import { addMember, tokenOfInviteUrl } from "../../helpers/invite-member";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../../helpers/test-server";

const UNAUTHORIZED = { statusCode: 401, message: "Unauthorized", error: "Unauthorized" };
const FORBIDDEN = { statusCode: 403, message: "Forbidden resource", error: "Forbidden" };
const MEMBER_NOT_FOUND = { statusCode: 404, message: "Member not found", error: "Not Found" };
const PUBLIC_URL = "https://l10n.example.test";

let server: TestServer;
let owner: TestUser;

beforeAll(async () => {
  // No SMTP_URL: invitation mails go to the log and stay in the outbox.
  server = await startTestServer({ PUBLIC_URL });
  owner = await signUpUser(server, "Olivia");
});
afterAll(async () => {
  await server.close();
});

const members = (who: { cookie?: string; apiKey?: string }) => server.request("GET", "/api/organizations/current/members", who);
const activities = async (action: string) =>
  (await server.request("GET", `/api/organizations/current/activity?action=${action}&limit=200`, { cookie: owner.cookie })).body
    .data as any[];

describe("GET /api/organizations/current/members", () => {
  it("lists the owner after sign-up with the documented Member shape", async () => {
    const res = await members({ cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        userId: owner.userId,
        name: "Olivia",
        email: owner.email,
        role: "owner",
        joinedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
      },
    ]);
  });

  it("lists invited members once they accepted, oldest first, and also answers under the organization id", async () => {
    const dev = await addMember(server, owner, "developer", { name: "Dev One" });
    const res = await server.request("GET", `/api/organizations/${owner.orgId}/members`, { apiKey: owner.apiKey });
    expect(res.status).toBe(200);
    expect(res.body.map((m: any) => [m.name, m.role])).toEqual([
      ["Olivia", "owner"],
      ["Dev One", "developer"],
    ]);
    expect(res.body[1]).toEqual({ userId: dev.userId, name: "Dev One", email: dev.email, role: "developer", joinedAt: expect.any(String) });
  });

  it("is for owners and admins only (403 for other roles, 401 without credentials)", async () => {
    for (const role of ["developer", "translator", "reviewer"] as const) {
      const m = await addMember(server, owner, role);
      const res = await members({ cookie: m.cookie });
      expect(res.status).toBe(403);
      expect(res.body).toEqual(FORBIDDEN);
    }
    const admin = await addMember(server, owner, "admin");
    expect((await members({ cookie: admin.cookie })).status).toBe(200);
    expect((await members({})).body).toEqual(UNAUTHORIZED);
  });

  it("answers 404 for another organization's members", async () => {
    const other = await signUpUser(server, "Stranger");
    const res = await server.request("GET", `/api/organizations/${other.orgId}/members`, { cookie: owner.cookie });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ statusCode: 404, message: "Organization not found", error: "Not Found" });
  });
});

describe("POST /api/organizations/current/members/invite", () => {
  it("creates an invitation (201) with a single-use link under PUBLIC_URL, stores only its hash, logs the mail in the outbox", async () => {
    const res = await server.request("POST", "/api/organizations/current/members/invite", {
      cookie: owner.cookie,
      body: { email: "New.Person@Example.com", role: "translator" },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      _id: expect.any(String),
      email: "new.person@example.com",
      role: "translator",
      expiresAt: expect.any(String),
      inviteUrl: expect.stringMatching(/^https:\/\/l10n\.example\.test\/accept-invite\?token=[A-Za-z0-9_-]{43}$/),
      emailStatus: "logged",
    });
    const days = (Date.parse(res.body.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);

    const token = tokenOfInviteUrl(res.body.inviteUrl);
    const row = await server.db.prisma.invitation.findUniqueOrThrow({ where: { id: res.body._id } });
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.tokenHash).not.toContain(token);
    const outbox = await server.db.prisma.emailOutbox.findMany({ where: { to: "new.person@example.com" } });
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({
      status: "logged",
      organizationId: owner.orgId,
      subject: "Olivia invited you to Olivia's organization",
    });
    expect(outbox[0]!.text).toContain(res.body.inviteUrl);
    expect(outbox[0]!.text).toContain("as translator");

    const [entry] = await activities("member.invited");
    expect(entry).toMatchObject({
      action: "member.invited",
      userId: owner.userId,
      userName: "Olivia",
      projectId: null,
      organizationId: owner.orgId,
      targetId: res.body._id,
      targetType: "invitation",
      metadata: { invitationId: res.body._id, email: "new.person@example.com", role: "translator", expiresAt: res.body.expiresAt },
    });
    expect(JSON.stringify(entry)).not.toContain(token);
  });

  it("replaces a pending invitation of the same address: only the newest link works", async () => {
    const first = await server.request("POST", "/api/organizations/current/members/invite", {
      cookie: owner.cookie,
      body: { email: "twice@example.com", role: "reviewer" },
    });
    const second = await server.request("POST", "/api/organizations/current/members/invite", {
      cookie: owner.cookie,
      body: { email: "twice@example.com", role: "developer" },
    });
    expect(second.status).toBe(201);
    const stale = await server.request("POST", "/api/auth/accept-invite", {
      body: { token: tokenOfInviteUrl(first.body.inviteUrl), name: "Twice", password: "password123" },
    });
    expect(stale.status).toBe(404);
    expect(stale.body).toEqual({ statusCode: 404, message: "Invitation not found", error: "Not Found" });
    const fresh = await server.request("POST", "/api/auth/accept-invite", {
      body: { token: tokenOfInviteUrl(second.body.inviteUrl), name: "Twice", password: "password123" },
    });
    expect(fresh.status).toBe(200);
    expect(fresh.body.role).toBe("developer");
  });

  it("refuses to invite an existing member (409), whatever the case of the address", async () => {
    const res = await server.request("POST", "/api/organizations/current/members/invite", {
      cookie: owner.cookie,
      body: { email: owner.email.toUpperCase(), role: "developer" },
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      statusCode: 409,
      message: "A member with this e-mail already belongs to the organization",
      error: "Conflict",
    });
  });

  it("refuses `owner` invitations: 403 for an admin, 400 for the owner (ownership is transferred)", async () => {
    const admin = await addMember(server, owner, "admin");
    const byAdmin = await server.request("POST", "/api/organizations/current/members/invite", {
      cookie: admin.cookie,
      body: { email: "boss@example.com", role: "owner" },
    });
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body).toEqual(FORBIDDEN);
    const byOwner = await server.request("POST", "/api/organizations/current/members/invite", {
      cookie: owner.cookie,
      body: { email: "boss@example.com", role: "owner" },
    });
    expect(byOwner.status).toBe(400);
    expect(byOwner.body).toEqual({
      statusCode: 400,
      message: "role: an organization has one owner; invite as admin and transfer ownership",
      error: "Bad Request",
      issues: [{ path: "role", message: "an organization has one owner; invite as admin and transfer ownership" }],
    });
    const adminInvite = await server.request("POST", "/api/organizations/current/members/invite", {
      cookie: admin.cookie,
      body: { email: "helper@example.com", role: "admin" },
    });
    expect(adminInvite.status).toBe(201);
  });

  it("validates e-mail and role (400) and refuses non-admins (403)", async () => {
    const email = await server.request("POST", "/api/organizations/current/members/invite", {
      cookie: owner.cookie,
      body: { email: "not-an-email", role: "developer" },
    });
    expect(email.status).toBe(400);
    expect(email.body.issues[0].path).toBe("email");
    const role = await server.request("POST", "/api/organizations/current/members/invite", {
      cookie: owner.cookie,
      body: { email: "x@example.com", role: "superuser" },
    });
    expect(role.status).toBe(400);
    expect(role.body.issues[0].path).toBe("role");
    const dev = await addMember(server, owner, "developer", { withApiKey: true });
    const forbidden = await server.request("POST", "/api/organizations/current/members/invite", {
      apiKey: dev.apiKey!,
      body: { email: "y@example.com", role: "translator" },
    });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual(FORBIDDEN);
  });
});

describe("PATCH /api/organizations/current/members/:userId", () => {
  it("changes a role, answers the Member and records member.role_changed", async () => {
    const m = await addMember(server, owner, "translator", { name: "Tina" });
    const res = await server.request("PATCH", `/api/organizations/current/members/${m.userId}`, {
      cookie: owner.cookie,
      body: { role: "reviewer" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ userId: m.userId, name: "Tina", email: m.email, role: "reviewer", joinedAt: expect.any(String) });
    expect((await server.request("GET", "/api/auth/me", { cookie: m.cookie })).body.role).toBe("reviewer");
    const [entry] = await activities("member.role_changed");
    expect(entry).toMatchObject({
      targetId: m.userId,
      targetType: "member",
      metadata: { userId: m.userId, email: m.email, name: "Tina", previousRole: "translator", role: "reviewer" },
    });
  });

  it("lets a token act with its creator's new role at once", async () => {
    const dev = await addMember(server, owner, "developer", { withApiKey: true });
    expect((await server.request("POST", "/api/projects", { apiKey: dev.apiKey!, body: { name: "P", sourceLanguage: "en" } })).status).toBe(
      403,
    );
    await server.request("PATCH", `/api/organizations/current/members/${dev.userId}`, { cookie: owner.cookie, body: { role: "admin" } });
    expect((await server.request("POST", "/api/projects", { apiKey: dev.apiKey!, body: { name: "P", sourceLanguage: "en" } })).status).toBe(
      201,
    );
  });

  it("keeps admins away from the owner and from ownership (403)", async () => {
    const admin = await addMember(server, owner, "admin");
    const dev = await addMember(server, owner, "developer");
    const demoteOwner = await server.request("PATCH", `/api/organizations/current/members/${owner.userId}`, {
      cookie: admin.cookie,
      body: { role: "developer" },
    });
    expect(demoteOwner.status).toBe(403);
    expect(demoteOwner.body).toEqual(FORBIDDEN);
    const promote = await server.request("PATCH", `/api/organizations/current/members/${dev.userId}`, {
      cookie: admin.cookie,
      body: { role: "owner" },
    });
    expect(promote.status).toBe(403);
    expect(promote.body).toEqual(FORBIDDEN);
    const ok = await server.request("PATCH", `/api/organizations/current/members/${dev.userId}`, {
      cookie: admin.cookie,
      body: { role: "translator" },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.role).toBe("translator");
    const byDev = await server.request("PATCH", `/api/organizations/current/members/${admin.userId}`, {
      cookie: dev.cookie,
      body: { role: "reviewer" },
    });
    expect(byDev.status).toBe(403);
  });

  it("refuses the owner changing their own role without a transfer (400)", async () => {
    const res = await server.request("PATCH", `/api/organizations/current/members/${owner.userId}`, {
      cookie: owner.cookie,
      body: { role: "admin" },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      message: "role: the owner's role changes only by transferring ownership to another member",
      error: "Bad Request",
      issues: [{ path: "role", message: "the owner's role changes only by transferring ownership to another member" }],
    });
  });

  it("answers 404 for an unknown user and for a user of another organization, 400 for an unknown role", async () => {
    const other = await signUpUser(server, "Elsewhere");
    for (const userId of ["00000000-0000-0000-0000-000000000000", other.userId]) {
      const res = await server.request("PATCH", `/api/organizations/current/members/${userId}`, {
        cookie: owner.cookie,
        body: { role: "developer" },
      });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(MEMBER_NOT_FOUND);
    }
    expect((await server.request("GET", "/api/auth/me", { cookie: other.cookie })).body.role).toBe("owner");
    const bad = await server.request("PATCH", `/api/organizations/current/members/${owner.userId}`, {
      cookie: owner.cookie,
      body: { role: "boss" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0].path).toBe("role");
  });
});

describe("ownership transfer", () => {
  it("makes the new owner the only owner and the old owner an admin, in one step", async () => {
    const local = await signUpUser(server, "Founder");
    const heir = await addMember(server, local, "admin", { name: "Heir" });
    const res = await server.request("PATCH", `/api/organizations/current/members/${heir.userId}`, {
      cookie: local.cookie,
      body: { role: "owner" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ userId: heir.userId, role: "owner" });
    const list = await server.request("GET", "/api/organizations/current/members", { cookie: heir.cookie });
    expect(list.body.map((m: any) => [m.userId, m.role])).toEqual([
      [local.userId, "admin"],
      [heir.userId, "owner"],
    ]);
    expect((await server.request("GET", "/api/auth/me", { cookie: local.cookie })).body.role).toBe("admin");
    // The former owner is an admin now: the new owner is out of reach.
    const back = await server.request("PATCH", `/api/organizations/current/members/${heir.userId}`, {
      cookie: local.cookie,
      body: { role: "admin" },
    });
    expect(back.status).toBe(403);
    const log = (await server.request("GET", "/api/organizations/current/activity?action=member.role_changed", { cookie: heir.cookie }))
      .body.data;
    // Both entries come from one transaction (same timestamp), so compare them as a set.
    expect(log.map((e: any) => [e.targetId, e.metadata.previousRole, e.metadata.role])).toEqual(
      expect.arrayContaining([
        [local.userId, "owner", "admin"],
        [heir.userId, "admin", "owner"],
      ]),
    );
    expect(log).toHaveLength(2);
    // Only the owner may delete a project permanently: the rule now follows the new owner.
    const project = await server.request("POST", "/api/projects", { cookie: heir.cookie, body: { name: "Doomed", sourceLanguage: "en" } });
    expect((await server.request("DELETE", `/api/projects/${project.body._id}/permanent`, { cookie: local.cookie })).status).toBe(403);
    expect((await server.request("DELETE", `/api/projects/${project.body._id}/permanent`, { cookie: heir.cookie })).status).toBe(200);
  });

  it("keeps exactly one owner when two transfers race", async () => {
    const local = await signUpUser(server, "Racer");
    const a = await addMember(server, local, "admin");
    const b = await addMember(server, local, "admin");
    const results = await Promise.all(
      [a, b].map((m) =>
        server.request("PATCH", `/api/organizations/current/members/${m.userId}`, { cookie: local.cookie, body: { role: "owner" } }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 403]);
    const owners = await server.db.prisma.membership.count({ where: { organizationId: local.orgId, role: "owner" } });
    expect(owners).toBe(1);
  });
});

describe("DELETE /api/organizations/current/members/:userId", () => {
  it("removes a member: their session and API key stop working at once (401), and member.removed is recorded", async () => {
    const dev = await addMember(server, owner, "developer", { name: "Leaving", withApiKey: true });
    expect((await server.request("GET", "/api/projects", { apiKey: dev.apiKey! })).status).toBe(200);
    const res = await server.request("DELETE", `/api/organizations/current/members/${dev.userId}`, { cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    for (const who of [{ cookie: dev.cookie }, { apiKey: dev.apiKey! }]) {
      const after = await server.request("GET", "/api/projects", who);
      expect(after.status).toBe(401);
      expect(after.body).toEqual(UNAUTHORIZED);
    }
    expect((await members({ cookie: owner.cookie })).body.some((m: any) => m.userId === dev.userId)).toBe(false);
    const sessions = await server.db.prisma.session.findMany({ where: { userId: dev.userId, organizationId: owner.orgId } });
    expect(sessions.every((s) => s.revokedAt !== null)).toBe(true);
    const [entry] = await activities("member.removed");
    expect(entry).toMatchObject({
      targetId: dev.userId,
      targetType: "member",
      metadata: { userId: dev.userId, email: dev.email, name: "Leaving", role: "developer", revokedSessions: 1, revokedTokens: 1 },
    });
  });

  it("keeps credentials dead after a re-invitation: the old API key stays revoked", async () => {
    const dev = await addMember(server, owner, "developer", { withApiKey: true });
    await server.request("DELETE", `/api/organizations/current/members/${dev.userId}`, { cookie: owner.cookie });
    const invite = await server.request("POST", "/api/organizations/current/members/invite", {
      cookie: owner.cookie,
      body: { email: dev.email, role: "developer" },
    });
    expect(invite.status).toBe(201);
    const back = await server.request("POST", "/api/auth/accept-invite", {
      body: { token: tokenOfInviteUrl(invite.body.inviteUrl), password: "member password" },
    });
    expect(back.status).toBe(200);
    expect((await server.request("GET", "/api/projects", { apiKey: dev.apiKey! })).status).toBe(401);
    expect((await server.request("GET", "/api/projects", { cookie: dev.cookie })).status).toBe(401);
  });

  it("never removes the owner: 400 for the owner themself, 403 for an admin", async () => {
    const admin = await addMember(server, owner, "admin");
    const byAdmin = await server.request("DELETE", `/api/organizations/current/members/${owner.userId}`, { cookie: admin.cookie });
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body).toEqual(FORBIDDEN);
    const self = await server.request("DELETE", `/api/organizations/current/members/${owner.userId}`, { cookie: owner.cookie });
    expect(self.status).toBe(400);
    expect(self.body).toEqual({
      statusCode: 400,
      message: "The organization owner cannot be removed; transfer ownership first",
      error: "Bad Request",
      issues: [{ path: "userId", message: "the organization owner cannot be removed; transfer ownership first" }],
    });
    expect((await server.request("GET", "/api/auth/me", { cookie: owner.cookie })).body.role).toBe("owner");
  });

  it("lets an admin remove another admin, refuses non-admins (403), 404s unknown and foreign users", async () => {
    const a1 = await addMember(server, owner, "admin");
    const a2 = await addMember(server, owner, "admin");
    const t = await addMember(server, owner, "translator");
    const byTranslator = await server.request("DELETE", `/api/organizations/current/members/${a1.userId}`, { cookie: t.cookie });
    expect(byTranslator.status).toBe(403);
    expect(byTranslator.body).toEqual(FORBIDDEN);
    expect((await server.request("DELETE", `/api/organizations/current/members/${a2.userId}`, { cookie: a1.cookie })).body).toEqual({
      success: true,
    });
    const again = await server.request("DELETE", `/api/organizations/current/members/${a2.userId}`, { cookie: a1.cookie });
    expect(again.status).toBe(404);
    expect(again.body).toEqual(MEMBER_NOT_FOUND);
    const other = await signUpUser(server, "Foreign");
    const foreign = await server.request("DELETE", `/api/organizations/current/members/${other.userId}`, { cookie: owner.cookie });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(MEMBER_NOT_FOUND);
    expect((await server.request("GET", "/api/auth/me", { cookie: other.cookie })).status).toBe(200);
  });
});

describe("pending invitations", () => {
  it("lists pending invitations (not accepted, not expired), newest first, and never the link", async () => {
    const local = await signUpUser(server, "Inviter");
    const first = await server.request("POST", "/api/organizations/current/members/invite", {
      cookie: local.cookie,
      body: { email: "p1@example.com", role: "developer" },
    });
    const second = await server.request("POST", "/api/organizations/current/members/invite", {
      cookie: local.cookie,
      body: { email: "p2@example.com", role: "reviewer" },
    });
    const accepted = await server.request("POST", "/api/organizations/current/members/invite", {
      cookie: local.cookie,
      body: { email: "p3@example.com", role: "translator" },
    });
    await server.request("POST", "/api/auth/accept-invite", {
      body: { token: tokenOfInviteUrl(accepted.body.inviteUrl), name: "P3", password: "password p3" },
    });
    const expired = await server.request("POST", "/api/organizations/current/members/invite", {
      cookie: local.cookie,
      body: { email: "p4@example.com", role: "translator" },
    });
    await server.db.prisma.invitation.update({ where: { id: expired.body._id }, data: { expiresAt: new Date(Date.now() - 1) } });

    const res = await server.request("GET", "/api/organizations/current/invitations", { cookie: local.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        _id: second.body._id,
        email: "p2@example.com",
        role: "reviewer",
        expiresAt: second.body.expiresAt,
        invitedById: local.userId,
        created: expect.any(String),
      },
      {
        _id: first.body._id,
        email: "p1@example.com",
        role: "developer",
        expiresAt: first.body.expiresAt,
        invitedById: local.userId,
        created: expect.any(String),
      },
    ]);
    expect(res.text).not.toContain(tokenOfInviteUrl(first.body.inviteUrl));
  });

  it("withdraws an invitation: its link stops working (404); 404 for unknown, accepted or foreign invitations", async () => {
    const local = await signUpUser(server, "Withdrawer");
    const inv = await server.request("POST", "/api/organizations/current/members/invite", {
      cookie: local.cookie,
      body: { email: "w1@example.com", role: "developer" },
    });
    const res = await server.request("DELETE", `/api/organizations/current/invitations/${inv.body._id}`, { cookie: local.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    const accept = await server.request("POST", "/api/auth/accept-invite", {
      body: { token: tokenOfInviteUrl(inv.body.inviteUrl), name: "W", password: "password w" },
    });
    expect(accept.status).toBe(404);
    expect(accept.body).toEqual({ statusCode: 404, message: "Invitation not found", error: "Not Found" });
    const gone = { statusCode: 404, message: "Invitation not found", error: "Not Found" };
    expect(
      (await server.request("DELETE", `/api/organizations/current/invitations/${inv.body._id}`, { cookie: local.cookie })).body,
    ).toEqual(gone);

    const done = await server.request("POST", "/api/organizations/current/members/invite", {
      cookie: local.cookie,
      body: { email: "w2@example.com", role: "developer" },
    });
    await server.request("POST", "/api/auth/accept-invite", {
      body: { token: tokenOfInviteUrl(done.body.inviteUrl), name: "W2", password: "password w2" },
    });
    expect(
      (await server.request("DELETE", `/api/organizations/current/invitations/${done.body._id}`, { cookie: local.cookie })).body,
    ).toEqual(gone);

    const mine = await server.request("POST", "/api/organizations/current/members/invite", {
      cookie: owner.cookie,
      body: { email: "w3@example.com", role: "developer" },
    });
    const foreign = await server.request("DELETE", `/api/organizations/current/invitations/${mine.body._id}`, { cookie: local.cookie });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(gone);
    expect(
      (await server.request("GET", "/api/organizations/current/invitations", { cookie: owner.cookie })).body.map((i: any) => i._id),
    ).toContain(mine.body._id);
  });

  it("is for owners and admins only (403)", async () => {
    const dev = await addMember(server, owner, "developer");
    const list = await server.request("GET", "/api/organizations/current/invitations", { cookie: dev.cookie });
    expect(list.status).toBe(403);
    expect(list.body).toEqual(FORBIDDEN);
    const del = await server.request("DELETE", "/api/organizations/current/invitations/anything", { cookie: dev.cookie });
    expect(del.status).toBe(403);
    expect(del.body).toEqual(FORBIDDEN);
  });
});

describe("without SMTP_URL", () => {
  it("writes the invitation mail to the server log (its only secret being the link) and keeps it in the outbox", async () => {
    const lines: string[] = [];
    const logger = pino({ level: "info" }, { write: (line: string) => void lines.push(line) });
    const db = await createTestDb();
    const config = loadConfig({ PORT: "0", HOST: "127.0.0.1", WORKER_MODE: "off", PUBLIC_URL });
    const { app } = createApp(db, config, logger);
    const { server: http0, url } = await listen(app, 0, "127.0.0.1");
    try {
      const signup = await fetch(`${url}/api/auth/signup`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "logger@example.com", password: "logger password", name: "Logan" }),
      });
      const cookie = signup.headers.get("set-cookie")!.split(";")[0]!;
      const invite = await fetch(`${url}/api/organizations/current/members/invite`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie },
        body: JSON.stringify({ email: "logged@example.com", role: "developer" }),
      });
      const body = (await invite.json()) as { inviteUrl: string; emailStatus: string };
      expect(invite.status).toBe(201);
      expect(body.emailStatus).toBe("logged");
      const entries = lines.map(
        (l) => JSON.parse(l) as { msg: string; mail?: { to: string; subject: string; text: string; outboxId: string } },
      );
      const mailEntry = entries.find((e) => e.mail);
      expect(mailEntry?.msg).toBe("e-mail not sent (no SMTP_URL configured); kept in the outbox");
      expect(mailEntry?.mail).toMatchObject({ to: "logged@example.com", subject: "Logan invited you to Logan's organization" });
      expect(mailEntry?.mail?.text).toContain(body.inviteUrl);
      const mailLog = JSON.stringify(mailEntry);
      expect(mailLog).not.toContain("logger password");
      expect(mailLog).not.toMatch(/svc_[A-Za-z0-9_-]{20,}/);
      expect(mailLog).not.toContain(cookie.split("=")[1]);
      // Opening the link does not write the secret to the request log either.
      const linkToken = new URL(body.inviteUrl).searchParams.get("token")!;
      const linesBefore = lines.length;
      expect((await fetch(`${url}/accept-invite?token=${linkToken}`)).status).toBe(200);
      expect(lines.slice(linesBefore).join("\n")).not.toContain(linkToken);
      const outbox = await db.prisma.emailOutbox.findUniqueOrThrow({ where: { id: mailEntry!.mail!.outboxId } });
      expect(outbox).toMatchObject({ status: "logged", to: "logged@example.com" });
    } finally {
      await new Promise<void>((resolve) => (http0 as http.Server).close(() => resolve()));
      (http0 as http.Server).closeAllConnections?.();
      await db.close();
    }
  });
});
