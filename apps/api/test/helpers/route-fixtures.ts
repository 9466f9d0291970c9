// Fixtures for the every-route suites (role matrix, tenant isolation): the list of operations read
// from the served OpenAPI document, one request builder per operation that fills its path
// parameters from a set of ids and sends a valid body, and an organization holding one of every
// resource those ids name (members of every role, project, keys, translations, comment, glossary
// and term, TM entry, webhooks, tokens, an AI job, a pending invitation).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { addMember, tokenOfInviteUrl } from "./invite-member";
import { signUpUser, type TestUser } from "./sign-up-user";
import { SMALL_PNG_BASE64 } from "./small-png";
import type { RequestOptions, TestResponse, TestServer } from "./test-server";

export type Role = "owner" | "admin" | "developer" | "translator" | "reviewer";
export const ROLES: Role[] = ["owner", "admin", "developer", "translator", "reviewer"];

export const FORBIDDEN = { statusCode: 403, message: "Forbidden resource", error: "Forbidden" };

const METHODS = ["get", "post", "put", "patch", "delete"];

/** Every operation of the served OpenAPI document as `"METHOD /path"` (paths relative to /api). */
export async function listOperations(server: TestServer): Promise<string[]> {
  const doc = await server.request<{ paths: Record<string, Record<string, unknown>> }>("GET", "/api/openapi.json");
  if (doc.status !== 200) throw new Error(`openapi.json: ${doc.status}`);
  const ops: string[] = [];
  for (const [path, item] of Object.entries(doc.body.paths)) {
    // `/organizations/current...` copy the `{orgId}` operations, which these suites also call with orgId "current".
    if (path.startsWith("/organizations/current")) continue;
    for (const method of Object.keys(item)) if (METHODS.includes(method)) ops.push(`${method.toUpperCase()} ${path}`);
  }
  return ops;
}

/** The ids a request builder may need; every field names a resource of one organization. */
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
  /** A release of the project (the fixture's first, which `latest` serves). */
  releaseVersion: number;
  /** One of the owner's notifications (the admin's reply to the owner's comment). */
  notificationId: string;
}

export interface RouteCall {
  method: string;
  /** Path under /api, query string included. */
  path: string;
  body?: unknown;
  rawBody?: string | Uint8Array;
  /** Extra request headers (a raw body's content type). */
  headers?: Record<string, string>;
  /** Server-sent events: read the status and headers, then hang up. */
  sse?: boolean;
  /** A browser redirect (302): read it without following it. */
  redirect?: boolean;
}

let unique = 0;
const next = (): number => ++unique;

type Builder = (ids: RouteIds) => Omit<RouteCall, "method"> & { method?: string };

/**
 * One valid request per operation, keyed like `listOperations`. A new operation without an entry
 * here makes both every-route suites fail, which is the point: each route must be placed in the
 * role table and the isolation sweep.
 */
