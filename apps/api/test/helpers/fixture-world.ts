// The fixture world: one organization holding one of every resource an API path can name — an
// owner, members of every role, projects, keys with translations and history, a TM entry, a
// release, a comment with a reply (the owner's notification), a screenshot, a glossary and term,
// webhooks, tokens, a pending invitation, an AI job — all made through the API. The every-route
// suites name these ids in their requests; the fuzzer's two tenants are such organizations too.
//
// For the fuzzer, `marker` puts a random text into everything the organization stores, so an
// answer showing it (or one of `allIds`) to another organization is a leak; and because fuzzed
// requests delete and archive what they name, `seedGeneration` adds a fresh set of resources and
// points `ids` at it.
import { addMember, tokenOfInviteUrl } from "./invite-member";
import type { TestUser } from "./sign-up-user";
import { SMALL_PNG_BASE64 } from "./small-png";
import type { TestResponse, TestServer } from "./test-server";

export type Role = "owner" | "admin" | "developer" | "translator" | "reviewer";
export const ROLES: Role[] = ["owner", "admin", "developer", "translator", "reviewer"];

/** The ids a request may need; every field names a resource of one organization (its newest generation). */
export interface RouteIds {
  orgId: string;
  projectId: string;
  keyId: string;
  keyName: string;
  language: string;
  commentId: string;
  screenshotId: string;
  glossaryId: string;
  termId: string;
  tmEntryId: string;
  orgWebhookId: string;
  projectWebhookId: string;
  orgTokenId: string;
  projectTokenId: string;
  jobId: string;
  historyId: string;
  userId: string;
  invitationId: string;
  /** A single-use invitation token (accept-invite). */
  inviteToken: string;
  /** Credentials that can sign in (login). */
  email: string;
  password: string;
  /** One of the signing-in person's own sessions (revoke-session). */
  sessionId: string;
  /** A single-use password-reset token of a throwaway account (password-reset/confirm). */
  resetToken: string;
  /** A release of the project (the generation's first, which `latest` serves). */
  releaseVersion: number;
  /** One of the owner's notifications (the admin's reply to the owner's comment). */
  notificationId: string;
}

export interface OrgMember {
  role: Role;
  userId: string;
  email: string;
  password: string;
  cookie: string;
  /** An organization API key acting with the member's role. */
  apiKey: string;
}

export interface WorldOptions {
  name: string;
  webhookUrl: string;
  /**
   * An AI provider is configured (by the deployment, or by `aiProviderKeys` for this
   * organization), so a batch job can be started (the worker being off, it stays queued).
   */
  aiReady: boolean;
  aiProviderKeys?: Record<string, string>;
  /** Random text put into every text the organization stores (names, values, descriptions, URLs, emails). */
  marker?: string;
}

export interface OrgFixture {
  options: WorldOptions;
  owner: TestUser;
  members: Record<Role, OrgMember>;
  ids: RouteIds;
  /** A second project of the same organization (for project-token scoping). */
  otherProjectId: string;
  /** A project token of `ids.projectId`. */
  projectToken: string;
  /** Every id the organization has been given, over all generations: another organization must never see one. */
  allIds: Set<string>;
  /** How many sets of resources have been seeded. */
  generations: number;
}

const OWNER_PASSWORD = "correct horse";
const MEMBER_PASSWORD = "member password";
/** The AI job id of an organization without an AI provider: names no job. */
const NO_JOB = "00000000-0000-4000-8000-000000000000";

let unique = 0;
const next = (): number => ++unique;

/** `text` with the tag appended (the marker and generation), or `text` alone when untagged. */
const tagged = (text: string, tag?: string): string => (tag ? `${text} ${tag}` : text);
/** An optional text (a description, a definition) filled only to carry the tag: left out when untagged, as the route suites expect. */
const markedExtra = (text: string, tag?: string): string | undefined => (tag ? `${text} ${tag}` : undefined);
const emailOf = (local: string, tag?: string): string => `${local}${next()}-${Date.now()}${tag ? `-${tag}` : ""}@example.com`;

async function ok<T = any>(res: Promise<TestResponse<T>>, what: string, status = [200, 201]): Promise<T> {
  const r = await res;
  if (!status.includes(r.status)) throw new Error(`${what}: ${r.status} ${r.text}`);
  return r.body;
}

