// Type-level plumbing: each generated operation's input and output come from the routers
// (a type-only import of AppRouter), its positional arguments from its path template. A router
// change therefore breaks the SDK's type-check instead of drifting silently.

import type { AppRouter } from "@locale/api/router";
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { OPERATIONS } from "./generated/operations";

export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

/** Reads a nested property by a dotted path ("projects.create"). */
type AtPath<T, P extends string> = P extends `${infer Head}.${infer Rest}`
  ? Head extends keyof T
    ? AtPath<T[Head], Rest>
    : never
  : P extends keyof T
    ? T[P]
    : never;

export type Operations = typeof OPERATIONS;
export type OperationId = keyof Operations & string;

export type OperationInput<Id extends OperationId> = AtPath<RouterInputs, Id>;
export type OperationOutput<Id extends OperationId> = AtPath<RouterOutputs, Id>;

/** `"/projects/{projectId}/keys/{keyId}"` → `["projectId", "keyId"]`. */
export type PathParamNames<S extends string> = S extends `${string}{${infer Name}}${infer Rest}` ? [Name, ...PathParamNames<Rest>] : [];

type ParamNamesOf<Id extends OperationId> = PathParamNames<Operations[Id]["path"]>;
type Positional<Names extends string[]> = { [I in keyof Names]: string };

/** What is left of the input once the path parameters are given positionally. */
export type RestInput<Id extends OperationId> = Omit<NonNullable<OperationInput<Id>>, ParamNamesOf<Id>[number]>;

type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** Trailing options object: optional when every remaining field is optional. */
// biome-ignore lint/complexity/noBannedTypes: `{} extends R` is the test for "every field optional"
type TrailingArg<R> = keyof R extends never ? [] : {} extends R ? [input?: Simplify<R>] : [input: Simplify<R>];

export type OperationArgs<Id extends OperationId> = [...Positional<ParamNamesOf<Id>>, ...TrailingArg<RestInput<Id>>, options?: CallOptions];

export interface CallOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export type OperationMethod<Id extends OperationId> = (...args: OperationArgs<Id>) => Promise<OperationOutput<Id>>;

/** Item type of a paginated response (`{data: T[], meta}`), or never. */
export type PageItem<Out> = Out extends { data: (infer T)[]; meta: { totalPages: number } } ? T : never;

type PageArgs<Id extends OperationId> = [
  ...Positional<ParamNamesOf<Id>>,
  ...TrailingArg<Omit<RestInput<Id>, "page">>,
  options?: CallOptions,
];

export type ListAllMethod<Id extends OperationId> = (...args: PageArgs<Id>) => AsyncIterableIterator<PageItem<OperationOutput<Id>>>;

type DomainOf<Id extends string> = Id extends `${infer D}.${string}` ? D : never;
type Capitalized<S extends string> = S extends `${infer F}${infer R}` ? `${Uppercase<F>}${R}` : S;
type JoinCamel<S extends string> = S extends `${infer H}.${infer R}` ? `${H}${Capitalized<JoinCamel<R>>}` : S;
/** "keys.list" → "list"; "translations.history.list" → "historyList". */
export type MethodNameOf<Id extends string> = Id extends `${string}.${infer M}` ? JoinCamel<M> : never;

type IsPaginated<Id extends OperationId> = [PageItem<OperationOutput<Id>>] extends [never] ? false : true;

export type DomainClient<D extends string> = {
  [Id in OperationId as DomainOf<Id> extends D ? MethodNameOf<Id> : never]: OperationMethod<Id>;
} & {
  [Id in OperationId as DomainOf<Id> extends D
    ? IsPaginated<Id> extends true
      ? `${MethodNameOf<Id>}All`
      : never
    : never]: ListAllMethod<Id>;
};

export type Domains = DomainOf<OperationId>;

/** `client.<domain>.<method>` for every generated operation. */
export type GeneratedClient = { [D in Domains]: DomainClient<D> };

/** The operation id serving a route, or never while no procedure serves it. */
export type OperationIdByRoute<M extends string, P extends string> = {
  [Id in OperationId]: Operations[Id] extends { method: M; path: P } ? Id : never;
}[OperationId];

/** The router's output type for a route, or `Fallback` while no procedure serves it. */
export type RouteOutput<M extends string, P extends string, Fallback> = [OperationIdByRoute<M, P>] extends [never]
  ? Fallback
  : OperationOutput<OperationIdByRoute<M, P>>;