export const ROUTE_BUILDERS: Record<string, Builder> = {
  // auth
  "POST /auth/signup": () => ({
    path: "/auth/signup",
    body: { email: `signup${next()}-${Date.now()}@example.com`, password: "correct horse", name: "Signer" },
  }),
  "POST /auth/login": (i) => ({ path: "/auth/login", body: { email: i.email, password: i.password } }),
  "POST /auth/logout": () => ({ path: "/auth/logout", body: {} }),
  "GET /auth/me": () => ({ path: "/auth/me" }),
  "GET /auth/providers": () => ({ path: "/auth/providers" }),
  // No provider is configured in the every-route suites: both answer 302 to /sign-in?error=oidc_unknown_provider.
  "GET /auth/oidc/{provider}/start": () => ({ path: "/auth/oidc/none/start?returnTo=/", redirect: true }),
  "GET /auth/oidc/{provider}/callback": () => ({ path: "/auth/oidc/none/callback?code=c&state=s", redirect: true }),
  "POST /auth/password-reset": (i) => ({ path: "/auth/password-reset", body: { email: i.email } }),
  "POST /auth/password-reset/confirm": (i) => ({
    path: "/auth/password-reset/confirm",
    body: { token: i.resetToken, password: "reset password" },
  }),
  // The same password again: the call succeeds and leaves the credentials as they were.
  "POST /auth/password": (i) => ({ path: "/auth/password", body: { currentPassword: i.password, newPassword: i.password } }),
  "GET /auth/sessions": () => ({ path: "/auth/sessions" }),
  "GET /auth/identities": () => ({ path: "/auth/identities" }),
  "DELETE /auth/sessions/{sessionId}": (i) => ({ path: `/auth/sessions/${i.sessionId}` }),
  "POST /auth/logout-everywhere": () => ({ path: "/auth/logout-everywhere", body: {} }),
  "POST /auth/invitation": (i) => ({ path: "/auth/invitation", body: { token: i.inviteToken } }),
  "POST /auth/accept-invite": (i) => ({
    path: "/auth/accept-invite",
    body: { token: i.inviteToken, name: "Accepted", password: "member password" },
  }),

  // organization, members, invitations
  "GET /organizations/{orgId}": (i) => ({ path: `/organizations/${i.orgId}` }),
  "GET /organizations/{orgId}/usage": (i) => ({ path: `/organizations/${i.orgId}/usage` }),
  "PATCH /organizations/{orgId}": (i) => ({ path: `/organizations/${i.orgId}`, body: { settings: { tmAutoAdd: true } } }),
  "GET /organizations/{orgId}/members": (i) => ({ path: `/organizations/${i.orgId}/members` }),
  "POST /organizations/{orgId}/members/invite": (i) => ({
    path: `/organizations/${i.orgId}/members/invite`,
    body: { email: `invitee${next()}-${Date.now()}@example.com`, role: "translator" },
  }),
  "PATCH /organizations/{orgId}/members/{userId}": (i) => ({
    path: `/organizations/${i.orgId}/members/${i.userId}`,
    body: { role: "reviewer" },
  }),
  "DELETE /organizations/{orgId}/members/{userId}": (i) => ({ path: `/organizations/${i.orgId}/members/${i.userId}` }),
  "GET /organizations/{orgId}/invitations": (i) => ({ path: `/organizations/${i.orgId}/invitations` }),
  "DELETE /organizations/{orgId}/invitations/{invitationId}": (i) => ({ path: `/organizations/${i.orgId}/invitations/${i.invitationId}` }),

  // tokens
  "POST /organizations/{orgId}/tokens": (i) => ({ path: `/organizations/${i.orgId}/tokens`, body: { name: `token ${next()}` } }),
  "GET /organizations/{orgId}/tokens": (i) => ({ path: `/organizations/${i.orgId}/tokens` }),
  "DELETE /organizations/{orgId}/tokens/{tokenId}": (i) => ({ path: `/organizations/${i.orgId}/tokens/${i.orgTokenId}` }),
  "POST /projects/{projectId}/tokens": (i) => ({ path: `/projects/${i.projectId}/tokens`, body: { name: `token ${next()}` } }),
  "GET /projects/{projectId}/tokens": (i) => ({ path: `/projects/${i.projectId}/tokens` }),
  "DELETE /projects/{projectId}/tokens/{tokenId}": (i) => ({ path: `/projects/${i.projectId}/tokens/${i.projectTokenId}` }),

  // projects and languages
  "POST /projects": () => ({ path: "/projects", body: { name: `Project ${next()}`, sourceLanguage: "en", targetLanguages: ["de"] } }),
  "GET /projects": () => ({ path: "/projects" }),
  "GET /projects/{id}": (i) => ({ path: `/projects/${i.projectId}` }),
  "PATCH /projects/{id}": (i) => ({ path: `/projects/${i.projectId}`, body: { description: `edited ${next()}` } }),
  "DELETE /projects/{id}": (i) => ({ path: `/projects/${i.projectId}` }),
  "GET /projects/{projectId}/qa-settings": (i) => ({ path: `/projects/${i.projectId}/qa-settings` }),
  "PUT /projects/{projectId}/qa-settings": (i) => ({
    path: `/projects/${i.projectId}/qa-settings`,
    body: { checks: { numbers: "warning" } },
  }),
  "POST /projects/{projectId}/releases": (i) => ({ path: `/projects/${i.projectId}/releases`, body: { languages: [i.language] } }),
  "GET /projects/{projectId}/releases": (i) => ({ path: `/projects/${i.projectId}/releases` }),
  "GET /projects/{projectId}/releases/{version}": (i) => ({ path: `/projects/${i.projectId}/releases/${i.releaseVersion}` }),
  "DELETE /projects/{projectId}/releases/{version}": (i) => ({ path: `/projects/${i.projectId}/releases/${i.releaseVersion}` }),
  "POST /projects/{projectId}/releases/{version}/rollback": (i) => ({
    path: `/projects/${i.projectId}/releases/${i.releaseVersion}/rollback`,
    body: {},
  }),
  "GET /projects/{projectId}/delivery": (i) => ({ path: `/projects/${i.projectId}/delivery` }),
  "POST /projects/{projectId}/delivery/rotate": (i) => ({ path: `/projects/${i.projectId}/delivery/rotate`, body: {} }),
  "POST /projects/{id}/restore": (i) => ({ path: `/projects/${i.projectId}/restore` }),
  "DELETE /projects/{id}/permanent": (i) => ({ path: `/projects/${i.projectId}/permanent` }),
  "POST /projects/{id}/languages": (i) => ({ path: `/projects/${i.projectId}/languages`, body: { language: i.language } }),
  "DELETE /projects/{id}/languages/{lang}": (i) => ({ path: `/projects/${i.projectId}/languages/${i.language}` }),

  // keys
  "POST /projects/{projectId}/keys": (i) => ({ path: `/projects/${i.projectId}/keys`, body: { key: `created.${next()}` } }),
  "GET /projects/{projectId}/keys": (i) => ({ path: `/projects/${i.projectId}/keys` }),
  "GET /projects/{projectId}/editor-rows": (i) => ({ path: `/projects/${i.projectId}/editor-rows?languages=${i.language}` }),
  "GET /projects/{projectId}/tags": (i) => ({ path: `/projects/${i.projectId}/tags` }),
  "GET /projects/{projectId}/people": (i) => ({ path: `/projects/${i.projectId}/people` }),
  "GET /projects/{projectId}/keys/{keyId}": (i) => ({ path: `/projects/${i.projectId}/keys/${i.keyId}` }),
  "PATCH /projects/{projectId}/keys/{keyId}": (i) => ({
    path: `/projects/${i.projectId}/keys/${i.keyId}`,
    body: { description: `edited ${next()}` },
  }),
  "DELETE /projects/{projectId}/keys/{keyId}": (i) => ({ path: `/projects/${i.projectId}/keys/${i.keyId}` }),
  "POST /projects/{projectId}/keys/bulk": (i) => ({
    path: `/projects/${i.projectId}/keys/bulk`,
    body: { keys: [{ key: `bulk.${next()}` }] },
  }),
  "PATCH /projects/{projectId}/keys/bulk": (i) => ({
    path: `/projects/${i.projectId}/keys/bulk`,
    body: { keys: [{ _id: i.keyId, description: `bulk ${next()}` }] },
  }),
  "DELETE /projects/{projectId}/keys/bulk": (i) => ({ path: `/projects/${i.projectId}/keys/bulk?keyIds=${i.keyId}` }),

  // translations
  "GET /projects/{projectId}/translations/{language}": (i) => ({ path: `/projects/${i.projectId}/translations/${i.language}` }),
  "POST /projects/{projectId}/translations/overwrite": (i) => ({
    path: `/projects/${i.projectId}/translations/overwrite`,
    body: { translations: [{ key: i.keyName, language: i.language, value: `Overwritten ${next()}` }] },
  }),
  "POST /projects/{projectId}/bulk-edits/preview": (i) => ({
    path: `/projects/${i.projectId}/bulk-edits/preview`,
    // The filter, not key ids: the answer's token differs per call (a snapshot), and the apply covers ids.
    body: { selection: { filter: { search: "W" } }, operation: { type: "replace", languages: [i.language], find: "W", replace: "W" } },
  }),
  "POST /projects/{projectId}/bulk-edits/apply": (i) => ({
    path: `/projects/${i.projectId}/bulk-edits/apply`,
    body: { selection: { keyIds: [i.keyId] }, operation: { type: "replace", languages: [i.language], find: "W", replace: "W" } },
  }),
  "GET /projects/{projectId}/keys/{keyId}/translations": (i) => ({ path: `/projects/${i.projectId}/keys/${i.keyId}/translations` }),
  "PUT /projects/{projectId}/keys/{keyId}/translations/{language}": (i) => ({
    path: `/projects/${i.projectId}/keys/${i.keyId}/translations/${i.language}`,
    body: { value: `Wert ${next()}` },
  }),
  "PATCH /projects/{projectId}/keys/{keyId}/translations/{language}/status": (i) => ({
    path: `/projects/${i.projectId}/keys/${i.keyId}/translations/${i.language}/status`,
    body: { status: "translated" },
  }),
  "PATCH /projects/{projectId}/keys/{keyId}/translations/{language}/qa-issues/{check}": (i) => ({
    path: `/projects/${i.projectId}/keys/${i.keyId}/translations/${i.language}/qa-issues/double_space`,
    body: { ignored: true },
  }),
  "GET /projects/{projectId}/keys/{keyId}/translations/{language}/history": (i) => ({
    path: `/projects/${i.projectId}/keys/${i.keyId}/translations/${i.language}/history`,
  }),
  "POST /projects/{projectId}/keys/{keyId}/translations/{language}/revert": (i) => ({
    path: `/projects/${i.projectId}/keys/${i.keyId}/translations/${i.language}/revert`,
  }),
  "POST /projects/{projectId}/keys/{keyId}/translations/{language}/revert/{historyId}": (i) => ({
    path: `/projects/${i.projectId}/keys/${i.keyId}/translations/${i.language}/revert/${i.historyId}`,
  }),

  // import / export
  "GET /projects/{projectId}/formats": (i) => ({ path: `/projects/${i.projectId}/formats` }),
  "POST /projects/{projectId}/import": (i) => ({
    path: `/projects/${i.projectId}/import`,
    body: { language: i.language, format: "json-flat", content: JSON.stringify({ [`imported.${next()}`]: "Importiert" }) },
  }),
  "POST /projects/{projectId}/import/{language}": (i) => ({
    path: `/projects/${i.projectId}/import/${i.language}?format=json-flat`,
    rawBody: JSON.stringify({ [`imported.${next()}`]: "Importiert" }),
  }),
  "GET /projects/{projectId}/export/{language}": (i) => ({ path: `/projects/${i.projectId}/export/${i.language}?format=json-flat` }),
  "GET /projects/{projectId}/export-zip": (i) => ({ path: `/projects/${i.projectId}/export-zip?format=json-flat` }),

  // comments
  "POST /projects/{projectId}/keys/{keyId}/comments": (i) => ({
    path: `/projects/${i.projectId}/keys/${i.keyId}/comments`,
    body: { body: `Comment ${next()}` },
  }),
  "GET /projects/{projectId}/keys/{keyId}/comments": (i) => ({ path: `/projects/${i.projectId}/keys/${i.keyId}/comments` }),
  "PATCH /projects/{projectId}/keys/{keyId}/comments/{commentId}": (i) => ({
    path: `/projects/${i.projectId}/keys/${i.keyId}/comments/${i.commentId}`,
    rawBody: JSON.stringify(`Edited ${next()}`),
  }),
  // screenshots
  "POST /projects/{projectId}/screenshots": (i) => ({
    path: `/projects/${i.projectId}/screenshots`,
    body: { name: `Shot ${next()}`, content: SMALL_PNG_BASE64, regions: [{ keyId: i.keyId, x: 4, y: 4, width: 8, height: 8 }] },
  }),
  "POST /projects/{projectId}/screenshots/file": (i) => ({
    path: `/projects/${i.projectId}/screenshots/file?name=raw${next()}.png`,
    rawBody: Buffer.from(SMALL_PNG_BASE64, "base64"),
    headers: { "content-type": "image/png" },
  }),
  "GET /projects/{projectId}/screenshots": (i) => ({ path: `/projects/${i.projectId}/screenshots?keyId=${i.keyId}` }),
  "GET /projects/{projectId}/screenshots/{screenshotId}": (i) => ({ path: `/projects/${i.projectId}/screenshots/${i.screenshotId}` }),
  "GET /projects/{projectId}/screenshots/{screenshotId}/image": (i) => ({
    path: `/projects/${i.projectId}/screenshots/${i.screenshotId}/image`,
  }),
  "GET /projects/{projectId}/screenshots/{screenshotId}/thumbnail": (i) => ({
    path: `/projects/${i.projectId}/screenshots/${i.screenshotId}/thumbnail`,
  }),
  "PUT /projects/{projectId}/screenshots/{screenshotId}/regions": (i) => ({
    path: `/projects/${i.projectId}/screenshots/${i.screenshotId}/regions`,
    body: { regions: [{ keyId: i.keyId, x: 0, y: 0, width: 64, height: 40 }] },
  }),
  "DELETE /projects/{projectId}/screenshots/{screenshotId}": (i) => ({
    path: `/projects/${i.projectId}/screenshots/${i.screenshotId}`,
  }),
  "PATCH /projects/{projectId}/keys/{keyId}/comments/{commentId}/resolve": (i) => ({
    path: `/projects/${i.projectId}/keys/${i.keyId}/comments/${i.commentId}/resolve`,
    body: {},
  }),
  "DELETE /projects/{projectId}/keys/{keyId}/comments/{commentId}": (i) => ({
    path: `/projects/${i.projectId}/keys/${i.keyId}/comments/${i.commentId}`,
  }),

  // the caller's own notification inbox
  "GET /notifications": () => ({ path: "/notifications?limit=10&unread=false" }),
  "GET /notifications/unread-count": () => ({ path: "/notifications/unread-count" }),
  "PATCH /notifications/{notificationId}/read": (i) => ({ path: `/notifications/${i.notificationId}/read`, body: {} }),
  "POST /notifications/read-all": () => ({ path: "/notifications/read-all", body: {} }),
  "GET /notifications/settings": () => ({ path: "/notifications/settings" }),
  "PUT /notifications/settings": () => ({ path: "/notifications/settings", body: { mentionEmails: true } }),

  // activity and analytics
  "GET /projects/{projectId}/activity": (i) => ({ path: `/projects/${i.projectId}/activity` }),
  "GET /organizations/{orgId}/activity": (i) => ({ path: `/organizations/${i.orgId}/activity` }),
  "GET /projects/{projectId}/analytics/progress": (i) => ({ path: `/projects/${i.projectId}/analytics/progress` }),
  "GET /projects/{projectId}/analytics/progress-over-time": (i) => ({ path: `/projects/${i.projectId}/analytics/progress-over-time` }),
  "GET /projects/{projectId}/analytics/contributors": (i) => ({ path: `/projects/${i.projectId}/analytics/contributors` }),
  "GET /organizations/{orgId}/analytics/overview": (i) => ({ path: `/organizations/${i.orgId}/analytics/overview` }),

  // glossary
  "POST /organizations/{orgId}/glossaries": (i) => ({
    path: `/organizations/${i.orgId}/glossaries`,
    body: { name: `Glossary ${next()}`, sourceLanguage: "en", targetLanguages: ["de"] },
  }),
  "GET /organizations/{orgId}/glossaries": (i) => ({ path: `/organizations/${i.orgId}/glossaries` }),
  "PATCH /organizations/{orgId}/glossaries/{id}": (i) => ({
    path: `/organizations/${i.orgId}/glossaries/${i.glossaryId}`,
    body: { description: `edited ${next()}` },
  }),
  "DELETE /organizations/{orgId}/glossaries/{id}": (i) => ({ path: `/organizations/${i.orgId}/glossaries/${i.glossaryId}` }),
  "POST /organizations/{orgId}/glossaries/{id}/terms": (i) => ({
    path: `/organizations/${i.orgId}/glossaries/${i.glossaryId}/terms`,
    body: { term: `Term${next()}` },
  }),
  "GET /organizations/{orgId}/glossaries/{id}/terms": (i) => ({ path: `/organizations/${i.orgId}/glossaries/${i.glossaryId}/terms` }),
  "PATCH /organizations/{orgId}/glossaries/terms/{termId}": (i) => ({
    path: `/organizations/${i.orgId}/glossaries/terms/${i.termId}`,
    body: { definition: `edited ${next()}` },
  }),
  "DELETE /organizations/{orgId}/glossaries/terms/{termId}": (i) => ({ path: `/organizations/${i.orgId}/glossaries/terms/${i.termId}` }),
  "POST /organizations/{orgId}/glossaries/{id}/import": (i) => ({
    path: `/organizations/${i.orgId}/glossaries/${i.glossaryId}/import`,
    body: { format: "csv", content: `term\nImported${next()}\n` },
  }),
  "GET /organizations/{orgId}/glossaries/{id}/export": (i) => ({
    path: `/organizations/${i.orgId}/glossaries/${i.glossaryId}/export?format=csv`,
  }),
  "POST /organizations/{orgId}/glossaries/check": (i) => ({
    path: `/organizations/${i.orgId}/glossaries/check`,
    body: { text: "Open the Dashboard", glossaryIds: [i.glossaryId] },
  }),

  // translation memory
  "GET /organizations/{orgId}/tm": (i) => ({ path: `/organizations/${i.orgId}/tm` }),
  "GET /organizations/{orgId}/tm/search": (i) => ({
    path: `/organizations/${i.orgId}/tm/search?sourceText=${encodeURIComponent("Save changes")}&targetLang=${i.language}`,
  }),
  "DELETE /organizations/{orgId}/tm/{entryId}": (i) => ({ path: `/organizations/${i.orgId}/tm/${i.tmEntryId}` }),

  // webhooks
  "POST /organizations/{orgId}/webhooks": (i) => ({
    path: `/organizations/${i.orgId}/webhooks`,
    body: { url: `http://127.0.0.1:9/hook${next()}`, events: ["*"] },
  }),
  "GET /organizations/{orgId}/webhooks": (i) => ({ path: `/organizations/${i.orgId}/webhooks` }),
  "PATCH /organizations/{orgId}/webhooks/{id}": (i) => ({
    path: `/organizations/${i.orgId}/webhooks/${i.orgWebhookId}`,
    body: { active: true },
  }),
  "DELETE /organizations/{orgId}/webhooks/{id}": (i) => ({ path: `/organizations/${i.orgId}/webhooks/${i.orgWebhookId}` }),
  "GET /organizations/{orgId}/webhooks/{id}/deliveries": (i) => ({
    path: `/organizations/${i.orgId}/webhooks/${i.orgWebhookId}/deliveries`,
  }),
  "POST /organizations/{orgId}/webhooks/{id}/test": (i) => ({
    path: `/organizations/${i.orgId}/webhooks/${i.orgWebhookId}/test`,
    body: {},
  }),
  "POST /projects/{projectId}/webhooks": (i) => ({
    path: `/projects/${i.projectId}/webhooks`,
    body: { url: `http://127.0.0.1:9/hook${next()}`, events: ["*"] },
  }),
  "GET /projects/{projectId}/webhooks": (i) => ({ path: `/projects/${i.projectId}/webhooks` }),
  "PATCH /projects/{projectId}/webhooks/{id}": (i) => ({
    path: `/projects/${i.projectId}/webhooks/${i.projectWebhookId}`,
    body: { active: true },
  }),
  "DELETE /projects/{projectId}/webhooks/{id}": (i) => ({ path: `/projects/${i.projectId}/webhooks/${i.projectWebhookId}` }),
  "GET /projects/{projectId}/webhooks/{id}/deliveries": (i) => ({
    path: `/projects/${i.projectId}/webhooks/${i.projectWebhookId}/deliveries`,
  }),
  "POST /projects/{projectId}/webhooks/{id}/test": (i) => ({
    path: `/projects/${i.projectId}/webhooks/${i.projectWebhookId}/test`,
    body: {},
  }),

  // AI
  "GET /projects/{projectId}/ai/status": (i) => ({ path: `/projects/${i.projectId}/ai/status` }),
  "POST /projects/{projectId}/ai/translate": (i) => ({
    path: `/projects/${i.projectId}/ai/translate`,
    body: { keyId: i.keyId, sourceLanguage: "en", targetLanguage: i.language, sourceText: "Hello", keyName: i.keyName },
  }),
  "GET /projects/{projectId}/mt/engines": (i) => ({ path: `/projects/${i.projectId}/mt/engines` }),
  "POST /projects/{projectId}/mt/translate/batch": (i) => ({
    path: `/projects/${i.projectId}/mt/translate/batch`,
    body: { sourceLanguage: "en", targetLanguage: i.language, engine: "deepl", limit: 1 },
  }),
  "POST /projects/{projectId}/pretranslate": (i) => ({
    path: `/projects/${i.projectId}/pretranslate`,
    body: { targetLanguages: [i.language], keyIds: [i.keyId] },
  }),
  "GET /projects/{projectId}/leverage": (i) => ({ path: `/projects/${i.projectId}/leverage?languages=${i.language}` }),
  "POST /projects/{projectId}/ai/translate/batch": (i) => ({
    path: `/projects/${i.projectId}/ai/translate/batch`,
    body: { sourceLanguage: "en", targetLanguage: i.language, limit: 1 },
  }),
  "POST /projects/{projectId}/ai/translate/batch/start": (i) => ({
    path: `/projects/${i.projectId}/ai/translate/batch/start`,
    body: { sourceLanguage: "en", targetLanguage: i.language, limit: 1 },
  }),
  "POST /projects/{projectId}/ai/translate/batch/cancel/{jobId}": (i) => ({
    path: `/projects/${i.projectId}/ai/translate/batch/cancel/${i.jobId}`,
    body: {},
  }),
  "GET /projects/{projectId}/ai/translate/batch/stream/{jobId}": (i) => ({
    path: `/projects/${i.projectId}/ai/translate/batch/stream/${i.jobId}`,
    sse: true,
  }),
};

