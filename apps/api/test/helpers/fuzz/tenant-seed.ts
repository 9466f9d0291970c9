// Two tenants for the fuzzer: each an organization with an owner, a reviewer member and one of
// every resource the API names in a path. Every text a tenant stores carries the tenant's own
// random marker, so a response that shows another tenant's marker (or one of its ids) is a leak.
// Resources are seeded in generations: fuzzed requests that happen to be valid may archive or
// delete them, and a fresh generation keeps the fuzzer reaching real records.
import { randomBytes } from "node:crypto";
import { addMember } from "../invite-member";
import type { TestServer } from "../test-server";

/** The ids a path parameter may name, for one tenant's newest generation. */
export interface TenantIds {
  orgId: string;
  projectId: string;
  keyId: string;
  keyName: string;
  language: string;
  commentId: string;
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
}

export interface Tenant {
  name: "A" | "B";
  /** Random text inside everything this tenant stores. */
  marker: string;
  apiKey: string;
  cookie: string;
  email: string;
  password: string;
  ids: TenantIds;
  /** Every id this tenant has ever been given (all generations): another tenant must never see them. */
  allIds: Set<string>;
}

async function ok(server: TestServer, method: string, path: string, o: Parameters<TestServer["request"]>[2]): Promise<any> {
  const res = await server.request(method, path, o);
  if (res.status !== 200 && res.status !== 201) throw new Error(`seed ${method} ${path}: ${res.status} ${res.text}`);
  return res.body;
}

export async function createTenant(server: TestServer, name: "A" | "B", webhookUrl: string): Promise<Tenant> {
  const marker = `zq${name}${randomBytes(6).toString("hex")}`;
  const email = `owner-${marker}@example.com`;
  const password = "correct horse battery";
  const signup = await server.request("POST", "/api/auth/signup", {
    body: { email, password, name: `Owner ${marker}`, organizationName: `Org ${marker}` },
  });
  if (signup.status !== 201) throw new Error(`signup: ${signup.status} ${signup.text}`);
  const cookie = (signup.headers.get("set-cookie") ?? "").split(";")[0]!;
  const orgId: string = signup.body.organization._id;
  const token = await ok(server, "POST", `/api/organizations/${orgId}/tokens`, { cookie, body: { name: `auth ${marker}` } });
  const reviewer = await addMember(server, { cookie }, "reviewer", { name: `Reviewer ${marker}` });
  const tenant: Tenant = {
    name,
    marker,
    apiKey: token.token,
    cookie,
    email,
    password,
    ids: { orgId, userId: reviewer.userId } as TenantIds,
    allIds: new Set([orgId, reviewer.userId, signup.body.user._id, token._id]),
  };
  await seedGeneration(server, tenant, webhookUrl, 0);
  return tenant;
}

