// Where a `?next=` (or any returned-to path) may send the browser: a path of this origin, judged
// after the URL parser has normalised it — dot segments (`/.//host`, `/a/..//host`, `/%2e//host`)
// can turn a path that starts with one "/" into `//host`, another site. The server applies the
// same rule to the identity-provider flow's `returnTo` (docs/sign-in-with-oidc.md).
export function sameOriginPath(value: string | null | undefined, origin: string = location.origin): string {
  if (!value?.startsWith("/") || /[\\\u0000-\u001f\u007f]/.test(value)) return "/";
  const url = new URL(value, origin);
  const path = url.pathname + url.search + url.hash;
  return url.origin === origin && !path.startsWith("//") && !path.startsWith("/\\") ? path : "/";
}
