// A real OpenID Connect provider for tests (an edge we do not own): oidc-provider, the certified
// Node implementation, on a loopback port, with its own login page (dev interactions: any
// password, the login is the account id) and a first-party grant (no consent screen).
// In front of it sits a small HTTP proxy, the issuer URL the service talks to. It forwards every
// request unchanged, except that a test can have the next token response's ID token altered and
// re-signed with the provider's own published key (a wrong nonce, an expiry in the past) or with
// a key the provider never published, to see the service refuse what a real provider could send.
import { createPrivateKey, generateKeyPairSync, type JsonWebKey, type KeyObject, sign } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider, { type Configuration } from "oidc-provider";

export interface TestAccount {
  email: string;
  email_verified: boolean;
  name?: string;
}

type Claims = Record<string, unknown>;

interface Tamper {
  change: (claims: Claims) => Claims;
  /** Sign with a key the provider does not publish (same key id). */
  foreignKey: boolean;
}

export interface TestIdp {
  /** The issuer URL (the proxy in front of the provider). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Accounts by login (= subject). */
  accounts: Map<string, TestAccount>;
  /** Environment variables configuring the service for this provider under `id`. */
  env(id: string, extra?: { name?: string; allowedDomains?: string }): Record<string, string>;
  /** Registers the service's redirect URIs (known once the service listens) and (re)starts the provider. */
  register(redirectUris: string[]): void;
  /** The next token response carries an ID token with these claim changes, re-signed. */
  tamperNextIdToken(change: (claims: Claims) => Claims, options?: { foreignKey?: boolean }): void;
  /** Number of token requests the provider answered (to prove a refused flow reached it). */
  tokenRequests(): number;
  /** Number of userinfo requests (the service asks only when the ID token lacks the e-mail). */
  userinfoRequests(): number;
  close(): Promise<void>;
}

const b64url = (data: Buffer | string) => Buffer.from(data).toString("base64url");

function resign(idToken: string, tamper: Tamper, key: KeyObject): string {
  const [header, payload] = idToken.split(".") as [string, string];
  const claims = tamper.change(JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Claims);
  const input = `${header}.${b64url(JSON.stringify(claims))}`;
  return `${input}.${b64url(sign("sha256", Buffer.from(input), key))}`;
}

function listen(server: http.Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)));
}

export interface TestIdpOptions {
  /**
   * Put the scopes' claims (e-mail, name) into the ID token, as Keycloak does. By default
   * oidc-provider conforms to the specification's default: with an access token issued, the ID
   * token carries `sub` only and the claims come from userinfo.
   */
  claimsInIdToken?: boolean;
}

export async function startTestIdp(options: TestIdpOptions = {}): Promise<TestIdp> {
  const clientId = "locale-test";
  const clientSecret = "test-client-secret-0123456789abcdef";
  const accounts = new Map<string, TestAccount>();
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const jwk = { ...(privateKey.export({ format: "jwk" }) as JsonWebKey), kid: "test-key", use: "sig", alg: "RS256" };
  const signingKey = createPrivateKey({ key: jwk as JsonWebKey, format: "jwk" });
  const foreignKey = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey;
  let tamper: Tamper | null = null;
  let tokenRequests = 0;
  let userinfoRequests = 0;

  // The provider itself listens on its own port; only the proxy knows it.
  let backendPort = 0;
  let provider: Provider | null = null;
  const backend = http.createServer((req, res) => {
    if (!provider) return void res.writeHead(503).end();
    provider.callback()(req, res);
  });
  backendPort = await listen(backend);

  const front = http.createServer((req, res) => {
    const isToken = req.method === "POST" && (req.url ?? "").startsWith("/token");
    if (isToken) tokenRequests++;
    if ((req.url ?? "").startsWith("/me")) userinfoRequests++;
    const altered = isToken ? tamper : null;
    if (altered) tamper = null;
    const upstream = http.request(
      { host: "127.0.0.1", port: backendPort, method: req.method, path: req.url, headers: req.headers },
      (up) => {
        if (!altered) {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        up.on("data", (c: Buffer) => chunks.push(c));
        up.on("end", () => {
          const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { id_token?: string };
          if (body.id_token) body.id_token = resign(body.id_token, altered, altered.foreignKey ? foreignKey : signingKey);
          const text = JSON.stringify(body);
          const headers = { ...up.headers, "content-length": String(Buffer.byteLength(text)) };
          delete headers.etag;
          res.writeHead(up.statusCode ?? 502, headers).end(text);
        });
      },
    );
    upstream.on("error", () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  const issuer = `http://127.0.0.1:${await listen(front)}`;

  function register(redirectUris: string[]): void {
    const configuration: Configuration = {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: redirectUris,
          grant_types: ["authorization_code"],
          response_types: ["code"],
          token_endpoint_auth_method: "client_secret_basic",
        },
      ],
      jwks: { keys: [jwk as never] },
      cookies: { keys: ["test-idp-cookie-key"] },
      ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
      pkce: { required: () => true },
      claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
      features: { devInteractions: { enabled: true } },
      conformIdTokenClaims: !options.claimsInIdToken,
      async findAccount(_ctx, sub) {
        const account = accounts.get(sub);
        if (!account) return undefined;
        return { accountId: sub, claims: async () => ({ sub, ...account }) };
      },
      // A first-party client: the person signs in, no consent screen.
      async loadExistingGrant(ctx) {
        const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
        if (grantId) return ctx.oidc.provider.Grant.find(grantId);
        const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId });
        grant.addOIDCScope("openid email profile");
        await grant.save();
        return grant;
      },
    };
    provider = new Provider(issuer, configuration);
  }

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    env(id, extra = {}) {
      const prefix = `OIDC_${id.toUpperCase().replace(/-/g, "_")}_`;
      const env: Record<string, string> = {
        [`${prefix}ISSUER`]: issuer,
        [`${prefix}CLIENT_ID`]: clientId,
        [`${prefix}CLIENT_SECRET`]: clientSecret,
      };
      if (extra.name) env[`${prefix}NAME`] = extra.name;
      if (extra.allowedDomains) env[`${prefix}ALLOWED_DOMAINS`] = extra.allowedDomains;
      return env;
    },
    register,
    tamperNextIdToken(change, options = {}) {
      tamper = { change, foreignKey: options.foreignKey ?? false };
    },
    tokenRequests: () => tokenRequests,
    userinfoRequests: () => userinfoRequests,
    async close() {
      for (const server of [front, backend]) {
        await new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeAllConnections();
      }
    },
  };
}

