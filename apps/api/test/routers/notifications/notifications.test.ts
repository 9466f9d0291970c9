// The notification inbox (docs/editor-shortcuts.md, "Notifications"): who is notified of a comment
// (mentions; replies in a thread one wrote in), the inbox over REST, tRPC and GraphQL alike
// (cursor pages, the unread filter and count, marking read), that it is strictly the caller's own
// (another member, another organization, a project token, a removed member), and that it commits
// with the comment or not at all. Mention e-mails: mention-mails.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, type TestMember } from "../../helpers/invite-member";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../../helpers/test-server";

const PUBLIC_URL = "https://translate.example.test";

let server: TestServer;
let owner: TestUser;
let tina: TestMember;
let rob: TestMember;
let dev: TestMember;
let projectId: string;
let otherProjectId: string;
let keyId: string;
let otherKeyId: string;

const as = (who: { apiKey?: string; cookie?: string }) => (who.apiKey ? { apiKey: who.apiKey } : { cookie: who.cookie! });

async function comment(who: { apiKey?: string; cookie?: string }, body: Record<string, unknown>, key = keyId, project = projectId) {
  const res = await server.request("POST", `/api/projects/${project}/keys/${key}/comments`, { ...as(who), body });
  expect(res.status, res.text).toBe(201);
  return res.body as { _id: string };
}

async function inbox(who: { apiKey?: string; cookie?: string }, query = "") {
  const res = await server.request("GET", `/api/notifications${query}`, as(who));
  expect(res.status, res.text).toBe(200);
  return res.body as { data: any[]; nextCursor: string | null };
}

async function unread(who: { apiKey?: string; cookie?: string }): Promise<number> {
  const res = await server.request("GET", "/api/notifications/unread-count", as(who));
  expect(res.status, res.text).toBe(200);
  return res.body.unread;
}

async function gql(who: { apiKey?: string; cookie?: string }, query: string, variables: Record<string, unknown> = {}) {
  const res = await server.request("POST", "/graphql", { ...as(who), body: { query, variables } });
  return res.body as { data?: any; errors?: { message: string; extensions?: Record<string, unknown> }[] };
}

async function markAll(who: { apiKey?: string; cookie?: string }) {
  const res = await server.request("POST", "/api/notifications/read-all", { ...as(who), body: {} });
  expect(res.status, res.text).toBe(200);
  return res.body.marked as number;
}

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL });
  owner = await signUpUser(server, "Olga Owner");
  tina = await addMember(server, owner, "translator", { name: "Tina Translator", withApiKey: false });
  rob = await addMember(server, owner, "reviewer", { name: "Rob Reviewer" });
  dev = await addMember(server, owner, "developer", { name: "Dev Developer", withApiKey: true });
  const project = await server.request("POST", "/api/projects", {
    apiKey: owner.apiKey,
    body: { name: "Shop app", sourceLanguage: "en", targetLanguages: ["de"] },
  });
  projectId = project.body._id;
  const other = await server.request("POST", "/api/projects", {
    apiKey: owner.apiKey,
    body: { name: "Other app", sourceLanguage: "en", targetLanguages: ["de"] },
  });
  otherProjectId = other.body._id;
  keyId = (
    await server.request("POST", `/api/projects/${projectId}/keys`, {
      apiKey: owner.apiKey,
      body: { key: "checkout.title", namespace: "shop" },
    })
  ).body._id;
  otherKeyId = (await server.request("POST", `/api/projects/${otherProjectId}/keys`, { apiKey: owner.apiKey, body: { key: "other.key" } }))
    .body._id;
}, 60_000);
afterAll(async () => {
  await server?.close();
});