/** The owner of a new organization (signed up, with a session cookie and an organization API key). */
async function signUpOwner(server: TestServer, name: string, tag?: string): Promise<TestUser & { tokenId: string }> {
  const email = emailOf("owner", tag);
  const signup = await server.request("POST", "/api/auth/signup", {
    body: { email, password: OWNER_PASSWORD, name: tagged(name, tag), organizationName: tagged(`${name}'s organization`, tag) },
  });
  if (signup.status !== 201) throw new Error(`signup: ${signup.status} ${signup.text}`);
  const cookie = (signup.headers.get("set-cookie") ?? "").split(";")[0]!;
  const orgId: string = signup.body.organization._id;
  const token = await ok(
    server.request("POST", `/api/organizations/${orgId}/tokens`, { cookie, body: { name: tagged("owner key", tag) } }),
    "owner key",
  );
  return { cookie, apiKey: token.token, tokenId: token._id, userId: signup.body.user._id, orgId, email };
}

/**
 * Members of every role, invited and accepted through the API. Each gets an API key: members are
 * invited as developers (a role that may create tokens), create their key, then the owner sets
 * their real role — a token acts with its creator's current role, so the key then carries it.
 */
export async function createMembers(server: TestServer, owner: TestUser, tag?: string): Promise<Record<Role, OrgMember>> {
  const members = {
    owner: {
      role: "owner",
      userId: owner.userId,
      email: owner.email,
      password: OWNER_PASSWORD,
      cookie: owner.cookie,
      apiKey: owner.apiKey,
    },
  } as Record<Role, OrgMember>;
  for (const role of ["admin", "developer", "translator", "reviewer"] as const) {
    const m = await addMember(server, owner, "developer", { name: tagged(`The ${role}`, tag), withApiKey: true });
    if (role !== "developer") {
      await ok(
        server.request("PATCH", `/api/organizations/${owner.orgId}/members/${m.userId}`, { apiKey: owner.apiKey, body: { role } }),
        `role ${role}`,
      );
    }
    members[role] = { role, userId: m.userId, email: m.email, password: MEMBER_PASSWORD, cookie: m.cookie, apiKey: m.apiKey! };
  }
  return members;
}

/**
 * A password-reset token of a new throwaway account, read from the outbox: these suites configure
 * no SMTP server, so the mail is logged and kept whole. The request answers before the mail is
 * written, hence the polling.
 */
