// "Sign-in providers" on the account screen: each identity provider the server offers, either
// linked (with the e-mail it gave) or with a "Link" button. The button is a plain link to the
// start route with `link=true` (docs/sign-in-with-oidc.md, "Linking"): the browser leaves for the
// provider and comes back to this screen with the same session.
import { useQuery } from "@tanstack/react-query";
import { queries } from "../api/queries";
import { errorMessage } from "../api/trpc";
import { ErrorMessage } from "../components/ui";
import { providerStartHref, useProviders } from "./provider-buttons";

export function linkHref(startUrl: string): string {
  const href = providerStartHref(startUrl, { returnTo: "/account" });
  const url = new URL(href, location.origin);
  url.searchParams.set("link", "true");
  return url.origin === location.origin ? url.pathname + url.search : url.href;
}

export function LinkedProviders() {
  const providers = useProviders();
  const identities = useQuery(queries.auth.identities.queryOptions({}));
  const items = providers.data?.items ?? [];
  // Nothing to link while the server offers no provider.
  if (items.length === 0) return null;
  const linked = new Map((identities.data?.items ?? []).map((i) => [i.provider, i]));
  return (
    <section className="panel" aria-labelledby="providers-title">
      <h2 id="providers-title">Sign-in providers</h2>
      <p className="hint">Link a provider to sign in to this account with it. The provider's e-mail need not match yours.</p>
      <ErrorMessage error={identities.error ? errorMessage(identities.error) : null} />
      {identities.isPending ? (
        <p role="status">Loading providers…</p>
      ) : (
        <ul className="linked-providers">
          {items.map((p) => {
            const identity = linked.get(p.id);
            return (
              <li key={p.id} data-provider={p.id}>
                <span className="provider-name">{p.name}</span>
                {identity ? (
                  <span className="badge linked-badge">Linked as {identity.email}</span>
                ) : (
                  <a className="provider-button" href={linkHref(p.startUrl)}>
                    {`Link ${p.name}`}
                  </a>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