export function buildCall(op: string, ids: RouteIds): RouteCall {
  const builder = ROUTE_BUILDERS[op];
  if (!builder) throw new Error(`no request builder for ${op}`);
  const method = op.slice(0, op.indexOf(" "));
  return { method, ...builder(ids) };
}

/** Sends a call; SSE responses are cut off once their headers arrive (the stream never ends by itself). */
export async function sendCall(
  server: TestServer,
  call: RouteCall,
  auth: Pick<RequestOptions, "apiKey" | "cookie">,
  prefix: "/api" | "/api/v1" = "/api",
): Promise<TestResponse> {
  if (call.redirect) {
    const headers: Record<string, string> = {};
    if (auth.apiKey) headers["x-api-key"] = auth.apiKey;
    if (auth.cookie) headers.cookie = auth.cookie;
    const res = await fetch(`${server.url}${prefix}${call.path}`, { headers, redirect: "manual" });
    const text = await res.text();
    return { status: res.status, body: text, headers: res.headers, text };
  }
  if (!call.sse) {
    const headers = call.headers ? { headers: call.headers } : {};
    return server.request(call.method, `${prefix}${call.path}`, { ...auth, body: call.body, rawBody: call.rawBody, ...headers });
  }
  const headers: Record<string, string> = { accept: "text/event-stream" };
  if (auth.apiKey) headers["x-api-key"] = auth.apiKey;
  if (auth.cookie) headers.cookie = auth.cookie;
  const controller = new AbortController();
  const res = await fetch(`${server.url}${prefix}${call.path}`, { headers, signal: controller.signal });
  const isStream = (res.headers.get("content-type") ?? "").startsWith("text/event-stream");
  let text = "";
  if (isStream) controller.abort();
  else text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON
  }
  return { status: res.status, body, headers: res.headers, text };
}

