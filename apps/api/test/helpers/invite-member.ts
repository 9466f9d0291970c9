// Adds a member with a given role to an organization the black-box way: the owner (or an admin)
// invites through the API, the invitee accepts the link's token and gets a session and a token.
import type { TestServer } from "./test-server";

export interface TestMember {
  cookie: string;
  userId: string;
  email: string;
  /** An organization API key created by this member (acts with the member's current role). */
  apiKey?: string;
}

let counter = 0;

export function tokenOfInviteUrl(inviteUrl: string): string {
  const token = new URL(inviteUrl).searchParams.get("token");
  if (!token) throw new Error(`no token in ${inviteUrl}`);
  return token;
}

export async function addMember(
  server: TestServer,
  inviter: { cookie: string },
  role: "admin" | "developer" | "translator" | "reviewer",
  options: { name?: string; withApiKey?: boolean } = {},
): Promise<TestMember> {
  const email = `member${++counter}-${role}-${Date.now()}@example.com`;
  const invite = await server.request("POST", "/api/organizations/current/members/invite", {
    cookie: inviter.cookie,
    body: { email, role },
  });
  if (invite.status !== 201) throw new Error(`invite failed: ${invite.status} ${invite.text}`);
  const accept = await server.request("POST", "/api/auth/accept-invite", {
    body: { token: tokenOfInviteUrl(invite.body.inviteUrl), name: options.name ?? `Member ${role}`, password: "member password" },
  });
  if (accept.status !== 200) throw new Error(`accept failed: ${accept.status} ${accept.text}`);
  const cookie = (accept.headers.get("set-cookie") ?? "").split(";")[0]!;
  const member: TestMember = { cookie, userId: accept.body.user._id, email };
  if (options.withApiKey) {
    const token = await server.request("POST", "/api/organizations/current/tokens", { cookie, body: { name: `${role} key` } });
    if (token.status !== 201) throw new Error(`token failed: ${token.status} ${token.text}`);
    member.apiKey = token.body.token;
  }
  return member;
}
