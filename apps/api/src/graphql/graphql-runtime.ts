// The graphql-js instance Pothos and yoga use. Under Node they load graphql's CommonJS build
// (graphql 16 has no "exports" map), while a bundler such as vitest resolves the ESM build for
// our own imports; graphql-js refuses to mix the two ("from another module or realm"). Values
// that meet the schema (errors, printing) therefore come from this one instance.
import { createRequire } from "node:module";

export const graphqlRuntime = createRequire(import.meta.url)("graphql") as typeof import("graphql");
