// Finishing an authorization-code flow at the callback: the state must match the browser's cookie
// and a live OidcLoginRequest (which is deleted on use, so a state works once); openid-client
// redeems the code with the PKCE verifier and validates the ID token (signature by the provider's
// published keys, issuer, audience, expiry, nonce). The verified e-mail then goes through the
// account rules (oidc-account.ts). Every refusal is an OidcLoginRefused and creates nothing.
import { timingSafeEqual } from "node:crypto";
import * as client from "openid-client";
import type { SystemContext } from "../../context";
import { sha256 } from "../../shared/secrets";
import type { SignedIn } from "../sign-up";
import { linkProviderAccount, type OidcNotice, signInWithProviderAccount } from "./oidc-account";
import { isEmailDomainAllowed, type OidcProviderConfig, oidcRedirectUri } from "./oidc-providers";
import { OidcLoginRefused } from "./oidc-refusal";
import { isSafeLocalPath } from "./start-oidc-login";

export interface FinishOidcLoginInput {
  /** The callback's query string as received (`?code=…&state=…&iss=…`). */
  search: string;
  /** The state the browser-binding cookie holds (undefined when the browser sent none). */
  browserState: string | undefined;
  /** The user of the browser's current session, if any: a linking flow must finish in it. */
  sessionUserId?: string;
  userAgent?: string;
  ipAddress?: string;
}

export type FinishedOidcLogin =
  | (SignedIn & {
      kind: "signed-in";
      /** Where to send the browser: the flow's same-origin returnTo, or `/`. */
      returnTo: string;
      notices: OidcNotice[];
    })
  | {
      /** A flow started from "Your account": the provider is now linked; no new session. */
      kind: "linked";
      userId: string;
      returnTo: string;
    };

type CodedError = Error & { code?: string; error?: string; cause?: unknown };

/** The error and its causes (openid-client wraps oauth4webapi's specific error as `cause`). */
function causesOf(error: CodedError): CodedError[] {
  const chain: CodedError[] = [];
  for (let e: unknown = error; e instanceof Error && chain.length < 5; e = (e as CodedError).cause) chain.push(e as CodedError);
  return chain;
}

