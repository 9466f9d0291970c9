// The signed-in session and its permissions (from the server's role/scope table via auth.me).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext } from "react";
import { queries } from "./queries";
import { httpStatusOf, type RouterOutputs, trpc } from "./trpc";

export type Me = RouterOutputs["auth"]["me"];
export type Permission = Me["permissions"][number];

const SessionContext = createContext<Me | null>(null);

export function useMeQuery() {
  return useQuery({
    // Signed out is an answer (null), not an error.
    queryKey: queries.auth.me.queryKey({}),
    queryFn: async () => {
      try {
        return await trpc.auth.me.query({});
      } catch (e) {
        if (httpStatusOf(e) === 401) return null;
        throw e;
      }
    },
    staleTime: 60_000,
  });
}

export function SessionProvider({ me, children }: { me: Me; children: ReactNode }) {
  return <SessionContext.Provider value={me}>{children}</SessionContext.Provider>;
}

export function useSession(): Me {
  const me = useContext(SessionContext);
  if (!me) throw new Error("useSession outside a signed-in screen");
  return me;
}

/** Whether the caller's role allows an action (the server still checks every request). */
export function useCan(): (p: Permission) => boolean {
  const me = useSession();
  return (p) => me.permissions.includes(p);
}

export function useRefreshSession() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries(queries.auth.me.pathFilter());
}
