// Type-level plumbing: each generated operation's input and output come from the OpenAPI
// document's types (generated/openapi.ts, written by openapi-typescript), its positional
// arguments from its path template. The published declarations therefore need nothing from the
// server; a router change reaches them through `pnpm --filter @locale/sdk generate` (a test fails
// while the generated files are stale).

import type { operations } from "./generated/openapi";
import type { OPERATIONS } from "./generated/operations";

export type Operations = typeof OPERATIONS;
export type OperationId = keyof Operations & string;

/** The document's description of an operation (parameters, request body, responses). */
export type OperationDoc<Id extends OperationId> = Operations[Id]["operationId"] extends keyof operations
  ? operations[Operations[Id]["operationId"]]
  : never;

type Simplify<T> = { [K in keyof T]: T[K] } & {};
type EmptyObject = Record<never, never>;
/** An object part of the input, or nothing when the document has none (`never`/`undefined`). */
type Part<T> = [NonNullable<T>] extends [never] ? EmptyObject : NonNullable<T> extends object ? NonNullable<T> : EmptyObject;
type JsonBody<R> = NonNullable<R> extends { content: { "application/json": infer B } } ? B : never;
type ParamsIn<P, Where extends "path" | "query"> = P extends { [K in Where]?: infer X } ? X : never;

/** Path parameters, query parameters and JSON body of an operation, as one object. */
export type OperationInput<Id extends OperationId> =
  OperationDoc<Id> extends { parameters: infer P }
    ? Simplify<
        Part<ParamsIn<P, "path">> &
          Part<ParamsIn<P, "query">> &
          Part<JsonBody<OperationDoc<Id> extends { requestBody?: infer R } ? R : never>>
      >
    : never;

type SuccessStatus = 200 | 201 | 202 | 204;
type SuccessBody<Responses> = {
  [S in SuccessStatus & keyof Responses]: Responses[S] extends { content: { "application/json": infer B } } ? B : undefined;
}[SuccessStatus & keyof Responses];

/** The JSON body of an operation's success response (`undefined` for 204). */
export type OperationOutput<Id extends OperationId> = OperationDoc<Id> extends { responses: infer R } ? SuccessBody<R> : never;

/** `"/projects/{projectId}/keys/{keyId}"` → `["projectId", "keyId"]`. */
export type PathParamNames<S extends string> = S extends `${string}{${infer Name}}${infer Rest}` ? [Name, ...PathParamNames<Rest>] : [];

type ParamNamesOf<Id extends OperationId> = PathParamNames<Operations[Id]["path"]>;
type Positional<Names extends string[]> = { [I in keyof Names]: string };

/** What is left of the input once the path parameters are given positionally. */
export type RestInput<Id extends OperationId> = Omit<OperationInput<Id>, ParamNamesOf<Id>[number]>;

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

/** Inputs and outputs by domain and method name, e.g. `Inputs["keys"]["create"]`. */
export type Inputs = { [D in Domains]: { [Id in OperationId as DomainOf<Id> extends D ? MethodNameOf<Id> : never]: OperationInput<Id> } };
export type Outputs = { [D in Domains]: { [Id in OperationId as DomainOf<Id> extends D ? MethodNameOf<Id> : never]: OperationOutput<Id> } };

/** The operation id serving a route, or never while no procedure serves it. */
export type OperationIdByRoute<M extends string, P extends string> = {
  [Id in OperationId]: Operations[Id] extends { method: M; path: P } ? Id : never;
}[OperationId];

/** The output type for a route, or `Fallback` while no procedure serves it. */
export type RouteOutput<M extends string, P extends string, Fallback> = [OperationIdByRoute<M, P>] extends [never]
  ? Fallback
  : OperationOutput<OperationIdByRoute<M, P>>;
