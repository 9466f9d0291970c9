// The every-route suites' requests (role matrix, tenant isolation, REST dispatch and reads): the
// list of operations read from the served OpenAPI document, and one request builder per operation
// that fills its path parameters from the ids of a fixture organization (fixture-world.ts) and
// sends a valid body.
import type { RouteIds } from "./fixture-world";
import { SMALL_PNG_BASE64 } from "./small-png";
import type { RequestOptions, TestResponse, TestServer } from "./test-server";

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