/** oauth4webapi's error for an ID token whose JWS signature does not verify. */
function isSignatureFailure(error: CodedError): boolean {
  return causesOf(error).some((e) => e.code === "OAUTH_JWS_SIGNATURE_VERIFICATION_FAILED" || /signature/i.test(e.message));
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Claims the account rules need, from the ID token (or the userinfo endpoint when it lacks the e-mail). */
interface ProviderAccount {
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string | null;
}

function stringClaim(claims: Record<string, unknown>, name: string): string | null {
  const value = claims[name];
  return typeof value === "string" && value.trim() ? value.trim() : null;
}

function displayNameOf(claims: Record<string, unknown>): string | null {
  const full = [stringClaim(claims, "given_name"), stringClaim(claims, "family_name")].filter(Boolean).join(" ");
  return stringClaim(claims, "name") ?? (full || null) ?? stringClaim(claims, "preferred_username");
}

async function providerAccountOf(
  configuration: client.Configuration,
  tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers,
): Promise<ProviderAccount> {
  const idClaims = tokens.claims();
  if (!idClaims) throw new OidcLoginRefused("oidc_failed", "the token response held no ID token");
  let source: Record<string, unknown> = idClaims;
  if (typeof idClaims.email !== "string") {
    // Some providers put the e-mail only in userinfo; the subject must be the ID token's.
    try {
      source = await client.fetchUserInfo(configuration, tokens.access_token, idClaims.sub);
    } catch (error) {
      throw new OidcLoginRefused("oidc_failed", `userinfo request failed: ${(error as Error).message}`);
    }
  }
  const email = stringClaim(source, "email")?.toLowerCase() ?? "";
  // Some providers send the boolean as a string.
  const verified = source.email_verified === true || source.email_verified === "true";
  return {
    subject: idClaims.sub,
    email,
    emailVerified: verified && /^[^\s@]+@[^\s@]+$/.test(email),
    name: displayNameOf(source) ?? displayNameOf(idClaims as Record<string, unknown>),
  };
}

export async function finishOidcLogin(
  ctx: SystemContext,
  provider: OidcProviderConfig,
  input: FinishOidcLoginInput,
): Promise<FinishedOidcLogin> {
  const params = new URLSearchParams(input.search);
  const state = params.get("state");
  if (!state || params.getAll("state").length !== 1) throw new OidcLoginRefused("oidc_state", "the callback carries no single state");
  if (!input.browserState || !sameSecret(state, input.browserState)) {
    throw new OidcLoginRefused("oidc_state", "the state does not match this browser's sign-in cookie");
  }
  const request = await ctx.db.prisma.oidcLoginRequest.findUnique({ where: { stateHash: sha256(state) } });
  if (!request) throw new OidcLoginRefused("oidc_state", "no sign-in was started with this state (or it was used already)");
  // Deleting is the single-use guard: of two concurrent callbacks with one state, one deletes the row.
  const deleted = await ctx.db.prisma.oidcLoginRequest.deleteMany({ where: { id: request.id } });
  if (deleted.count !== 1) throw new OidcLoginRefused("oidc_state", "the state was used already");
  if (request.expiresAt.getTime() <= Date.now()) throw new OidcLoginRefused("oidc_state", "the sign-in took too long");
  if (request.provider !== provider.id) throw new OidcLoginRefused("oidc_state", "the state belongs to another provider");

  let configuration: client.Configuration;
  let account: ProviderAccount;
  try {
    configuration = await ctx.runtime.oidcClients.of(provider);
    const currentUrl = new URL(oidcRedirectUri(ctx.config.publicUrl, provider.id));
    currentUrl.search = params.toString();
    const tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
      pkceCodeVerifier: request.codeVerifier,
      expectedState: state,
      expectedNonce: request.nonce,
      idTokenExpected: true,
    });
    account = await providerAccountOf(configuration, tokens);
  } catch (error) {
    if (error instanceof OidcLoginRefused) throw error;
    const e = error as CodedError;
    const reason = causesOf(e)
      .map((c) => [c.name, c.code, c.error, c.message].filter(Boolean).join(": "))
      .join(" <- ");
    throw new OidcLoginRefused("oidc_failed", reason, isSignatureFailure(e) ? "id token signature invalid" : undefined);
  }

  if (!account.emailVerified) {
    throw new OidcLoginRefused("oidc_unverified_email", account.email ? "the provider has not verified the e-mail" : "no e-mail claim");
  }
  if (!isEmailDomainAllowed(provider, account.email)) {
    throw new OidcLoginRefused(
      "oidc_domain_not_allowed",
      `the domain ${account.email.slice(account.email.lastIndexOf("@") + 1)} is not in the allowed list`,
    );
  }
  // Checked again on the way out (a row stored before the start's check was tightened, or by
  // any other writer): the final Location is what must stay on this origin.
  const returnTo = request.returnTo && isSafeLocalPath(request.returnTo) ? request.returnTo : null;
  if (request.linkUserId) {
    if (input.sessionUserId !== request.linkUserId) {
      throw new OidcLoginRefused("oidc_state", "the linking flow was finished without the session of the person who started it");
    }
    await linkProviderAccount(ctx, provider, { userId: request.linkUserId, subject: account.subject, email: account.email });
    return { kind: "linked", userId: request.linkUserId, returnTo: returnTo ?? "/account" };
  }
  const signedIn = await signInWithProviderAccount(ctx, provider, {
    subject: account.subject,
    email: account.email,
    name: account.name,
    invitationTokenHash: request.invitationTokenHash,
    userAgent: input.userAgent,
    ipAddress: input.ipAddress,
  });
  return { ...signedIn, kind: "signed-in", returnTo: returnTo ?? "/" };
}