/** A cookie jar per host (enough for one browser talking to the service and the provider). */
export class CookieJar {
  private readonly cookies = new Map<string, Map<string, string>>();

  header(url: string): string {
    const jar = this.cookies.get(new URL(url).host);
    return jar ? [...jar.entries()].map(([k, v]) => `${k}=${v}`).join("; ") : "";
  }

  store(url: string, res: Response): void {
    const host = new URL(url).host;
    const jar = this.cookies.get(host) ?? new Map<string, string>();
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const at = pair!.indexOf("=");
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      const expired = attributes.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a) || /^\s*max-age=0\b/i.test(a));
      if (expired || value === "") jar.delete(name);
      else jar.set(name, value);
    }
    this.cookies.set(host, jar);
  }

  get(url: string, name: string): string | undefined {
    return this.cookies.get(new URL(url).host)?.get(name);
  }

  set(url: string, name: string, value: string): void {
    const host = new URL(url).host;
    const jar = this.cookies.get(host) ?? new Map<string, string>();
    jar.set(name, value);
    this.cookies.set(host, jar);
  }

  delete(url: string, name: string): void {
    this.cookies.get(new URL(url).host)?.delete(name);
  }
}

export interface Hop {
  url: string;
  status: number;
  location: string | null;
}

/**
 * A browser over HTTP: GETs `url` and follows redirects with its own cookie jar until a response
 * is not a redirect, or the next hop would leave for `stopAt` (returned unvisited).
 */
export async function follow(
  jar: CookieJar,
  url: string,
  options: { stopAt?: (url: string) => boolean; method?: string; body?: URLSearchParams } = {},
): Promise<{ hops: Hop[]; last: Response; url: string }> {
  const hops: Hop[] = [];
  let current = url;
  let method = options.method ?? "GET";
  let body: URLSearchParams | undefined = options.body;
  for (let i = 0; i < 20; i++) {
    const headers: Record<string, string> = {};
    const cookie = jar.header(current);
    if (cookie) headers.cookie = cookie;
    const res = await fetch(current, { method, headers, body, redirect: "manual" });
    jar.store(current, res);
    const location = res.headers.get("location");
    hops.push({ url: current, status: res.status, location });
    if (res.status < 300 || res.status >= 400 || !location) return { hops, last: res, url: current };
    await res.arrayBuffer();
    const next = new URL(location, current).href;
    if (options.stopAt?.(next)) return { hops, last: res, url: next };
    current = next;
    method = "GET";
    body = undefined;
  }
  throw new Error(`too many redirects from ${url}`);
}

/** Fills in and submits the provider's login page (its form posts the login and a password). */
export async function submitLogin(jar: CookieJar, loginPage: Response, pageUrl: string, login: string, stopAt?: (url: string) => boolean) {
  const html = await loginPage.text();
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no login form at ${pageUrl}: ${html.slice(0, 300)}`);
  const body = new URLSearchParams({ prompt: "login", login, password: "any password" });
  return follow(jar, new URL(action.replace(/&amp;/g, "&"), pageUrl).href, { method: "POST", body, stopAt });
}