/** A fresh set of records for the tenant; its ids become the ones fuzzed paths name. */
export async function seedGeneration(server: TestServer, t: Tenant, webhookUrl: string, generation: number): Promise<void> {
  const auth = { apiKey: t.apiKey };
  const m = `${t.marker}g${generation}`;
  const orgId = t.ids.orgId;
  const project = await ok(server, "POST", "/api/projects", {
    ...auth,
    body: { name: `Project ${m}`, description: `About ${m}`, sourceLanguage: "en", targetLanguages: ["de", "fr"] },
  });
  const projectId: string = project._id;
  const keyName = `${m}.greeting`;
  const key = await ok(server, "POST", `/api/projects/${projectId}/keys`, {
    ...auth,
    body: { key: keyName, description: `Greeting ${m}`, tags: [m], namespace: `ns${m}` },
  });
  const keyId: string = key._id;
  await ok(server, "PUT", `/api/projects/${projectId}/keys/${keyId}/translations/en`, { ...auth, body: { value: `Hello ${m}` } });
  await ok(server, "PUT", `/api/projects/${projectId}/keys/${keyId}/translations/de`, { ...auth, body: { value: `Hallo ${m}` } });
  const second = await ok(server, "POST", `/api/projects/${projectId}/keys`, { ...auth, body: { key: `${m}.farewell` } });
  await ok(server, "PUT", `/api/projects/${projectId}/keys/${second._id}/translations/en`, { ...auth, body: { value: `Bye ${m}` } });
  const history = await ok(server, "GET", `/api/projects/${projectId}/keys/${keyId}/translations/de/history`, auth);
  // Approval feeds the organization's translation memory.
  await ok(server, "PATCH", `/api/projects/${projectId}/keys/${keyId}/translations/de/status`, { ...auth, body: { status: "approved" } });
  const tm = await ok(server, "GET", `/api/organizations/${orgId}/tm?limit=200`, auth);
  const tmEntry = (tm.data as Array<{ _id: string; sourceText: string }>).find((e) => e.sourceText.includes(m));
  const comment = await ok(server, "POST", `/api/projects/${projectId}/keys/${keyId}/comments`, { ...auth, body: { body: `Note ${m}` } });
  const glossary = await ok(server, "POST", `/api/organizations/${orgId}/glossaries`, {
    ...auth,
    body: { name: `Glossary ${m}`, description: `Terms ${m}`, sourceLanguage: "en", targetLanguages: ["de"] },
  });
  const term = await ok(server, "POST", `/api/organizations/${orgId}/glossaries/${glossary._id}/terms`, {
    ...auth,
    body: { term: `Term${m}`, definition: `Meaning ${m}`, translations: [{ language: "de", value: `Begriff${m}`, approved: true }] },
  });
  const orgHook = await ok(server, "POST", `/api/organizations/${orgId}/webhooks`, {
    ...auth,
    body: { url: `${webhookUrl}/${m}/org`, events: ["*"] },
  });
  const projectHook = await ok(server, "POST", `/api/projects/${projectId}/webhooks`, {
    ...auth,
    body: { url: `${webhookUrl}/${m}/project`, events: ["*"] },
  });
  const orgToken = await ok(server, "POST", `/api/organizations/${orgId}/tokens`, { ...auth, body: { name: `Token ${m}` } });
  const projectToken = await ok(server, "POST", `/api/projects/${projectId}/tokens`, { ...auth, body: { name: `Project token ${m}` } });
  const invite = await ok(server, "POST", `/api/organizations/${orgId}/members/invite`, {
    ...auth,
    body: { email: `invitee-${m}@example.com`, role: "translator" },
  });
  const job = await ok(server, "POST", `/api/projects/${projectId}/ai/translate/batch/start`, {
    ...auth,
    body: { sourceLanguage: "en", targetLanguage: "fr", limit: 1 },
  });
  Object.assign(t.ids, {
    projectId,
    keyId,
    keyName,
    language: "de",
    commentId: comment._id,
    glossaryId: glossary._id,
    termId: term._id,
    tmEntryId: tmEntry?._id ?? t.ids.tmEntryId,
    orgWebhookId: orgHook._id,
    projectWebhookId: projectHook._id,
    orgTokenId: orgToken._id,
    projectTokenId: projectToken._id,
    jobId: job.jobId,
    historyId: history[0]._id,
    invitationId: invite._id,
  } satisfies Partial<TenantIds>);
  for (const id of [projectId, keyId, second._id, comment._id, glossary._id, term._id, orgHook._id, projectHook._id]) t.allIds.add(id);
  for (const id of [orgToken._id, projectToken._id, job.jobId, history[0]._id, invite._id, tmEntry?._id]) if (id) t.allIds.add(id);
}

/**
 * JSON-accepting request headers with the tenant's credentials (its API key, or its session cookie
 * when `cookie`), or with the mistake `auth:<key>` names: `auth:none` sends none, any other a bad key.
 */
export function credentialHeaders(mistake: string, tenant: Tenant, cookie: boolean): Record<string, string> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (mistake === "auth:none") return headers;
  if (mistake.startsWith("auth:")) headers["x-api-key"] = mistake.slice("auth:".length);
  else if (cookie) headers.cookie = tenant.cookie;
  else headers["x-api-key"] = tenant.apiKey;
  return headers;
}