describe("who is notified", () => {
  it("tells a mentioned member who wrote, on which key and project, what, and where to open it; never the author", async () => {
    const c = await comment(owner, {
      body: "@Tina Translator  please\ncheck the tone",
      language: "de",
      mentions: [tina.userId, owner.userId],
    });
    const page = await inbox(tina);
    expect(page.data[0]).toEqual({
      _id: expect.any(String),
      kind: "mention",
      read: false,
      readAt: null,
      created: expect.any(String),
      projectId,
      projectName: "Shop app",
      keyId,
      key: "checkout.title",
      namespace: "shop",
      language: "de",
      commentId: c._id,
      actorId: owner.userId,
      actorName: "Olga Owner",
      excerpt: "@Tina Translator please check the tone",
      url: `${PUBLIC_URL}/projects/${projectId}?key=${keyId}&language=de#comments`,
    });
    expect((await inbox(owner)).data.map((n) => n.commentId)).not.toContain(c._id);
    expect((await inbox(rob)).data.map((n) => n.commentId)).not.toContain(c._id);
  });

  it("tells everyone who wrote in a thread of a reply (once each, a mention winning over a reply), but not the one replying", async () => {
    const root = await comment(rob, { body: "Is 'Kasse' right here?" });
    const first = await comment(tina, { body: "I think so", parentId: root._id });
    // A reply to the reply is still the same thread.
    const c = await comment(dev, { body: "@Tina Translator agreed, and Olga?", parentId: first._id, mentions: [tina.userId] });
    const kinds = async (who: { apiKey?: string; cookie?: string }) =>
      (await inbox(who)).data.filter((n) => n.commentId === c._id).map((n) => n.kind);
    expect(await kinds(rob)).toEqual(["reply"]);
    expect(await kinds(tina)).toEqual(["mention"]);
    expect(await kinds(dev)).toEqual([]);
    expect(await kinds(owner)).toEqual([]);
    // The first reply told the root's author only.
    expect((await inbox(rob)).data.filter((n) => n.commentId === first._id).map((n) => n.kind)).toEqual(["reply"]);
    expect((await inbox(dev)).data.filter((n) => n.commentId === first._id)).toEqual([]);
  });

  it("is written with the comment or not at all: a refused reply leaves no notification", async () => {
    const before = await server.db.prisma.notification.count();
    const refused = await server.request("POST", `/api/projects/${projectId}/keys/${keyId}/comments`, {
      apiKey: owner.apiKey,
      body: { body: "@Tina Translator", mentions: [tina.userId], parentId: otherKeyId },
    });
    expect(refused.status).toBe(400);
    expect(await server.db.prisma.notification.count()).toBe(before);
  });

  it("goes with its comment: deleting the comment removes its notifications", async () => {
    const c = await comment(owner, { body: "@Rob Reviewer soon gone", mentions: [rob.userId] });
    expect((await inbox(rob)).data.map((n) => n.commentId)).toContain(c._id);
    const del = await server.request("DELETE", `/api/projects/${projectId}/keys/${keyId}/comments/${c._id}`, { apiKey: owner.apiKey });
    expect(del.status).toBe(200);
    expect((await inbox(rob)).data.map((n) => n.commentId)).not.toContain(c._id);
  });
});

