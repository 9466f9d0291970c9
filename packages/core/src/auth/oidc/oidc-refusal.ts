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
  "oidc_account_exists",
  "oidc_already_linked",
  "oidc_organization_full",
] as const;

export type OidcRefusalCode = (typeof OIDC_REFUSAL_CODES)[number];

/**
 * Refusals an operator looks for get a log line of their own (`oidc <event>`, e.g.
 * `oidc id token signature invalid`), besides the code: docs/sign-in-with-oidc.md "Logs".
 */
export type OidcLogEvent = "id token signature invalid" | "account blocked" | "address blocked";

export class OidcLoginRefused extends Error {
  constructor(
    readonly code: OidcRefusalCode,
    /** For the server log: what went wrong, without secrets. */
    readonly reason: string,
    readonly event?: OidcLogEvent,
  ) {
    super(`${code}: ${reason}`);
    this.name = "OidcLoginRefused";
  }
}
