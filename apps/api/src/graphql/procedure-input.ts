// GraphQL mutations validate their arguments with the REST procedure's own zod input, so both
// surfaces accept and reject exactly the same values (trimming, lengths, enums, date formats)
// and answer the same field-naming messages (BAD_USER_INPUT with `issues`).
import { validationError } from "@locale/core";
import { appRouter } from "../routers";
import { procedureInputs, proceduresOf } from "../trpc/procedure-internals";

const procedures: Record<string, unknown> = proceduresOf(appRouter);

/** Parses `raw` with the input schema of the procedure at `path` (e.g. "keys.create"). */
export function parseProcedureInput<T>(path: string, raw: Record<string, unknown>): T {
  const procedure = procedures[path];
  if (!procedure) throw new Error(`GraphQL refers to an unknown procedure "${path}"`);
  // GraphQL null means "not given" for optional arguments; zod's optional() wants undefined.
  let value: unknown = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== null && v !== undefined));
  for (const parser of procedureInputs(procedure)) {
    const result = parser.safeParse(value);
    if (!result.success) throw validationError(result.error.issues);
    value = result.data;
  }
  return value as T;
}