describe("the inbox", () => {
  it("pages newest first by cursor, filters unread, counts unread and marks one or all read (REST)", async () => {
    await markAll(rob);
    expect(await unread(rob)).toBe(0);
    const made: string[] = [];
    for (let i = 1; i <= 5; i++) made.push((await comment(owner, { body: `@Rob Reviewer number ${i}`, mentions: [rob.userId] }))._id);
    expect(await unread(rob)).toBe(5);
    const p1 = await inbox(rob, "?limit=2&unread=true");
    const p2 = await inbox(rob, `?limit=2&unread=true&cursor=${p1.nextCursor}`);
    const p3 = await inbox(rob, `?limit=2&unread=true&cursor=${p2.nextCursor}`);
    expect([...p1.data, ...p2.data, ...p3.data].map((n) => n.commentId)).toEqual([...made].reverse());
    expect(p3.nextCursor).toBeNull();
    const marked = await server.request("PATCH", `/api/notifications/${p1.data[0]._id}/read`, { cookie: rob.cookie, body: {} });
    expect(marked.status, marked.text).toBe(200);
    expect(marked.body).toMatchObject({ _id: p1.data[0]._id, read: true, readAt: expect.any(String) });
    // Again keeps the first time.
    const again = await server.request("PATCH", `/api/notifications/${p1.data[0]._id}/read`, { cookie: rob.cookie, body: {} });
    expect(again.body.readAt).toBe(marked.body.readAt);
    expect(await unread(rob)).toBe(4);
    expect((await inbox(rob, "?unread=true")).data.map((n) => n._id)).not.toContain(p1.data[0]._id);
    expect((await inbox(rob)).data.map((n) => n._id)).toContain(p1.data[0]._id);
    expect(await markAll(rob)).toBe(4);
    expect(await unread(rob)).toBe(0);
    expect(await markAll(rob)).toBe(0);
  });

  it("refuses a bad limit or a cursor that is not one of the list's, with the documented 400", async () => {
    for (const query of ["?limit=0", "?limit=101", "?limit=2.5", "?unread=maybe"]) {
      const res = await server.request("GET", `/api/notifications${query}`, { cookie: rob.cookie });
      expect(res.status, query).toBe(400);
      expect(res.body).toMatchObject({
        statusCode: 400,
        error: "Bad Request",
        issues: [expect.objectContaining({ path: expect.any(String) })],
      });
    }
    const tinas = (await inbox(tina)).data[0]._id;
    for (const cursor of [tinas, "00000000-0000-7000-8000-000000000000"]) {
      const res = await server.request("GET", `/api/notifications?cursor=${cursor}`, { cookie: rob.cookie });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        statusCode: 400,
        message: "cursor: is not a cursor of this list",
        error: "Bad Request",
        issues: [{ path: "cursor", message: "is not a cursor of this list" }],
      });
    }
  });

  it("answers the same through tRPC and GraphQL", async () => {
    const c = await comment(owner, { body: "@Dev Developer twins", mentions: [dev.userId] });
    const rest = await inbox(dev, "?limit=1");
    expect(rest.data[0].commentId).toBe(c._id);
    const input = encodeURIComponent(JSON.stringify({ limit: 1 }));
    const viaTrpc = await server.request("GET", `/trpc/notifications.list?input=${input}`, { apiKey: dev.apiKey });
    expect(viaTrpc.status, viaTrpc.text).toBe(200);
    expect(viaTrpc.body.result.data).toEqual(rest);
    const count = await server.request("GET", `/trpc/notifications.unreadCount?input=${encodeURIComponent("{}")}`, { apiKey: dev.apiKey });
    expect(count.body.result.data).toEqual({ unread: await unread(dev) });

    const viaGql = await gql(
      dev,
      `{ notifications(limit: 1, unread: true) { nextCursor nodes { id kind read key namespace projectName actorName excerpt url commentId } } unreadNotificationCount }`,
    );
    expect(viaGql.errors).toBeUndefined();
    const n = rest.data[0];
    expect(viaGql.data.notifications.nodes).toEqual([
      {
        id: n._id,
        kind: n.kind,
        read: false,
        key: n.key,
        namespace: n.namespace,
        projectName: n.projectName,
        actorName: n.actorName,
        excerpt: n.excerpt,
        url: n.url,
        commentId: c._id,
      },
    ]);
    expect(viaGql.data.unreadNotificationCount).toBe(await unread(dev));
    const one = await gql(dev, `mutation($id: ID!) { markNotificationRead(notificationId: $id) { id read } }`, { id: n._id });
    expect(one.data.markNotificationRead).toEqual({ id: n._id, read: true });
    const trpcMark = await server.request("POST", "/trpc/notifications.markRead", { apiKey: dev.apiKey, body: { notificationId: n._id } });
    expect(trpcMark.status, trpcMark.text).toBe(200);
    expect(trpcMark.body.result.data).toMatchObject({ _id: n._id, read: true });
    await comment(owner, { body: "@Dev Developer more", mentions: [dev.userId] });
    const all = await gql(dev, `mutation { markAllNotificationsRead { marked } }`);
    expect(all.data.markAllNotificationsRead.marked).toBeGreaterThan(0);
    expect((await gql(dev, `{ unreadNotificationCount }`)).data.unreadNotificationCount).toBe(0);
    const bad = await gql(dev, `{ notifications(limit: 0) { nextCursor } }`);
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", statusCode: 400 });
  });

  it("keeps the mention e-mail preference per person (REST, tRPC and GraphQL)", async () => {
    expect((await server.request("GET", "/api/notifications/settings", { cookie: tina.cookie })).body).toEqual({ mentionEmails: true });
    const put = await server.request("PUT", "/api/notifications/settings", { cookie: tina.cookie, body: { mentionEmails: false } });
    expect(put.status, put.text).toBe(200);
    expect(put.body).toEqual({ mentionEmails: false });
    expect((await gql(tina, `{ notificationSettings { mentionEmails } }`)).data.notificationSettings).toEqual({ mentionEmails: false });
    const back = await gql(tina, `mutation { updateNotificationSettings(mentionEmails: true) { mentionEmails } }`);
    expect(back.data.updateNotificationSettings).toEqual({ mentionEmails: true });
    const viaTrpc = await server.request("GET", `/trpc/notifications.settings?input=${encodeURIComponent("{}")}`, { cookie: tina.cookie });
    expect(viaTrpc.body.result.data).toEqual({ mentionEmails: true });
    // Another person's preference is untouched.
    expect((await server.request("GET", "/api/notifications/settings", { cookie: rob.cookie })).body).toEqual({ mentionEmails: true });
    const bad = await server.request("PUT", "/api/notifications/settings", { cookie: tina.cookie, body: { mentionEmails: "no" } });
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0].path).toBe("mentionEmails");
  });
});

