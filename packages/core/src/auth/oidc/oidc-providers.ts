// The OpenID Connect providers a deployment signs in with, read from the environment:
// OIDC_PROVIDERS=<id>,<id> and per provider OIDC_<ID>_ISSUER, _CLIENT_ID, _CLIENT_SECRET, _NAME
// (display name, default the id), _ALLOWED_DOMAINS (optional, comma-separated) and _LINK_BY_EMAIL
// (`true`: a verified e-mail of an existing account signs in as that account). A bad value
// stops start-up with a message naming the variable.

export interface OidcProviderConfig {
  /** Lower-case id used in URLs (`/api/auth/oidc/<id>/...`) and in Session.method (`oidc:<id>`). */
  id: string;
  /** Shown on the sign-in page: "Sign in with <name>". */
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Lower-case e-mail domains allowed to sign in; empty = any domain. */
  allowedDomains: string[];
  /**
   * Whether a verified e-mail at this provider signs in as the existing account with that e-mail
   * (linking it). Off by default: the account's owner links the provider while signed in.
   */
  linkByEmail: boolean;
}

const ID_PATTERN = /^[a-z0-9][a-z0-9_-]{0,39}$/;
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** `OIDC_<ID>_<FIELD>`: the id upper-cased, `-` written as `_`. */
export function oidcVariable(id: string, field: string): string {
  return `OIDC_${id.toUpperCase().replace(/-/g, "_")}_${field}`;
}

function issuerOf(value: string, variable: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${variable}: must be a URL (the provider's issuer, e.g. https://sso.example.com/realms/main)`);
  }
  // Client secret, codes and tokens travel to the issuer: plain http only to this machine.
  if (url.protocol !== "https:" && !(url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname))) {
    throw new Error(`${variable}: must be an https URL (plain http is allowed for localhost only)`);
  }
  if (url.search || url.hash) throw new Error(`${variable}: must not carry a query or fragment`);
  // Kept exactly as written: the discovery document's `issuer` must equal it character for character.
  return value;
}

/** Parses the providers; throws an Error naming each bad variable. */
export function oidcProvidersFromEnv(env: Record<string, string | undefined>): OidcProviderConfig[] {
  const ids = (env.OIDC_PROVIDERS ?? "")
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const problems: string[] = [];
  const providers: OidcProviderConfig[] = [];
  const seen = new Set<string>();
  for (const id of ids) {
    if (!ID_PATTERN.test(id)) {
      problems.push(`OIDC_PROVIDERS: "${id}" is not a valid id (letters, digits, "-" and "_", at most 40)`);
      continue;
    }
    if (seen.has(id)) {
      problems.push(`OIDC_PROVIDERS: "${id}" is listed twice`);
      continue;
    }
    seen.add(id);
    const read = (field: string) => env[oidcVariable(id, field)]?.trim() ?? "";
    const missing = ["ISSUER", "CLIENT_ID", "CLIENT_SECRET"].filter((f) => !read(f)).map((f) => oidcVariable(id, f));
    if (missing.length > 0) {
      for (const variable of missing) problems.push(`${variable}: required because OIDC_PROVIDERS lists "${id}"`);
      continue;
    }
    let issuer: string;
    try {
      issuer = issuerOf(read("ISSUER"), oidcVariable(id, "ISSUER"));
    } catch (error) {
      problems.push((error as Error).message);
      continue;
    }
    const allowedDomains = read("ALLOWED_DOMAINS")
      .split(",")
      .map((d) => d.trim().toLowerCase().replace(/^@/, ""))
      .filter(Boolean);
    const badDomain = allowedDomains.find((d) => !/^[a-z0-9.-]+$/.test(d) || d.startsWith(".") || d.endsWith("."));
    if (badDomain) {
      problems.push(`${oidcVariable(id, "ALLOWED_DOMAINS")}: "${badDomain}" is not a domain name`);
      continue;
    }
    const linkByEmail = read("LINK_BY_EMAIL").toLowerCase();
    if (!["", "true", "false"].includes(linkByEmail)) {
      problems.push(`${oidcVariable(id, "LINK_BY_EMAIL")}: must be true or false`);
      continue;
    }
    providers.push({
      id,
      name: read("NAME") || id,
      issuer,
      clientId: read("CLIENT_ID"),
      clientSecret: read("CLIENT_SECRET"),
      allowedDomains,
      linkByEmail: linkByEmail === "true",
    });
  }
  if (problems.length > 0) throw new Error(problems.join("\n"));
  return providers;
}

/** The redirect URI to register at the provider. */
export function oidcRedirectUri(publicUrl: string, providerId: string): string {
  return `${publicUrl.replace(/\/+$/, "")}/api/auth/oidc/${providerId}/callback`;
}

/** Whether the e-mail's domain may sign in with this provider. */
export function isEmailDomainAllowed(provider: OidcProviderConfig, email: string): boolean {
  if (provider.allowedDomains.length === 0) return true;
  const domain = email.slice(email.lastIndexOf("@") + 1).toLowerCase();
  return provider.allowedDomains.includes(domain);
}
