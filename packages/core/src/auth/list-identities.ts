// GET /auth/identities: the identity providers linked to the signed-in person's account, for the
// account screen's "Link" buttons (docs/sign-in-with-oidc.md, "Linking"). A session only, like
// the session list: an API key acts for its creator but is not the person.
import type { ServiceContext } from "../context";
import { iso, isoOrNull } from "../shared/dates";
import { sessionIdOf } from "./session-record";

export interface IdentityRecord {
  /** The configured provider's id. */
  provider: string;
  /** The e-mail the provider last gave for this account. */
  email: string;
  linkedAt: string;
  lastLoginAt: string | null;
}

export async function listIdentities(ctx: ServiceContext): Promise<{ items: IdentityRecord[] }> {
  sessionIdOf(ctx);
  const rows = await ctx.db.prisma.userIdentity.findMany({
    where: { userId: ctx.actor.userId },
    orderBy: [{ provider: "asc" }, { createdAt: "asc" }],
  });
  return {
    items: rows.map((r) => ({ provider: r.provider, email: r.email, linkedAt: iso(r.createdAt), lastLoginAt: isoOrNull(r.lastLoginAt) })),
  };
}
