// The certified client library (openid-client) configured per provider: discovery once per
// process (kept by its CoreRuntime while it works, retried after a failure), ID-token signatures checked against the
// provider's published keys (enableNonRepudiationChecks; the key set is cached in the
// configuration and re-read when an unknown key id shows up), plain http only for a loopback
// issuer (the configuration refuses any other http issuer).
import * as client from "openid-client";
import type { OidcProviderConfig } from "./oidc-providers";

const DISCOVERY_TIMEOUT_SECONDS = 10;
function cacheKey(p: OidcProviderConfig): string {
  return JSON.stringify([p.id, p.issuer, p.clientId, p.clientSecret]);
}

/** The configurations one process discovered (held by its CoreRuntime, never by this module). */
export class OidcClients {
  private readonly cache = new Map<string, Promise<client.Configuration>>();

  /** The provider's client configuration (discovered on first use). */
  of(provider: OidcProviderConfig): Promise<client.Configuration> {
    const key = cacheKey(provider);
    const cache = this.cache;
    let configuration = cache.get(key);
    if (!configuration) {
      const issuer = new URL(provider.issuer);
      const execute = [client.enableNonRepudiationChecks];
      if (issuer.protocol === "http:") execute.push(client.allowInsecureRequests);
      configuration = client.discovery(issuer, provider.clientId, undefined, client.ClientSecretBasic(provider.clientSecret), {
        execute,
        timeout: DISCOVERY_TIMEOUT_SECONDS,
      });
      cache.set(key, configuration);
      // A provider that was down must not stay broken until a restart.
      const made = configuration;
      made.catch(() => {
        if (cache.get(key) === made) cache.delete(key);
      });
    }
    return configuration;
  }

  /** Providers discovered or being discovered (tests). */
  get size(): number {
    return this.cache.size;
  }
}
