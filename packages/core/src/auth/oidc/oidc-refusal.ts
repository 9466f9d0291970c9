// Why an OpenID Connect sign-in was refused. The code goes to the browser
// (`/sign-in?error=<code>`), the reason only to the server log; neither ever holds a code, token
// or state value.

export const OIDC_REFUSAL_CODES = [
  "oidc_state",
  "oidc_failed",
  "oidc_unverified_email",
  "oidc_domain_not_allowed",
  "oidc_signup_closed",
  "oidc_unknown_provider",
] as const;

export type OidcRefusalCode = (typeof OIDC_REFUSAL_CODES)[number];

export class OidcLoginRefused extends Error {
  constructor(
    readonly code: OidcRefusalCode,
    /** For the server log: what went wrong, without secrets. */
    readonly reason: string,
  ) {
    super(`${code}: ${reason}`);
    this.name = "OidcLoginRefused";
  }
}
