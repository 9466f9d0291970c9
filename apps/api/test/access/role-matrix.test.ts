// The role × action matrix of docs/api-rules.md "Roles", table-driven over every operation of the
// served OpenAPI document: each member (owner, admin, developer, translator, reviewer) calls each
// operation with a valid request through its own API key; an allowed role gets a 2xx, any other
// role exactly the 403 body. The operations are read from /api/openapi.json at test time, so a
// route added without a row here fails the suite. The same rows also check sessions (the role is
// the member's current one) and API-key scopes (docs/api-rules.md, "API tokens and scopes").
import { isDeepStrictEqual } from "node:util";
import { addTmEntry } from "@locale/core/tm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeAiProviders, startFakeAiProviders } from "../helpers/fake-ai-providers";
import { type FakeEngine, startFakeEngine } from "../helpers/fake-mt-engines";
import {
  createInvitation,
  createKeyWithTranslation,
  createOrgFixture,
  createPasswordReset,
  createSessionOf,
  type OrgFixture,
  ROLES,
  type Role,
  type RouteIds,
} from "../helpers/fixture-world";
import { addMember } from "../helpers/invite-member";
import { buildCall, FORBIDDEN, listOperations, ROUTE_BUILDERS, sendCall } from "../helpers/route-calls";
import { SMALL_PNG_BASE64 } from "../helpers/small-png";
import { signUpUser, startTestServer, type TestResponse, type TestServer } from "../helpers/test-server";
import { startWebhookReceiver } from "../helpers/webhook-receiver";

const ALL: Role[] = ROLES;
const ADMINS: Role[] = ["owner", "admin"];
const BUILDERS: Role[] = ["owner", "admin", "developer"];
/** Translation values: PUT, overwrite, revert, AI (the reviewer only reviews). */
const WRITERS: Role[] = ["owner", "admin", "developer", "translator"];
/** Statuses `reviewed`/`approved`. */
const REVIEWERS: Role[] = ["owner", "admin", "developer", "reviewer"];

interface Row {
  op: string;
  allowed: Role[];
  /** What this row checks beyond the plain role rule. */
  note?: string;
  /** Only these roles call (rows whose request would harm a fixture for the others). */
  roles?: Role[];
  /** Authenticate with the member's session instead of its API key. */
  session?: boolean;
  /** Per-call ids, made fresh (by the owner unless said otherwise) for requests that consume what they touch. */
  fresh?: (role: Role) => Promise<Partial<RouteIds>>;
  /** Replaces the builder's body. */
  body?: unknown;
  /** The API-key scope the call needs, when it differs from the operation's (scopeOf). */
  scope?: Scope;
  /** Every scope the call needs, when it needs more than one (a PUT that also approves). */
  scopes?: Scope[];
  /** A browser redirect: an allowed caller gets a 302 with a Location. */
  redirect?: boolean;
}

type Scope = (typeof SCOPES)[number];

/** docs/api-rules.md "API tokens and scopes": the scope each operation needs; null for the caller's own session routes. */
function scopeOf(op: string): Scope | null {
  const [method, path] = op.split(" ") as [string, string];
  const read = method === "GET";
  if (path.startsWith("/auth/") || path.endsWith("/permanent")) return null;
  if (path.includes("/qa-settings")) return read ? "projects:read" : "qa:manage";
  if (path.includes("/releases") || path.includes("/delivery")) return read ? "export" : "releases:manage";
  if (path.includes("/tokens")) return "tokens:manage";
  if (path.includes("/members") || path.includes("/invitations")) return "members:manage";
  if (path.includes("/webhooks")) return "webhooks:manage";
  if (path.includes("/glossaries")) return read || path.endsWith("/check") ? "glossary:read" : "glossary:write";
  if (path.includes("/tm")) return read ? "tm:read" : "tm:write";
  if (path.includes("/comments")) return read ? "comments:read" : "comments:write";
  // The caller's own inbox and preferences: notifications are about comments.
  if (path.startsWith("/notifications")) return read ? "comments:read" : "comments:write";
  if (path.includes("/screenshots")) return read ? "keys:read" : "screenshots:write";
  if (path.includes("/activity")) return "activity:read";
  if (path.includes("/analytics")) return "analytics:read";
  if (path.includes("/ai/") || path.includes("/mt/") || path.endsWith("/pretranslate")) return "ai";
  if (path.endsWith("/leverage")) return "tm:read";
  if (path.includes("/import")) return "import";
  if (path.includes("/export/")) return "export";
  if (path.includes("/translations")) return read ? "translations:read" : "translations:write";
  if (path.includes("/keys")) return read ? "keys:read" : "keys:write";
  if (path.startsWith("/organizations/{orgId}")) return "organization:manage";
  if (path.startsWith("/projects")) return read ? "projects:read" : "projects:write";
  throw new Error(`no scope known for ${op}`);
}

