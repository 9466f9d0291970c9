// The fuzzer's two tenants: fixture-world organizations seeded with a random marker, so every text
// a tenant stores carries it, and a response that shows another tenant's marker (or one of its
// `allIds`) is a leak.
import { randomBytes } from "node:crypto";
import { createOrgFixture, type OrgFixture } from "../fixture-world";
import type { TestServer } from "../test-server";

export interface Tenant extends OrgFixture {
  name: "A" | "B";
  /** Random text inside everything this tenant stores. */
  marker: string;
}

export async function createTenant(server: TestServer, name: "A" | "B", webhookUrl: string): Promise<Tenant> {
  // Lower case: e-mail addresses are stored lower-cased, and the marker must survive in them too.
  const marker = `zq${name.toLowerCase()}${randomBytes(6).toString("hex")}`;
  // The fuzz server points the AI providers at a local fake: AI jobs can be started.
  const fixture = await createOrgFixture(server, { name: `Tenant ${name}`, webhookUrl, aiReady: true, marker });
  return Object.assign(fixture, { name, marker });
}

/**
 * JSON-accepting request headers with the tenant's credentials (its owner's API key, or session
 * cookie when `cookie`), or with the mistake `auth:<key>` names: `auth:none` sends none, any other a bad key.
 */
export function credentialHeaders(mistake: string, tenant: Tenant, cookie: boolean): Record<string, string> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (mistake === "auth:none") return headers;
  if (mistake.startsWith("auth:")) headers["x-api-key"] = mistake.slice("auth:".length);
  else if (cookie) headers.cookie = tenant.owner.cookie;
  else headers["x-api-key"] = tenant.owner.apiKey;
  return headers;
}
