// A procedure whose answer a core mapper builds field by field (toProjectRecord, toKeyRecord,
// toTranslationRecord) need not be validated again against its output schema on every response:
// parsing a 200-item page with zod cost more than a third of what the page costs beyond the
// floor (BENCHMARKS.md, issue 14), and the output check was the largest part of zod's cost in a
// translation save and a key creation (issue 26, "The write path"). The schema stays the procedure's declared output (types, the
// OpenAPI document, the SDK); what it no longer does at run time is proved instead by
// test/trpc/mapped-output.test.ts, which parses real answers of these procedures strictly (no key
// missing, none extra, nothing transformed). Only for procedures whose resolver returns a
// mapper's result as it is: zod strips unknown keys, and without it nothing would.

import { dropOutputValidation } from "./procedure-internals";

/** Procedures marked with mappedOutput (the test lists them from here). */
export const MAPPED_OUTPUT = new Set<unknown>();

/** Removes the procedure's run-time output check; throws when it has none to remove. */
export function mappedOutput<P>(procedure: P): P {
  if (!dropOutputValidation(procedure)) throw new Error("mappedOutput: the procedure declares no output schema");
  MAPPED_OUTPUT.add(procedure);
  return procedure;
}
