// The typed client of the api's AppRouter (a type-only import: a server change that breaks a
// screen fails `pnpm typecheck`). Same origin, so the session cookie and CSRF rules just work.
import type { AppRouter } from "@locale/api/router";
import { createTRPCClient, httpLink, TRPCClientError } from "@trpc/client";
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";

export const trpc = createTRPCClient<AppRouter>({
  links: [httpLink({ url: "/trpc", fetch: (url, init) => fetch(url, { ...(init as RequestInit), credentials: "same-origin" }) })],
});

export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

/** The server's documented error body travels in the tRPC error shape; show its message. */
export function errorMessage(error: unknown): string {
  if (error instanceof TRPCClientError) {
    const body = (error.shape as { appBody?: { message?: string; issues?: { path: string; message: string }[] } } | undefined)?.appBody;
    if (body?.issues?.length) return body.issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join("; ");
    return body?.message ?? error.message;
  }
  if (error instanceof Error) return error.message;
  return String(error);
}

export function httpStatusOf(error: unknown): number | undefined {
  if (error instanceof TRPCClientError) return (error.data as { httpStatus?: number } | undefined)?.httpStatus;
  return undefined;
}
