// Who is calling: resolved once per request (API key or session) and passed to every service,
// so permissions and activity attribution never reach back into HTTP.
import type { Role } from "@locale/db";
import type { Scope } from "./scopes";

export interface Actor {
  userId: string;
  userName: string;
  organizationId: string;
  /** The member's current role (a token acts with its creator's current role). */
  role: Role;
  via: "session" | "token";
  /** Token scopes; null = everything the role allows. Always null for sessions. */
  scopes: Scope[] | null;
  tokenId?: string;
  /** Set for tokens that expire: a token may not mint one that outlives it. */
  tokenExpiresAt?: Date;
  sessionId?: string;
  /** Set for project tokens: the only project this actor can see. */
  projectId?: string;
}
