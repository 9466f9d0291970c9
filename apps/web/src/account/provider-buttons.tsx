// "Sign in with <name>" for each identity provider the server has configured (auth.providers).
// They are plain links: the start route answers with a redirect to the provider, so the browser
// must leave the application. `returnTo` (a same-origin path) is where the callback lands after
// a successful sign-in; `invitation` is an invitation token the sign-in accepts on the way.
import { useQuery } from "@tanstack/react-query";
import { queries } from "../api/queries";

export function useProviders() {
  return useQuery({ ...queries.auth.providers.queryOptions({}), staleTime: 5 * 60_000 });
}

export function providerStartHref(startUrl: string, options: { returnTo?: string | null; invitation?: string | null }): string {
  const url = new URL(startUrl, location.origin);
  if (options.returnTo && options.returnTo !== "/") url.searchParams.set("returnTo", options.returnTo);
  if (options.invitation) url.searchParams.set("invitation", options.invitation);
  return url.origin === location.origin ? url.pathname + url.search : url.href;
}

/** Nothing at all while no provider is configured; `divider` introduces the form that follows. */
export function ProviderButtons({
  returnTo,
  invitation,
  verb = "Sign in",
  divider,
}: {
  returnTo?: string | null;
  invitation?: string | null;
  verb?: string;
  divider?: string;
}) {
  const providers = useProviders();
  const items = providers.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <>
      <ul className="providers">
        {items.map((p) => (
          <li key={p.id}>
            <a className="provider-button" href={providerStartHref(p.startUrl, { returnTo, invitation })}>
              {verb} with {p.name}
            </a>
          </li>
        ))}
      </ul>
      {divider && (
        <p className="divider">
          <span>{divider}</span>
        </p>
      )}
    </>
  );
}