const SCOPES = [
  "projects:read",
  "projects:write",
  "keys:read",
  "keys:write",
  "translations:read",
  "translations:write",
  "translations:review",
  "import",
  "export",
  "ai",
  "glossary:read",
  "glossary:write",
  "tm:read",
  "tm:write",
  "comments:read",
  "comments:write",
  "analytics:read",
  "activity:read",
  "tokens:manage",
  "members:manage",
  "organization:manage",
  "webhooks:manage",
  "qa:manage",
  "screenshots:write",
  "releases:manage",
] as const;

let server: TestServer;
let fake: FakeAiProviders;
let deepl: FakeEngine;
let receiver: { url: string; close(): Promise<void> };
let fx: OrgFixture;
let operations: string[];
let n = 0;

const LANGUAGES_TO_ADD: Record<Role, string> = { owner: "es", admin: "it", developer: "pt", translator: "nl", reviewer: "sv" };
const LANGUAGES_TO_REMOVE: Record<Role, string> = { owner: "ja", admin: "ko", developer: "pl", translator: "cs", reviewer: "fi" };

async function owner<T = any>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await server.request(method, `/api${path}`, { apiKey: fx.owner.apiKey, body });
  if (res.status >= 300) throw new Error(`fixture ${method} ${path}: ${res.status} ${res.text}`);
  return res.body as T;
}

const freshProject = async (): Promise<Partial<RouteIds>> => ({
  projectId: (await owner("POST", "/projects", { name: `Fresh ${++n}`, sourceLanguage: "en", targetLanguages: ["de"] }))._id,
});

async function commentBy(role: Role): Promise<Partial<RouteIds>> {
  const { projectId, keyId } = fx.ids;
  const res = await server.request("POST", `/api/projects/${projectId}/keys/${keyId}/comments`, {
    apiKey: fx.members[role].apiKey,
    body: { body: `By ${role} ${++n}` },
  });
  if (res.status !== 201) throw new Error(`comment by ${role}: ${res.status} ${res.text}`);
  return { commentId: res.body._id };
}

/** A notification of the member: a comment by another member that mentions them. */
async function notificationOf(role: Role): Promise<Partial<RouteIds>> {
  const { projectId, keyId } = fx.ids;
  const author = role === "owner" ? fx.members.admin : fx.members.owner;
  const res = await server.request("POST", `/api/projects/${projectId}/keys/${keyId}/comments`, {
    apiKey: author.apiKey,
    body: { body: `For ${role} ${++n}`, mentions: [fx.members[role].userId] },
  });
  if (res.status !== 201) throw new Error(`mention of ${role}: ${res.status} ${res.text}`);
  const notification = await server.db.prisma.notification.findFirstOrThrow({
    where: { commentId: res.body._id, userId: fx.members[role].userId },
  });
  return { notificationId: notification.id };
}

async function freshScreenshot(): Promise<Partial<RouteIds>> {
  const shot = await owner("POST", `/projects/${fx.ids.projectId}/screenshots`, { name: `Fresh ${++n}`, content: SMALL_PNG_BASE64 });
  return { screenshotId: shot._id };
}

/** A token created by the caller when its role may create tokens, else by the owner. */
async function tokenOf(role: Role, scope: "organization" | "project"): Promise<Partial<RouteIds>> {
  const creator = BUILDERS.includes(role) ? fx.members[role] : fx.members.owner;
  const path = scope === "organization" ? `/api/organizations/${fx.ids.orgId}/tokens` : `/api/projects/${fx.ids.projectId}/tokens`;
  const res = await server.request("POST", path, { apiKey: creator.apiKey, body: { name: `own ${++n}` } });
  if (res.status !== 201) throw new Error(`token: ${res.status} ${res.text}`);
  return scope === "organization" ? { orgTokenId: res.body._id } : { projectTokenId: res.body._id };
}

/** Why a response breaks the rule for an allowed / refused caller, or null when it keeps it. */
function breach(res: TestResponse, allowed: boolean, redirect = false): string | null {
  if (allowed && redirect) return res.status === 302 && res.headers.get("location") ? null : `expected 302, got ${res.status}`;
  if (allowed) return res.status >= 200 && res.status < 300 ? null : `expected 2xx, got ${res.status} ${res.text.slice(0, 200)}`;
  return res.status === 403 && isDeepStrictEqual(res.body, FORBIDDEN)
    ? null
    : `expected 403 Forbidden, got ${res.status} ${res.text.slice(0, 200)}`;
}

const scopedTokens = new Map<string, string>();

/** An organization token of the owner holding exactly these scopes (made once per scope set). */
async function scopedToken(scopes: readonly Scope[]): Promise<string> {
  const name = scopes.join(" ");
  const known = scopedTokens.get(name);
  if (known) return known;
  const token = (await owner("POST", `/organizations/${fx.ids.orgId}/tokens`, { name: `scoped ${++n}`, scopes })).token as string;
  scopedTokens.set(name, token);
  return token;
}

