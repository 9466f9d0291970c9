// The sentences the sign-in page shows for `/sign-in?error=<code>`, where the identity-provider
// callback sends a refused sign-in. Each says what happened and what the person can do about it.
// Keyed by core's own list of codes (a dependency-free module), so a new code fails the type
// check until it has a sentence here.
import type { OidcRefusalCode } from "@locale/core/browser";

const SENTENCES: Record<OidcRefusalCode, string> = {
  oidc_state:
    "The sign-in with your identity provider could not be matched to this browser (it took too long, or was started in another browser or tab). Please try again.",
  oidc_failed:
    "Signing in with your identity provider did not complete (it was declined there, or its answer could not be verified). Please try again.",
  oidc_unverified_email:
    "Your identity provider did not give a verified e-mail address, so it cannot be used to sign in here. Verify your e-mail address with the provider, then try again.",
  oidc_domain_not_allowed:
    "Accounts with your e-mail domain may not sign in with this provider. Use an allowed account, or sign in with your password.",
  oidc_signup_closed:
    "There is no account with this e-mail address, and new accounts can only be created through an invitation. Ask an administrator of your organization to invite you.",
  oidc_unknown_provider: "This sign-in provider is not configured on this server. Choose another way to sign in.",
  oidc_account_exists:
    "An account with this e-mail address already exists. Sign in with your password, then link this provider from “Your account”.",
  oidc_already_linked: "This provider account is already linked to another account here, so it cannot be linked to yours.",
  oidc_organization_full: "The organization that invited you has no seat left. Ask its administrator to free one or raise the quota.",
};

/** The sentence for an error code from the address bar; a general one for a code we do not know. */
export function signInErrorSentence(code: string): string {
  return (
    (SENTENCES as Record<string, string>)[code] ??
    "Signing in with your identity provider did not work. Please try again, or sign in with your password."
  );
}
