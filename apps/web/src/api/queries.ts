// TanStack Query options derived from the api's router: a procedure's cache key is its path plus
// its input, so no screen writes a key by hand and an invalidation names the procedure (or a
// router, or a procedure with part of its input) it refreshes. The shape follows tRPC's own
// `@trpc/tanstack-react-query` (`queryOptions`, `queryKey`, `pathFilter`); that package is not
// used because its releases pin `@trpc/server` to an older version than ours.
import type { QueryFilters, QueryKey } from "@tanstack/react-query";
import { trpc } from "./trpc";

type Client = typeof trpc;

/** A query key: the procedure's path, then its input (absent in a router's or procedure's filter). */
export type ProcedureKey = readonly [readonly string[], { input?: unknown }?];

interface ProcedureKeys<I> {
  /** The key of this procedure called with `input`. */
  queryKey(input: I): ProcedureKey;
  /** Every cached call of this procedure, or those whose input holds these values. */
  pathFilter(input?: Partial<I>): QueryFilters & { queryKey: QueryKey };
}

interface QueryProcedure<I, O> extends ProcedureKeys<I> {
  /** `useQuery` options: the key and a function that calls the procedure. */
  queryOptions(input: I): { queryKey: ProcedureKey; queryFn: () => Promise<O> };
}

interface MutationProcedure<I, O> extends ProcedureKeys<I> {
  /** `useQuery` options for a mutation that only reads (a check sent as POST because it takes long text). */
  readOptions(input: I): { queryKey: ProcedureKey; queryFn: () => Promise<O> };
}

interface RouterOptions {
  /** Every cached call of every procedure under this router. */
  pathFilter(): QueryFilters & { queryKey: QueryKey };
}

type Input<A extends unknown[]> = A extends [] ? undefined : A[0];

type Node<T> = T extends { query: (...args: infer A) => Promise<infer O> }
  ? QueryProcedure<Input<A>, O>
  : T extends { mutate: (...args: infer A) => Promise<infer O> }
    ? MutationProcedure<Input<A>, O>
    : T extends object
      ? { [K in keyof T as K extends string ? K : never]: Node<T[K]> } & RouterOptions
      : never;

export type Queries = Node<Client>;

// The client is itself a proxy that answers any path, so which verb to call is the caller's word
// (`queryOptions` or `readOptions`), checked by the types above.
function call(path: readonly string[], verb: "query" | "mutate", input: unknown): Promise<unknown> {
  let target: unknown = trpc;
  for (const segment of path) target = (target as Record<string, unknown>)[segment];
  return (target as Record<typeof verb, (i: unknown) => Promise<unknown>>)[verb](input);
}

function keyOf(path: readonly string[], input: unknown): ProcedureKey {
  return input === undefined ? [path] : [path, { input }];
}

function node(path: readonly string[]): unknown {
  return new Proxy(
    {},
    {
      get(_target, prop) {
        if (typeof prop !== "string") return undefined;
        switch (prop) {
          case "queryKey":
            return (input: unknown) => keyOf(path, input);
          case "queryOptions":
            return (input: unknown) => ({ queryKey: keyOf(path, input), queryFn: () => call(path, "query", input) });
          case "readOptions":
            return (input: unknown) => ({ queryKey: keyOf(path, input), queryFn: () => call(path, "mutate", input) });
          case "pathFilter":
            return (input?: unknown) => ({ queryKey: keyOf(path, input) });
          default:
            return node([...path, prop]);
        }
      },
    },
  );
}

/** `queries.projects.get.queryOptions({ id })`, `qc.invalidateQueries(queries.projects.pathFilter())`. */
export const queries = node([]) as Queries;