/** A local webhook receiver answering 204, so webhook tests reach a real peer. */
export async function startWebhookReceiver(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => res.writeHead(204).end());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
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

export interface OrgFixture {
  owner: TestUser;
  members: Record<Role, OrgMember>;
  ids: RouteIds;
  /** A second project of the same organization (for project-token scoping). */
  otherProjectId: string;
  /** A project token of `ids.projectId`. */
  projectToken: string;
}

async function ok<T = any>(res: Promise<TestResponse<T>>, what: string, status = [200, 201]): Promise<T> {
  const r = await res;
  if (!status.includes(r.status)) throw new Error(`${what}: ${r.status} ${r.text}`);
  return r.body;
}

/**
 * Members of every role, invited and accepted through the API. Each gets an API key: members are
 * invited as developers (a role that may create tokens), create their key, then the owner sets
 * their real role — a token acts with its creator's current role, so the key then carries it.
 */
export async function createMembers(server: TestServer, owner: TestUser): Promise<Record<Role, OrgMember>> {
  const members = {
    owner: {
      role: "owner",
      userId: owner.userId,
      email: owner.email,
      password: "correct horse",
      cookie: owner.cookie,
      apiKey: owner.apiKey,
    },
  } as Record<Role, OrgMember>;
  for (const role of ["admin", "developer", "translator", "reviewer"] as const) {
    const m = await addMember(server, owner, "developer", { name: `The ${role}`, withApiKey: true });
    if (role !== "developer") {
      await ok(
        server.request("PATCH", `/api/organizations/${owner.orgId}/members/${m.userId}`, { apiKey: owner.apiKey, body: { role } }),
        `role ${role}`,
      );
    }
    members[role] = { role, userId: m.userId, email: m.email, password: "member password", cookie: m.cookie, apiKey: m.apiKey! };
  }
  return members;
}