export async function createPasswordReset(server: TestServer, tag?: string): Promise<{ resetToken: string }> {
  const email = emailOf("resetting", tag);
  await ok(
    server.request("POST", "/api/auth/signup", { body: { email, password: OWNER_PASSWORD, name: tagged("Resetting", tag) } }),
    "signup to reset",
  );
  await ok(server.request("POST", "/api/auth/password-reset", { body: { email } }), "password reset");
  for (let attempt = 0; attempt < 400; attempt++) {
    // Addresses are stored lower-cased (a marker has capitals).
    const mail = await server.db.prisma.emailOutbox.findFirst({ where: { to: email.toLowerCase() } });
    const token = mail?.text.match(/#token=([A-Za-z0-9_-]+)/)?.[1];
    if (token) return { resetToken: token };
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`password reset: no mail to ${email}`);
}

/** A new session of a member (signed in again), so revoking it leaves the member's own cookie alone. */
export async function createSessionOf(server: TestServer, member: { email: string; password: string }): Promise<{ sessionId: string }> {
  const login = await server.request("POST", "/api/auth/login", { body: { email: member.email, password: member.password } });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${login.text}`);
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0]!;
  const list = await ok(server.request("GET", "/api/auth/sessions", { cookie }), "sessions");
  return { sessionId: list.items.find((s: { current: boolean }) => s.current)._id };
}

/** A pending invitation: its id and the single-use token of its link. */
export async function createInvitation(
  server: TestServer,
  owner: Pick<TestUser, "orgId" | "apiKey">,
  role = "translator",
  tag?: string,
): Promise<{ invitationId: string; inviteToken: string }> {
  const invite = await ok(
    server.request("POST", `/api/organizations/${owner.orgId}/members/invite`, {
      apiKey: owner.apiKey,
      body: { email: emailOf("pending", tag), role },
    }),
    "invite",
  );
  return { invitationId: invite._id, inviteToken: tokenOfInviteUrl(invite.inviteUrl) };
}

/** A key with a source and a target value: the target's history holds one entry. */
export async function createKeyWithTranslation(
  server: TestServer,
  owner: Pick<TestUser, "apiKey">,
  projectId: string,
  language = "de",
  tag?: string,
): Promise<{ keyId: string; keyName: string; historyId: string; source: string }> {
  const n = next();
  const keyName = tag ? `fixture.${n}.${tag.replace(/\W/g, "")}` : `fixture.${n}`;
  const auth = { apiKey: owner.apiKey };
  const key = await ok(
    server.request("POST", `/api/projects/${projectId}/keys`, {
      ...auth,
      body: { key: keyName, description: tagged("A fixture key", tag), tags: tag ? [`fixture-${tag.replace(/\W/g, "")}`] : undefined },
    }),
    "key",
  );
  const source = tagged(`Save changes ${n}`, tag);
  await ok(
    server.request("PUT", `/api/projects/${projectId}/keys/${key._id}/translations/en`, { ...auth, body: { value: source } }),
    "source",
  );
  await ok(
    server.request("PUT", `/api/projects/${projectId}/keys/${key._id}/translations/${language}`, {
      ...auth,
      body: { value: tagged(`Änderungen speichern ${n}`, tag) },
    }),
    "target",
  );
  const history = await ok<any[]>(
    server.request("GET", `/api/projects/${projectId}/keys/${key._id}/translations/${language}/history`, auth),
    "history",
  );
  return { keyId: key._id, keyName, historyId: history[0]._id, source };
}

/** One organization with every kind of resource (its first generation). */
export async function createOrgFixture(server: TestServer, options: WorldOptions): Promise<OrgFixture> {
  const tag = options.marker;
  const owner = await signUpOwner(server, options.name, tag);
  if (options.aiProviderKeys) {
    await ok(
      server.request("PATCH", `/api/organizations/${owner.orgId}`, {
        apiKey: owner.apiKey,
        body: { settings: { aiProviderKeys: options.aiProviderKeys } },
      }),
      "provider keys",
    );
  }
  const members = await createMembers(server, owner, tag);
  const { sessionId } = await createSessionOf(server, { email: owner.email, password: OWNER_PASSWORD });
  const { resetToken } = await createPasswordReset(server, tag);
  const fixture: OrgFixture = {
    options,
    owner,
    members,
    // The rest is filled in by the first generation.
    ids: {
      orgId: owner.orgId,
      language: "de",
      userId: members.reviewer.userId,
      email: owner.email,
      password: OWNER_PASSWORD,
      sessionId,
      resetToken,
    } as RouteIds,
    otherProjectId: "",
    projectToken: "",
    allIds: new Set([owner.orgId, owner.userId, owner.tokenId, sessionId, ...Object.values(members).map((m) => m.userId)]),
    generations: 0,
  };
  await seedGeneration(server, fixture);
  return fixture;
}

/**
 * A fresh set of the organization's resources; `ids` then name them. With a marker, every text
 * carries it and the generation (and optional texts are filled to carry it too); without one, a
 * second generation repeats the first one's names.
 */
export async function seedGeneration(server: TestServer, fx: OrgFixture): Promise<void> {
  const { name, marker, webhookUrl, aiReady } = fx.options;
  const generation = fx.generations++;
  const tag = marker ? `${marker}g${generation}` : undefined;
  const auth = { apiKey: fx.owner.apiKey };
  const orgId = fx.owner.orgId;
  const hookUrl = (scope: string) => (marker ? `${webhookUrl}/${tag}/${scope}` : webhookUrl);

  const project = await ok(
    server.request("POST", "/api/projects", {
      ...auth,
      body: {
        name: tagged(`${name} app`, tag),
        description: markedExtra("The fixture project", tag),
        sourceLanguage: "en",
        targetLanguages: ["de", "fr"],
      },
    }),
    "project",
  );
  const projectId: string = project._id;
  const other = await ok(
    server.request("POST", "/api/projects", {
      ...auth,
      body: { name: tagged(`${name} other`, tag), sourceLanguage: "en", targetLanguages: ["de"] },
    }),
    "project 2",
  );
  const { keyId, keyName, historyId, source } = await createKeyWithTranslation(server, fx.owner, projectId, "de", tag);
  // A second key, source only and in a namespace: something left for the AI and MT batches.
  const second = await ok(
    server.request("POST", `/api/projects/${projectId}/keys`, {
      ...auth,
      body: { key: `farewell.${next()}`, namespace: tag ? `ns${tag.replace(/\W/g, "")}` : "ns" },
    }),
    "second key",
  );
  await ok(
    server.request("PUT", `/api/projects/${projectId}/keys/${second._id}/translations/en`, {
      ...auth,
      body: { value: tagged("Bye", tag) },
    }),
    "second source",
  );
  // Approving feeds the translation memory (tmAutoAdd defaults to on): the fixture's TM entry.
  await ok(
    server.request("PATCH", `/api/projects/${projectId}/keys/${keyId}/translations/de/status`, { ...auth, body: { status: "approved" } }),
    "approve",
  );
  const release = await ok(
    server.request("POST", `/api/projects/${projectId}/releases`, { ...auth, body: { languages: ["de"] } }),
    "release",
  );
  const tm = await ok(server.request("GET", `/api/organizations/${orgId}/tm?limit=200`, auth), "tm");
  // A fuzzed request may have turned tmAutoAdd off: then the previous generation's entry stays named.
  const tmEntryId: string | undefined = (tm.data as Array<{ _id: string; sourceText: string }>).find((e) => e.sourceText === source)?._id;
  if (!tmEntryId && !fx.ids.tmEntryId) throw new Error(`tm: no entry for ${JSON.stringify(source)}`);
  const comment = await ok(
    server.request("POST", `/api/projects/${projectId}/keys/${keyId}/comments`, { ...auth, body: { body: tagged("Is this right?", tag) } }),
    "comment",
  );
  // The admin's reply notifies the owner (the thread's author): the fixture's notification.
  const reply = await ok(
    server.request("POST", `/api/projects/${projectId}/keys/${keyId}/comments`, {
      apiKey: fx.members.admin.apiKey,
      body: { body: tagged("Yes, it is.", tag), parentId: comment._id },
    }),
    "reply",
  );
  const notifications = await ok(server.request("GET", "/api/notifications", auth), "notifications");
  const notificationId: string = notifications.data[0]._id;
  const screenshot = await ok(
    server.request("POST", `/api/projects/${projectId}/screenshots`, {
      ...auth,
      body: { name: tagged("Home", tag), content: SMALL_PNG_BASE64, regions: [{ keyId, x: 4, y: 4, width: 8, height: 8 }] },
    }),
    "screenshot",
  );
  const glossary = await ok(
    server.request("POST", `/api/organizations/${orgId}/glossaries`, {
      ...auth,
      body: {
        name: tagged(`${name} terms`, tag),
        description: markedExtra("Fixture terms", tag),
        sourceLanguage: "en",
        targetLanguages: ["de"],
      },
    }),
    "glossary",
  );
  const term = await ok(
    server.request("POST", `/api/organizations/${orgId}/glossaries/${glossary._id}/terms`, {
      ...auth,
      body: {
        term: tagged("Dashboard", tag),
        definition: markedExtra("The first screen", tag),
        translations: [{ language: "de", value: tagged("Übersicht", tag), approved: true }],
      },
    }),
    "term",
  );
  const orgHook = await ok(
    server.request("POST", `/api/organizations/${orgId}/webhooks`, { ...auth, body: { url: hookUrl("org"), events: ["*"] } }),
    "org webhook",
  );
  const projectHook = await ok(
    server.request("POST", `/api/projects/${projectId}/webhooks`, { ...auth, body: { url: hookUrl("project"), events: ["*"] } }),
    "project webhook",
  );
  const orgToken = await ok(
    server.request("POST", `/api/organizations/${orgId}/tokens`, { ...auth, body: { name: tagged("fixture token", tag) } }),
    "org token",
  );
  const projectToken = await ok(
    server.request("POST", `/api/projects/${projectId}/tokens`, { ...auth, body: { name: tagged("fixture project token", tag) } }),
    "project token",
  );
  const { invitationId, inviteToken } = await createInvitation(server, fx.owner, "translator", tag);
  let jobId = NO_JOB;
  if (aiReady) {
    const job = await ok(
      server.request("POST", `/api/projects/${projectId}/ai/translate/batch/start`, {
        ...auth,
        body: { sourceLanguage: "en", targetLanguage: "fr", limit: 1 },
      }),
      "ai job",
    );
    jobId = job.jobId;
  }

  fx.otherProjectId = other._id;
  fx.projectToken = projectToken.token;
  Object.assign(fx.ids, {
    projectId,
    keyId,
    keyName,
    commentId: comment._id,
    notificationId,
    screenshotId: screenshot._id,
    glossaryId: glossary._id,
    termId: term._id,
    tmEntryId: tmEntryId ?? fx.ids.tmEntryId,
    orgWebhookId: orgHook._id,
    projectWebhookId: projectHook._id,
    orgTokenId: orgToken._id,
    projectTokenId: projectToken._id,
    jobId,
    historyId,
    invitationId,
    inviteToken,
    releaseVersion: release.version,
  } satisfies Partial<RouteIds>);
  const made = [projectId, other._id, keyId, second._id, historyId, tmEntryId, release._id, comment._id, reply._id, notificationId];
  made.push(screenshot._id, glossary._id, term._id, orgHook._id, projectHook._id, orgToken._id, projectToken._id, invitationId);
  if (jobId !== NO_JOB) made.push(jobId);
  for (const id of made) if (typeof id === "string" && id) fx.allIds.add(id);
}