async function freshJob(): Promise<Partial<RouteIds>> {
  const job = await owner("POST", `/projects/${fx.ids.projectId}/ai/translate/batch/start`, {
    sourceLanguage: "en",
    targetLanguage: "fr",
    limit: 1,
  });
  return { jobId: job.jobId };
}

const ROWS: Row[] = [
  // auth: open to everyone signed in or not; every member may call them
  { op: "POST /auth/signup", allowed: ALL },
  { op: "POST /auth/login", allowed: ALL },
  { op: "POST /auth/logout", allowed: ALL, note: "with an API key there is no session to revoke" },
  { op: "GET /auth/me", allowed: ALL },
  { op: "POST /auth/accept-invite", allowed: ALL, fresh: () => createInvitation(server, fx.owner) },
  { op: "GET /auth/providers", allowed: ALL },
  { op: "POST /auth/password-reset", allowed: ALL, note: "public; the same answer for every e-mail" },
  { op: "POST /auth/invitation", allowed: ALL, note: "public; what the token's invitation is" },
  {
    op: "POST /auth/password-reset/confirm",
    allowed: ALL,
    fresh: () => createPasswordReset(server),
    note: "public; a fresh account's token",
  },
  // The signed-in person's own account: sessions only (an API key, whatever its role, gets 403).
  { op: "POST /auth/password", allowed: [], note: "API keys: a session only" },
  {
    op: "POST /auth/password",
    allowed: ALL,
    session: true,
    fresh: async (role) => ({ password: fx.members[role].password }),
    note: "sessions: setting the same password again",
  },
  { op: "GET /auth/sessions", allowed: [], note: "API keys: a session only" },
  { op: "GET /auth/sessions", allowed: ALL, session: true, note: "sessions" },
  { op: "GET /auth/identities", allowed: [], note: "API keys: a session only" },
  { op: "GET /auth/identities", allowed: ALL, session: true, note: "sessions" },
  { op: "DELETE /auth/sessions/{sessionId}", allowed: [], note: "API keys: a session only" },
  {
    op: "DELETE /auth/sessions/{sessionId}",
    allowed: ALL,
    session: true,
    fresh: (role) => createSessionOf(server, fx.members[role]),
    note: "sessions: another session of the same member",
  },
  { op: "POST /auth/logout-everywhere", allowed: [], note: "API keys: a session only (sessions: account-sessions.test.ts)" },
  { op: "GET /auth/oidc/{provider}/start", allowed: ALL, redirect: true, note: "a browser redirect, to the provider or the sign-in page" },
  { op: "GET /auth/oidc/{provider}/callback", allowed: ALL, redirect: true, note: "a browser redirect, to returnTo or the sign-in page" },

  // organization settings, members, invitations: owner/admin
  { op: "GET /organizations/{orgId}", allowed: ADMINS },
  { op: "PATCH /organizations/{orgId}", allowed: ADMINS },
  { op: "GET /organizations/{orgId}/usage", allowed: ADMINS },
  { op: "GET /organizations/{orgId}/members", allowed: ADMINS },
  { op: "POST /organizations/{orgId}/members/invite", allowed: ADMINS },
  { op: "PATCH /organizations/{orgId}/members/{userId}", allowed: ADMINS, note: "the reviewer's role set to what it is" },
  {
    op: "PATCH /organizations/{orgId}/members/{userId}",
    allowed: [],
    roles: ["admin", "developer", "translator", "reviewer"],
    note: "nobody but the owner touches the owner",
    fresh: async () => ({ userId: fx.owner.userId }),
    body: { role: "admin" },
  },
  {
    op: "PATCH /organizations/{orgId}/members/{userId}",
    allowed: [],
    roles: ["admin"],
    note: "an admin cannot promote to owner",
    body: { role: "owner" },
  },
  {
    op: "POST /organizations/{orgId}/members/invite",
    allowed: [],
    roles: ["admin", "developer", "translator", "reviewer"],
    note: "only the owner may even try to invite an owner",
    body: { email: "would-be-owner@example.com", role: "owner" },
  },
  {
    op: "DELETE /organizations/{orgId}/members/{userId}",
    allowed: ADMINS,
    fresh: async () => ({ userId: (await addMember(server, fx.owner, "translator")).userId }),
  },
  {
    op: "DELETE /organizations/{orgId}/members/{userId}",
    allowed: [],
    roles: ["admin", "developer", "translator", "reviewer"],
    note: "nobody removes the owner",
    fresh: async () => ({ userId: fx.owner.userId }),
  },
  { op: "GET /organizations/{orgId}/invitations", allowed: ADMINS },
  { op: "DELETE /organizations/{orgId}/invitations/{invitationId}", allowed: ADMINS, fresh: () => createInvitation(server, fx.owner) },

  // tokens: owner/admin/developer manage their own, owner/admin revoke any
  // A scoped token mints only its own scopes (token-minting.test.ts), so the scope rows ask for tokens:manage.
  { op: "POST /organizations/{orgId}/tokens", allowed: BUILDERS, body: { name: "matrix", scopes: ["tokens:manage"] } },
  { op: "GET /organizations/{orgId}/tokens", allowed: BUILDERS },
  {
    op: "DELETE /organizations/{orgId}/tokens/{tokenId}",
    allowed: BUILDERS,
    note: "revoking one's own token",
    fresh: (role) => tokenOf(role, "organization"),
  },
  {
    op: "DELETE /organizations/{orgId}/tokens/{tokenId}",
    allowed: ADMINS,
    note: "revoking the owner's token",
    fresh: () => tokenOf("owner", "organization"),
  },
  { op: "POST /projects/{projectId}/tokens", allowed: BUILDERS, body: { name: "matrix", scopes: ["tokens:manage"] } },
  { op: "GET /projects/{projectId}/tokens", allowed: BUILDERS },
  {
    op: "DELETE /projects/{projectId}/tokens/{tokenId}",
    allowed: BUILDERS,
    note: "revoking one's own token",
    fresh: (role) => tokenOf(role, "project"),
  },
  {
    op: "DELETE /projects/{projectId}/tokens/{tokenId}",
    allowed: ADMINS,
    note: "revoking the owner's token",
    fresh: () => tokenOf("owner", "project"),
  },

  // projects and languages: read by all, written by owner/admin
  { op: "POST /projects", allowed: ADMINS },
  { op: "GET /projects", allowed: ALL },
  { op: "GET /projects/{id}", allowed: ALL },
  { op: "PATCH /projects/{id}", allowed: ADMINS },
  // quality-check settings: read by all (the editor runs the checks), changed by owner/admin
  { op: "GET /projects/{projectId}/qa-settings", allowed: ALL },
  { op: "PUT /projects/{projectId}/qa-settings", allowed: ADMINS },
  { op: "DELETE /projects/{id}", allowed: ADMINS, fresh: freshProject },
  {
    op: "POST /projects/{id}/restore",
    allowed: ADMINS,
    fresh: async () => {
      const ids = await freshProject();
      await owner("DELETE", `/projects/${ids.projectId}`);
      return ids;
    },
  },
  { op: "DELETE /projects/{id}/permanent", allowed: ["owner"], session: true, note: "owner session only", fresh: freshProject },
  { op: "POST /projects/{id}/languages", allowed: ADMINS, fresh: async (role) => ({ language: LANGUAGES_TO_ADD[role] }) },
  {
    op: "DELETE /projects/{id}/languages/{lang}",
    allowed: ADMINS,
    fresh: async (role) => {
      await owner("POST", `/projects/${fx.ids.projectId}/languages`, { language: LANGUAGES_TO_REMOVE[role] });
      return { language: LANGUAGES_TO_REMOVE[role] };
    },
  },

  // keys: read by all, written by owner/admin/developer
  { op: "POST /projects/{projectId}/keys", allowed: BUILDERS },
  { op: "GET /projects/{projectId}/keys", allowed: ALL },
  { op: "GET /projects/{projectId}/editor-rows", allowed: ALL, scope: "translations:read" },
  { op: "GET /projects/{projectId}/tags", allowed: ALL, scope: "keys:read" },
  { op: "GET /projects/{projectId}/people", allowed: ALL, scope: "comments:read" },
  { op: "GET /projects/{projectId}/keys/{keyId}", allowed: ALL },
  { op: "PATCH /projects/{projectId}/keys/{keyId}", allowed: BUILDERS },
  {
    op: "DELETE /projects/{projectId}/keys/{keyId}",
    allowed: BUILDERS,
    fresh: () => createKeyWithTranslation(server, fx.owner, fx.ids.projectId),
  },
  { op: "POST /projects/{projectId}/keys/bulk", allowed: BUILDERS },
  { op: "PATCH /projects/{projectId}/keys/bulk", allowed: BUILDERS },
  {
    op: "DELETE /projects/{projectId}/keys/bulk",
    allowed: BUILDERS,
    fresh: () => createKeyWithTranslation(server, fx.owner, fx.ids.projectId),
  },

  // translations
  { op: "GET /projects/{projectId}/translations/{language}", allowed: ALL },
  { op: "POST /projects/{projectId}/translations/overwrite", allowed: WRITERS },
  { op: "POST /projects/{projectId}/bulk-edits/preview", allowed: WRITERS, scope: "translations:write" },
  { op: "POST /projects/{projectId}/bulk-edits/apply", allowed: WRITERS, scope: "translations:write" },
  { op: "GET /projects/{projectId}/keys/{keyId}/translations", allowed: ALL },
  { op: "PUT /projects/{projectId}/keys/{keyId}/translations/{language}", allowed: WRITERS },
  {
    op: "PUT /projects/{projectId}/keys/{keyId}/translations/{language}",
    allowed: WRITERS.filter((r) => REVIEWERS.includes(r)),
    note: "value with status approved: writing and approving",
    fresh: () => createKeyWithTranslation(server, fx.owner, fx.ids.projectId, fx.ids.language),
    body: { value: "Genehmigt", status: "approved" },
    scopes: ["translations:write", "translations:review"],
  },
  { op: "PATCH /projects/{projectId}/keys/{keyId}/translations/{language}/status", allowed: ALL, note: "status translated" },
  {
    op: "PATCH /projects/{projectId}/keys/{keyId}/translations/{language}/qa-issues/{check}",
    allowed: WRITERS,
    note: "ignore a double_space warning of a fresh translation",
    fresh: async () => {
      const { keyId } = await createKeyWithTranslation(server, fx.owner, fx.ids.projectId, fx.ids.language);
      await owner("PUT", `/projects/${fx.ids.projectId}/keys/${keyId}/translations/${fx.ids.language}`, { value: "Änderungen  speichern" });
      return { keyId };
    },
  },
  {
    op: "PATCH /projects/{projectId}/keys/{keyId}/translations/{language}/status",
    allowed: REVIEWERS,
    note: "status reviewed",
    body: { status: "reviewed" },
    scope: "translations:review",
  },
  {
    op: "PATCH /projects/{projectId}/keys/{keyId}/translations/{language}/status",
    allowed: REVIEWERS,
    note: "status approved",
    body: { status: "approved" },
    scope: "translations:review",
  },
  {
    op: "PATCH /projects/{projectId}/keys/{keyId}/translations/{language}/status",
    allowed: ALL,
    note: "status untranslated",
    fresh: async () => ({ language: "fr" }),
    body: { status: "untranslated" },
  },
  { op: "GET /projects/{projectId}/keys/{keyId}/translations/{language}/history", allowed: ALL },
  {
    op: "POST /projects/{projectId}/keys/{keyId}/translations/{language}/revert",
    allowed: WRITERS,
    fresh: () => createKeyWithTranslation(server, fx.owner, fx.ids.projectId),
  },
  {
    op: "POST /projects/{projectId}/keys/{keyId}/translations/{language}/revert/{historyId}",
    allowed: WRITERS,
    fresh: () => createKeyWithTranslation(server, fx.owner, fx.ids.projectId),
  },

  // import / export
  { op: "GET /projects/{projectId}/formats", allowed: ALL },
  { op: "POST /projects/{projectId}/import", allowed: BUILDERS },
  { op: "POST /projects/{projectId}/import/{language}", allowed: BUILDERS },
  { op: "GET /projects/{projectId}/export/{language}", allowed: ALL },
  { op: "GET /projects/{projectId}/export-zip", allowed: ALL, scope: "export" },

  // screenshots: everyone sees them (a key read); developers, admins and the owner upload and place regions
  { op: "POST /projects/{projectId}/screenshots", allowed: BUILDERS },
  { op: "POST /projects/{projectId}/screenshots/file", allowed: BUILDERS },
  { op: "GET /projects/{projectId}/screenshots", allowed: ALL },
  { op: "GET /projects/{projectId}/screenshots/{screenshotId}", allowed: ALL },
  { op: "GET /projects/{projectId}/screenshots/{screenshotId}/image", allowed: ALL },
  { op: "GET /projects/{projectId}/screenshots/{screenshotId}/thumbnail", allowed: ALL },
  { op: "PUT /projects/{projectId}/screenshots/{screenshotId}/regions", allowed: BUILDERS },
  { op: "DELETE /projects/{projectId}/screenshots/{screenshotId}", allowed: BUILDERS, fresh: freshScreenshot },

  // releases (docs/delivery.md): read by everyone who may export, published by owner/admin/developer
  { op: "POST /projects/{projectId}/releases", allowed: BUILDERS },
  { op: "GET /projects/{projectId}/releases", allowed: ALL },
  { op: "GET /projects/{projectId}/releases/{version}", allowed: ALL },
  { op: "POST /projects/{projectId}/releases/{version}/rollback", allowed: BUILDERS },
  {
    op: "DELETE /projects/{projectId}/releases/{version}",
    allowed: BUILDERS,
    note: "a release `latest` does not serve",
    fresh: async () => {
      const release = await owner("POST", `/projects/${fx.ids.projectId}/releases`, { languages: ["de"] });
      await owner("POST", `/projects/${fx.ids.projectId}/releases/${fx.ids.releaseVersion}/rollback`, {});
      return { releaseVersion: release.version };
    },
  },
  { op: "GET /projects/{projectId}/delivery", allowed: ALL },
  { op: "POST /projects/{projectId}/delivery/rotate", allowed: BUILDERS },

  // comments: everyone comments, edits and deletes their own, resolves; owner/admin delete any
  { op: "POST /projects/{projectId}/keys/{keyId}/comments", allowed: ALL },
  { op: "GET /projects/{projectId}/keys/{keyId}/comments", allowed: ALL },
  {
    op: "PATCH /projects/{projectId}/keys/{keyId}/comments/{commentId}",
    allowed: ALL,
    note: "editing one's own comment",
    fresh: commentBy,
  },
  {
    op: "PATCH /projects/{projectId}/keys/{keyId}/comments/{commentId}",
    allowed: [],
    roles: ["admin", "developer", "translator", "reviewer"],
    note: "editing the owner's comment (author only)",
    fresh: () => commentBy("owner"),
  },
  { op: "PATCH /projects/{projectId}/keys/{keyId}/comments/{commentId}/resolve", allowed: ALL },
  {
    op: "DELETE /projects/{projectId}/keys/{keyId}/comments/{commentId}",
    allowed: ALL,
    note: "deleting one's own comment",
    fresh: commentBy,
  },
  {
    op: "DELETE /projects/{projectId}/keys/{keyId}/comments/{commentId}",
    allowed: ADMINS,
    note: "deleting the owner's comment",
    fresh: () => commentBy("owner"),
  },
  {
    op: "DELETE /projects/{projectId}/keys/{keyId}/comments/{commentId}",
    allowed: ADMINS,
    note: "deleting the reviewer's comment",
    roles: ["owner", "admin", "developer", "translator"],
    fresh: () => commentBy("reviewer"),
  },

  // notifications: everyone's own inbox and preferences
  { op: "GET /notifications", allowed: ALL },
  { op: "GET /notifications/unread-count", allowed: ALL },
  { op: "PATCH /notifications/{notificationId}/read", allowed: ALL, note: "one's own notification", fresh: notificationOf },
  { op: "POST /notifications/read-all", allowed: ALL },
  { op: "GET /notifications/settings", allowed: ALL },
  { op: "PUT /notifications/settings", allowed: ALL },

  // activity and analytics: read by all
  { op: "GET /projects/{projectId}/activity", allowed: ALL },
  { op: "GET /organizations/{orgId}/activity", allowed: ALL },
  { op: "GET /projects/{projectId}/analytics/progress", allowed: ALL },
  { op: "GET /projects/{projectId}/analytics/progress-over-time", allowed: ALL },
  { op: "GET /projects/{projectId}/analytics/contributors", allowed: ALL },
  { op: "GET /organizations/{orgId}/analytics/overview", allowed: ALL },

  // glossary: read by all, written by owner/admin/developer
  { op: "POST /organizations/{orgId}/glossaries", allowed: BUILDERS },
  { op: "GET /organizations/{orgId}/glossaries", allowed: ALL },
  { op: "PATCH /organizations/{orgId}/glossaries/{id}", allowed: BUILDERS },
  {
    op: "DELETE /organizations/{orgId}/glossaries/{id}",
    allowed: BUILDERS,
    fresh: async () => ({
      glossaryId: (await owner("POST", `/organizations/${fx.ids.orgId}/glossaries`, { name: `Doomed ${++n}`, sourceLanguage: "en" }))._id,
    }),
  },
  { op: "POST /organizations/{orgId}/glossaries/{id}/terms", allowed: BUILDERS },
  { op: "GET /organizations/{orgId}/glossaries/{id}/terms", allowed: ALL },
  { op: "PATCH /organizations/{orgId}/glossaries/terms/{termId}", allowed: BUILDERS },
  {
    op: "DELETE /organizations/{orgId}/glossaries/terms/{termId}",
    allowed: BUILDERS,
    fresh: async () => ({
      termId: (await owner("POST", `/organizations/${fx.ids.orgId}/glossaries/${fx.ids.glossaryId}/terms`, { term: `Doomed${++n}` }))._id,
    }),
  },
  { op: "POST /organizations/{orgId}/glossaries/{id}/import", allowed: BUILDERS },
  { op: "GET /organizations/{orgId}/glossaries/{id}/export", allowed: ALL },
  { op: "POST /organizations/{orgId}/glossaries/check", allowed: ALL },

  // translation memory: read by all, deleted by owner/admin/developer
  { op: "GET /organizations/{orgId}/tm", allowed: ALL },
  { op: "GET /organizations/{orgId}/tm/search", allowed: ALL },
  {
    op: "DELETE /organizations/{orgId}/tm/{entryId}",
    allowed: BUILDERS,
    fresh: async () => {
      const entry = await addTmEntry(server.db.prisma, {
        organizationId: fx.ids.orgId,
        sourceLanguage: "en",
        targetLanguage: "de",
        sourceText: `Doomed ${++n}`,
        targetText: `Verloren ${n}`,
      });
      return { tmEntryId: entry!._id };
    },
  },

  // webhooks: owner/admin
  { op: "POST /organizations/{orgId}/webhooks", allowed: ADMINS },
  { op: "GET /organizations/{orgId}/webhooks", allowed: ADMINS },
  { op: "PATCH /organizations/{orgId}/webhooks/{id}", allowed: ADMINS },
  {
    op: "DELETE /organizations/{orgId}/webhooks/{id}",
    allowed: ADMINS,
    fresh: async () => ({
      orgWebhookId: (await owner("POST", `/organizations/${fx.ids.orgId}/webhooks`, { url: receiver.url, events: ["*"] }))._id,
    }),
  },
  { op: "GET /organizations/{orgId}/webhooks/{id}/deliveries", allowed: ADMINS },
  { op: "POST /organizations/{orgId}/webhooks/{id}/test", allowed: ADMINS },
  { op: "POST /projects/{projectId}/webhooks", allowed: ADMINS },
  { op: "GET /projects/{projectId}/webhooks", allowed: ADMINS },
  { op: "PATCH /projects/{projectId}/webhooks/{id}", allowed: ADMINS },
  {
    op: "DELETE /projects/{projectId}/webhooks/{id}",
    allowed: ADMINS,
    fresh: async () => ({
      projectWebhookId: (await owner("POST", `/projects/${fx.ids.projectId}/webhooks`, { url: receiver.url, events: ["*"] }))._id,
    }),
  },
  { op: "GET /projects/{projectId}/webhooks/{id}/deliveries", allowed: ADMINS },
  { op: "POST /projects/{projectId}/webhooks/{id}/test", allowed: ADMINS },

  // AI: everyone who may write translation values
  { op: "GET /projects/{projectId}/ai/status", allowed: WRITERS },
  { op: "POST /projects/{projectId}/ai/translate", allowed: WRITERS },
  { op: "POST /projects/{projectId}/ai/translate/batch", allowed: WRITERS },
  { op: "POST /projects/{projectId}/ai/translate/batch/start", allowed: WRITERS },
  { op: "GET /projects/{projectId}/ai/translate/batch/stream/{jobId}", allowed: WRITERS },
  { op: "POST /projects/{projectId}/ai/translate/batch/cancel/{jobId}", allowed: WRITERS, fresh: freshJob },
  { op: "GET /projects/{projectId}/mt/engines", allowed: WRITERS },
  { op: "POST /projects/{projectId}/mt/translate/batch", allowed: WRITERS },
  { op: "POST /projects/{projectId}/pretranslate", allowed: WRITERS },
  // The leverage report reads the translation memory: everyone
  { op: "GET /projects/{projectId}/leverage", allowed: ALL },
];