describe("only the caller's own", () => {
  it("another member cannot read or mark someone's notification: 404, as for an id that does not exist", async () => {
    const c = await comment(owner, { body: "@Tina Translator private", mentions: [tina.userId] });
    const hers = (await inbox(tina)).data.find((n) => n.commentId === c._id)._id;
    for (const who of [rob, owner, dev]) {
      const res = await server.request("PATCH", `/api/notifications/${hers}/read`, { ...as(who), body: {} });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ statusCode: 404, message: "Notification not found", error: "Not Found" });
      expect((await inbox(who)).data.map((n) => n._id)).not.toContain(hers);
      const g = await gql(who, `mutation($id: ID!) { markNotificationRead(notificationId: $id) { id } }`, { id: hers });
      expect(g.errors?.[0]?.extensions).toMatchObject({ code: "NOT_FOUND", statusCode: 404 });
    }
    expect((await inbox(tina)).data.find((n) => n._id === hers).read).toBe(false);
  });

  it("another organization sees none of them, and marking all read there leaves these unread", async () => {
    const stranger = await signUpUser(server, "Stranger");
    const c = await comment(owner, { body: "@Rob Reviewer not for strangers", mentions: [rob.userId] });
    expect((await inbox(stranger)).data).toEqual([]);
    expect(await unread(stranger)).toBe(0);
    expect(await markAll(stranger)).toBe(0);
    expect((await inbox(rob)).data.find((n) => n.commentId === c._id).read).toBe(false);
  });

  it("the same person in two organizations sees each organization's notifications only where signed in", async () => {
    // Rob, already a member here, is invited into a second organization and joins with his account.
    const second = await signUpUser(server, "Second owner");
    const invite = await server.request("POST", "/api/organizations/current/members/invite", {
      cookie: second.cookie,
      body: { email: rob.email, role: "translator" },
    });
    expect(invite.status).toBe(201);
    const token = new URL(invite.body.inviteUrl).searchParams.get("token");
    const joined = await server.request("POST", "/api/auth/accept-invite", { body: { token, password: "member password" } });
    expect(joined.status, joined.text).toBe(200);
    const robThere = { cookie: (joined.headers.get("set-cookie") ?? "").split(";")[0]! };
    const p = await server.request("POST", "/api/projects", { apiKey: second.apiKey, body: { name: "Second app", sourceLanguage: "en" } });
    const k = await server.request("POST", `/api/projects/${p.body._id}/keys`, { apiKey: second.apiKey, body: { key: "second.key" } });
    const there = await comment(second, { body: "@Rob Reviewer over here", mentions: [rob.userId] }, k.body._id, p.body._id);
    const here = await comment(owner, { body: "@Rob Reviewer back home", mentions: [rob.userId] });
    const inSecond = (await inbox(robThere)).data.map((n) => n.commentId);
    expect(inSecond).toEqual([there._id]);
    const inFirst = (await inbox(rob)).data.map((n) => n.commentId);
    expect(inFirst).toContain(here._id);
    expect(inFirst).not.toContain(there._id);
  });

  it("a project token sees only its project's notifications", async () => {
    const token = await server.request("POST", `/api/projects/${projectId}/tokens`, {
      apiKey: dev.apiKey,
      body: { name: "project inbox" },
    });
    expect(token.status, token.text).toBe(201);
    const inProject = await comment(owner, { body: "@Dev Developer in the project", mentions: [dev.userId] });
    const elsewhere = await comment(owner, { body: "@Dev Developer elsewhere", mentions: [dev.userId] }, otherKeyId, otherProjectId);
    const seen = (await inbox({ apiKey: token.body.token })).data.map((n) => n.commentId);
    expect(seen).toContain(inProject._id);
    expect(seen).not.toContain(elsewhere._id);
    expect((await inbox(dev)).data.map((n) => n.commentId)).toContain(elsewhere._id);
    const settings = await server.request("GET", "/api/notifications/settings", { apiKey: token.body.token });
    expect(settings.status).toBe(403);
  });

  it("a removed member is no longer notified, and their notifications of the organization are gone", async () => {
    const leaving = await addMember(server, owner, "developer", { name: "Lea Leaving", withApiKey: true });
    const root = await comment(leaving, { body: "My thread" });
    await comment(owner, { body: "@Lea Leaving before", mentions: [leaving.userId] });
    expect(await unread(leaving)).toBe(1);
    const removed = await server.request("DELETE", `/api/organizations/current/members/${leaving.userId}`, { apiKey: owner.apiKey });
    expect(removed.status, removed.text).toBe(200);
    expect(await server.db.prisma.notification.count({ where: { userId: leaving.userId } })).toBe(0);
    expect((await server.request("GET", "/api/notifications", { apiKey: leaving.apiKey })).status).toBe(401);
    expect((await server.request("GET", "/api/notifications", { cookie: leaving.cookie })).status).toBe(401);
    // A reply in their thread, and a mention sent by a client that still lists them, notify nobody.
    await comment(owner, { body: "A reply", parentId: root._id });
    const mention = await server.request("POST", `/api/projects/${projectId}/keys/${keyId}/comments`, {
      apiKey: owner.apiKey,
      body: { body: "@Lea Leaving after", mentions: [leaving.userId] },
    });
    expect(mention.status).toBe(400);
    expect(await server.db.prisma.notification.count({ where: { userId: leaving.userId } })).toBe(0);
  });
});
