// Starting an authorization-code flow: PKCE (S256), state and nonce are made here and kept in an
// OidcLoginRequest row (the state only as its hash), so any api replica can finish the flow. The
// caller binds the returned `state` to the browser with a short-lived cookie.
import * as client from "openid-client";
import type { SystemContext } from "../../context";
import { badRequest } from "../../errors/app-error";
import { sha256 } from "../../shared/secrets";
import { type OidcProviderConfig, oidcRedirectUri } from "./oidc-providers";
import { OidcLoginRefused } from "./oidc-refusal";

/** How long a started sign-in may take at the provider. */
export const OIDC_LOGIN_TTL_MS = 10 * 60 * 1000;
export const OIDC_SCOPES = "openid email profile";
const MAX_RETURN_TO = 2048;

export interface StartOidcLoginInput {
  /** Where the browser goes after signing in: a path of this service (default `/`). */
  returnTo?: string;
  /** An invitation token: the sign-in accepts that invitation. */
  invitationToken?: string;
  /** The signed-in person linking this provider to their account (docs/sign-in-with-oidc.md "Linking"). */
  linkUserId?: string;
}

export interface StartedOidcLogin {
  authorizationUrl: string;
  /** The raw state: for the browser-binding cookie only. */
  state: string;
  expiresAt: Date;
}

/**
 * `value` as a same-origin path of the service (path, query, fragment), or null when absent.
 * Anything that could leave the origin (`//host`, `/\host`, a scheme, control characters) is a 400.
 * The check is made on the normalised result, which is what the browser will be sent to: dot
 * segments (`/.//host`, `/a/..//host`, `/%2e//host`) can turn a path into `//host`, which a
 * browser reads as another site.
 */
export function sameOriginPath(publicUrl: string, value: string | undefined): string | null {
  if (value === undefined || value === "") return null;
  const bad = (message: string) => badRequest(`returnTo: ${message}`, [{ path: "returnTo", message }]);
  if (value.length > MAX_RETURN_TO) throw bad(`must be at most ${MAX_RETURN_TO} characters`);
  const notAPath = () => bad("must be a path of this service, starting with a single /");
  if (!value.startsWith("/") || value.startsWith("//") || /[\\\u0000-\u001f\u007f]/.test(value)) throw notAPath();
  const base = new URL(publicUrl);
  const url = new URL(value, base);
  const path = url.pathname + url.search + url.hash;
  if (url.origin !== base.origin || !isSafeLocalPath(path)) throw notAPath();
  return path;
}

/** A Location every browser reads as a path of this origin: one leading `/`, never `//` or `/\`. */
export function isSafeLocalPath(path: string): boolean {
  return path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\") && !/[\u0000-\u001f\u007f]/.test(path);
}

export async function startOidcLogin(
  ctx: SystemContext,
  provider: OidcProviderConfig,
  input: StartOidcLoginInput,
): Promise<StartedOidcLogin> {
  const returnTo = sameOriginPath(ctx.config.publicUrl, input.returnTo);
  let invitationTokenHash: string | null = null;
  if (input.invitationToken !== undefined) {
    invitationTokenHash = sha256(input.invitationToken);
    const invitation = await ctx.db.prisma.invitation.findUnique({ where: { tokenHash: invitationTokenHash } });
    if (!invitation || invitation.acceptedAt || invitation.expiresAt.getTime() <= Date.now()) {
      throw badRequest("invitation: unknown, already used or expired", [
        { path: "invitation", message: "unknown, already used or expired" },
      ]);
    }
  }

  let configuration: client.Configuration;
  try {
    configuration = await ctx.runtime.oidcClients.of(provider);
  } catch (error) {
    throw new OidcLoginRefused("oidc_failed", `discovery of ${provider.issuer} failed: ${(error as Error).message}`);
  }
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const expiresAt = new Date(Date.now() + OIDC_LOGIN_TTL_MS);
  const authorizationUrl = client.buildAuthorizationUrl(configuration, {
    redirect_uri: oidcRedirectUri(ctx.config.publicUrl, provider.id),
    scope: OIDC_SCOPES,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
    state,
    nonce,
  });
  // Abandoned flows are cleaned up opportunistically: one indexed delete per start.
  await ctx.db.prisma.oidcLoginRequest.deleteMany({ where: { expiresAt: { lt: new Date() } } });
  await ctx.db.prisma.oidcLoginRequest.create({
    data: {
      stateHash: sha256(state),
      provider: provider.id,
      codeVerifier,
      nonce,
      returnTo,
      invitationTokenHash,
      linkUserId: input.linkUserId ?? null,
      expiresAt,
    },
  });
  return { authorizationUrl: authorizationUrl.href, state, expiresAt };
}