beforeAll(async () => {
  fake = await startFakeAiProviders();
  deepl = await startFakeEngine("deepl");
  receiver = await startWebhookReceiver();
  // The provider key is the organization's own setting, so another organization on this server has none.
  // The MT engine is the operator's (DEEPL_*), so every organization has it.
  server = await startTestServer({
    OPENAI_BASE_URL: fake.openaiUrl,
    DEFAULT_AI_PROVIDER: "provider_b",
    DEEPL_API_KEY: deepl.key,
    DEEPL_ENDPOINT: deepl.url,
    MT_ALLOW_HTTP_ENDPOINTS: "true",
  });
  fx = await createOrgFixture(server, { name: "Matrix", webhookUrl: receiver.url, aiReady: true, aiProviderKeys: { provider_b: "k" } });
  operations = await listOperations(server);
}, 60_000);
afterAll(async () => {
  await server?.close();
  await fake?.close();
  await deepl?.close();
  await receiver?.close();
});

describe("role matrix", () => {
  it("has a row (and a request builder) for every operation of the OpenAPI document, and none for a removed one", () => {
    const covered = new Set(ROWS.map((r) => r.op));
    expect(
      operations.filter((op) => !covered.has(op)),
      "operations without a role row",
    ).toEqual([]);
    expect(
      operations.filter((op) => !ROUTE_BUILDERS[op]),
      "operations without a request builder",
    ).toEqual([]);
    expect(
      [...covered].filter((op) => !operations.includes(op)),
      "rows for operations the document does not list",
    ).toEqual([]);
  });

  it.each(ROWS.map((row) => [`${row.op}${row.note ? ` (${row.note})` : ""}`, row] as const))("%s", async (_name, row) => {
    const failures: string[] = [];
    for (const role of row.roles ?? ROLES) {
      const ids = { ...fx.ids, ...(row.fresh ? await row.fresh(role) : {}) };
      const call = buildCall(row.op, ids);
      if (row.body !== undefined) call.body = row.body;
      const member = fx.members[role];
      const res = await sendCall(server, call, row.session ? { cookie: member.cookie } : { apiKey: member.apiKey });
      const problem = breach(res, row.allowed.includes(role), row.redirect);
      if (problem) failures.push(`${role}: ${problem}`);
    }
    expect(failures).toEqual([]);
  });

  // The admin, translator and reviewer signed in as developers and were given their role later,
  // so their sessions prove the role is read at request time, not when the session was made.
  it.each(
    ROWS.filter(
      (row) =>
        !row.session &&
        (["admin", "translator", "reviewer"] as const).some((r) => row.allowed.includes(r) !== row.allowed.includes("developer")),
    ).map((row) => [`${row.op}${row.note ? ` (${row.note})` : ""}`, row] as const),
  )("sessions: %s follows the member's current role", async (_name, row) => {
    const failures: string[] = [];
    for (const role of (["admin", "translator", "reviewer"] as const).filter(
      (r) => (row.roles ?? ROLES).includes(r) && row.allowed.includes(r) !== row.allowed.includes("developer"),
    )) {
      const call = buildCall(row.op, { ...fx.ids, ...(row.fresh ? await row.fresh(role) : {}) });
      if (row.body !== undefined) call.body = row.body;
      const res = await sendCall(server, call, { cookie: fx.members[role].cookie });
      const problem = breach(res, row.allowed.includes(role));
      if (problem) failures.push(`${role} (session): ${problem}`);
    }
    expect(failures).toEqual([]);
  });

  it.each(
    ROWS.filter((row) => scopeOf(row.op) && row.allowed.includes("owner") && !row.session).map(
      (row) => [`${row.op}${row.note ? ` (${row.note})` : ""}`, row] as const,
    ),
  )("scopes: %s answers the owner's token scoped to what it needs, and refuses one scoped to everything else", async (_name, row) => {
    const needed = row.scopes ?? [row.scope ?? scopeOf(row.op)!];
    const results: string[] = [];
    const tries: [string, readonly Scope[], boolean][] = [
      [`only ${needed.join(" ")}`, needed, true],
      ...needed.map((scope) => [`all but ${scope}`, SCOPES.filter((s) => s !== scope), false] as [string, Scope[], boolean]),
    ];
    for (const [label, scopes, allowed] of tries) {
      const token = await scopedToken(scopes);
      const call = buildCall(row.op, { ...fx.ids, ...(row.fresh ? await row.fresh("owner") : {}) });
      if (row.body !== undefined) call.body = row.body;
      const res = await sendCall(server, call, { apiKey: token });
      const problem = breach(res, allowed);
      if (problem) results.push(`${label}: ${problem}`);
    }
    expect(results).toEqual([]);
  });

  it("token minting: each role's token holding only tokens:manage mints only tokens:manage, and no token outlives its creator", async () => {
    const failures: string[] = [];
    for (const role of ROLES) {
      const member = fx.members[role];
      const expiresAt = new Date(Date.now() + 3600_000).toISOString();
      const made = await server.request("POST", `/api/organizations/${fx.ids.orgId}/tokens`, {
        apiKey: member.apiKey,
        body: { name: `narrow ${++n}`, scopes: ["tokens:manage"], expiresAt },
      });
      if (!BUILDERS.includes(role)) {
        if (made.status !== 403) failures.push(`${role}: creating any token: expected 403, got ${made.status}`);
        continue;
      }
      const narrow = made.body.token as string;
      for (const [what, body, status] of [
        ["scopes: null", { scopes: null, expiresAt }, 403],
        ["another scope", { scopes: ["tokens:manage", "projects:write"], expiresAt }, 403],
        ["no expiry", { scopes: ["tokens:manage"] }, 403],
        ["its own scope, its expiry", { scopes: ["tokens:manage"], expiresAt }, 201],
      ] as const) {
        for (const path of [`/api/organizations/${fx.ids.orgId}/tokens`, `/api/projects/${fx.ids.projectId}/tokens`]) {
          const res = await server.request("POST", path, { apiKey: narrow, body: { name: `child ${++n}`, ...body } });
          if (res.status !== status) failures.push(`${role} ${path} ${what}: expected ${status}, got ${res.status}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("refuses permanent deletion to the owner's API key (owner session only)", async () => {
    const { projectId } = await freshProject();
    const res = await server.request("DELETE", `/api/projects/${projectId}/permanent`, { apiKey: fx.owner.apiKey });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(FORBIDDEN);
    expect((await server.request("GET", `/api/projects/${projectId}`, { apiKey: fx.owner.apiKey })).status).toBe(200);
  });

  it("answers 400, not 403, to allowed roles on AI routes when no provider is configured", async () => {
    const boss = await signUpUser(server, "NoAi");
    const reviewer = await addMember(server, boss, "reviewer");
    const project = await server.request("POST", "/api/projects", {
      apiKey: boss.apiKey,
      body: { name: "No AI", sourceLanguage: "en", targetLanguages: ["de"] },
    });
    const key = await server.request("POST", `/api/projects/${project.body._id}/keys`, { apiKey: boss.apiKey, body: { key: "hello" } });
    const ids: RouteIds = { ...fx.ids, orgId: boss.orgId, projectId: project.body._id, keyId: key.body._id, keyName: "hello" };
    for (const op of [
      "POST /projects/{projectId}/ai/translate",
      "POST /projects/{projectId}/ai/translate/batch",
      "POST /projects/{projectId}/ai/translate/batch/start",
    ]) {
      const allowed = await sendCall(server, buildCall(op, ids), { apiKey: boss.apiKey });
      expect(allowed.status, op).toBe(400);
      expect(allowed.body, op).toMatchObject({
        statusCode: 400,
        error: "Bad Request",
        message: expect.stringMatching(/No AI provider is configured/),
      });
      const refused = await sendCall(server, buildCall(op, ids), { cookie: reviewer.cookie });
      expect(refused.body, op).toEqual(FORBIDDEN);
    }
  });
});