/**
 * A password-reset token of a new throwaway account, read from the outbox: these suites configure
 * no SMTP server, so the mail is logged and kept whole. The request answers before the mail is
 * written, hence the polling.
 */
export async function createPasswordReset(server: TestServer): Promise<{ resetToken: string }> {
  const user = await signUpUser(server, "Resetting");
  await ok(server.request("POST", "/api/auth/password-reset", { body: { email: user.email } }), "password reset");
  for (let attempt = 0; attempt < 400; attempt++) {
    const mail = await server.db.prisma.emailOutbox.findFirst({ where: { to: user.email } });
    const token = mail?.text.match(/#token=([A-Za-z0-9_-]+)/)?.[1];
    if (token) return { resetToken: token };
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`password reset: no mail to ${user.email}`);
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
  owner: TestUser,
  role = "translator",
): Promise<{ invitationId: string; inviteToken: string }> {
  const invite = await ok(
    server.request("POST", `/api/organizations/${owner.orgId}/members/invite`, {
      apiKey: owner.apiKey,
      body: { email: `pending${next()}-${Date.now()}@example.com`, role },
    }),
    "invite",
  );
  return { invitationId: invite._id, inviteToken: tokenOfInviteUrl(invite.inviteUrl) };
}

export async function createKeyWithTranslation(
  server: TestServer,
  owner: TestUser,
  projectId: string,
  language = "de",
): Promise<{ keyId: string; keyName: string; historyId: string }> {
  const keyName = `fixture.${next()}`;
  const key = await ok(
    server.request("POST", `/api/projects/${projectId}/keys`, {
      apiKey: owner.apiKey,
      body: { key: keyName, description: "A fixture key" },
    }),
    "key",
  );
  await ok(
    server.request("PUT", `/api/projects/${projectId}/keys/${key._id}/translations/en`, {
      apiKey: owner.apiKey,
      body: { value: `Save changes ${unique}` },
    }),
    "source",
  );
  await ok(
    server.request("PUT", `/api/projects/${projectId}/keys/${key._id}/translations/${language}`, {
      apiKey: owner.apiKey,
      body: { value: `Änderungen speichern ${unique}` },
    }),
    "target",
  );
  const history = await ok<any[]>(
    server.request("GET", `/api/projects/${projectId}/keys/${key._id}/translations/${language}/history`, { apiKey: owner.apiKey }),
    "history",
  );
  return { keyId: key._id, keyName, historyId: history[0]._id };
}

/**
 * One organization with every kind of resource. `aiReady` says an AI provider is configured (by
 * the deployment, or by `aiProviderKeys` for this organization), so a batch job can be started
 * (the worker being off, it stays queued).
 */
export async function createOrgFixture(
  server: TestServer,
  options: { name: string; webhookUrl: string; aiReady: boolean; aiProviderKeys?: Record<string, string> },
): Promise<OrgFixture> {
  const owner = await signUpUser(server, options.name);
  const auth = { apiKey: owner.apiKey };
  if (options.aiProviderKeys) {
    await ok(
      server.request("PATCH", `/api/organizations/${owner.orgId}`, {
        ...auth,
        body: { settings: { aiProviderKeys: options.aiProviderKeys } },
      }),
      "provider keys",
    );
  }
  const members = await createMembers(server, owner);
  const project = await ok(
    server.request("POST", "/api/projects", {
      ...auth,
      body: { name: `${options.name} app`, sourceLanguage: "en", targetLanguages: ["de", "fr"] },
    }),
    "project",
  );
  const projectId: string = project._id;
  const other = await ok(
    server.request("POST", "/api/projects", {
      ...auth,
      body: { name: `${options.name} other`, sourceLanguage: "en", targetLanguages: ["de"] },
    }),
    "project 2",
  );
  const { keyId, keyName, historyId } = await createKeyWithTranslation(server, owner, projectId);
  // Approving feeds the translation memory (tmAutoAdd defaults to on): the fixture's TM entry.
  await ok(
    server.request("PATCH", `/api/projects/${projectId}/keys/${keyId}/translations/de/status`, { ...auth, body: { status: "approved" } }),
    "approve",
  );
  const release = await ok(
    server.request("POST", `/api/projects/${projectId}/releases`, { ...auth, body: { languages: ["de"] } }),
    "release",
  );
  const tm = await ok(server.request("GET", `/api/organizations/${owner.orgId}/tm`, auth), "tm");
  const tmEntryId: string = tm.data[0]._id;
  const comment = await ok(
    server.request("POST", `/api/projects/${projectId}/keys/${keyId}/comments`, { ...auth, body: { body: "Is this right?" } }),
    "comment",
  );
  // The admin's reply notifies the owner (the thread's author): the fixture's notification.
  await ok(
    server.request("POST", `/api/projects/${projectId}/keys/${keyId}/comments`, {
      apiKey: members.admin.apiKey,
      body: { body: "Yes, it is.", parentId: comment._id },
    }),
    "reply",
  );
  const notifications = await ok(server.request("GET", "/api/notifications", auth), "notifications");
  const notificationId: string = notifications.data[0]._id;
  const screenshot = await ok(
    server.request("POST", `/api/projects/${projectId}/screenshots`, {
      ...auth,
      body: { name: "Home", content: SMALL_PNG_BASE64, regions: [{ keyId, x: 4, y: 4, width: 8, height: 8 }] },
    }),
    "screenshot",
  );
  const glossary = await ok(
    server.request("POST", `/api/organizations/${owner.orgId}/glossaries`, {
      ...auth,
      body: { name: `${options.name} terms`, sourceLanguage: "en", targetLanguages: ["de"] },
    }),
    "glossary",
  );
  const term = await ok(
    server.request("POST", `/api/organizations/${owner.orgId}/glossaries/${glossary._id}/terms`, {
      ...auth,
      body: { term: "Dashboard", translations: [{ language: "de", value: "Übersicht", approved: true }] },
    }),
    "term",
  );
  const orgHook = await ok(
    server.request("POST", `/api/organizations/${owner.orgId}/webhooks`, { ...auth, body: { url: options.webhookUrl, events: ["*"] } }),
    "org webhook",
  );
  const projectHook = await ok(
    server.request("POST", `/api/projects/${projectId}/webhooks`, { ...auth, body: { url: options.webhookUrl, events: ["*"] } }),
    "project webhook",
  );
  const orgToken = await ok(
    server.request("POST", `/api/organizations/${owner.orgId}/tokens`, { ...auth, body: { name: "fixture token" } }),
    "org token",
  );
  const projectToken = await ok(
    server.request("POST", `/api/projects/${projectId}/tokens`, { ...auth, body: { name: "fixture project token" } }),
    "project token",
  );
  const { invitationId, inviteToken } = await createInvitation(server, owner);
  const { sessionId } = await createSessionOf(server, { email: owner.email, password: "correct horse" });
  const { resetToken } = await createPasswordReset(server);
  let jobId = "00000000-0000-4000-8000-000000000000";
  if (options.aiReady) {
    const job = await ok(
      server.request("POST", `/api/projects/${projectId}/ai/translate/batch/start`, {
        ...auth,
        body: { sourceLanguage: "en", targetLanguage: "fr", limit: 1 },
      }),
      "ai job",
    );
    jobId = job.jobId;
  }
  return {
    owner,
    members,
    otherProjectId: other._id,
    projectToken: projectToken.token,
    ids: {
      orgId: owner.orgId,
      projectId,
      keyId,
      keyName,
      language: "de",
      commentId: comment._id,
      notificationId,
      screenshotId: screenshot._id,
      glossaryId: glossary._id,
      termId: term._id,
      tmEntryId,
      orgWebhookId: orgHook._id,
      projectWebhookId: projectHook._id,
      orgTokenId: orgToken._id,
      projectTokenId: projectToken._id,
      jobId,
      historyId,
      userId: members.reviewer.userId,
      invitationId,
      inviteToken,
      email: owner.email,
      password: "correct horse",
      sessionId,
      resetToken,
      releaseVersion: release.version,
    },
  };
}
