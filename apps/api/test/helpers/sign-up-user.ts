// An owner signed up through the API, with an organization API token. No vitest imports: the
// fixture world (fixture-world.ts) builds on it, and bench/rest-differential.ts runs them
// outside vitest.
import type { TestServer } from "./test-server";

export interface TestUser {
  cookie: string;
  apiKey: string;
  userId: string;
  orgId: string;
  email: string;
}

let counter = 0;

/** Signs up a new user (owner of a new organization) and creates an organization API token. */
export async function signUpUser(server: TestServer, name = "Owner"): Promise<TestUser> {
  const email = `user${++counter}-${Date.now()}@example.com`;
  const res = await server.request("POST", "/api/auth/signup", { body: { email, password: "correct horse", name } });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${res.text}`);
  const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0]!;
  const orgId = res.body.organization._id as string;
  const token = await server.request("POST", `/api/organizations/${orgId}/tokens`, { cookie, body: { name: "test" } });
  if (token.status !== 201) throw new Error(`token failed: ${token.status} ${token.text}`);
  return { cookie, apiKey: token.body.token, userId: res.body.user._id, orgId, email };
}
