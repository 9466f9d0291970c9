// Which error statuses an operation documents, and with which body. The OpenAPI adapter writes
// its own `{message, code}` errors for a fixed set of statuses; the server sends ErrorBody
// (docs/api-rules.md, "Errors") and its statuses follow from how a request travels: every operation validates
// input (400), protected ones check credentials (401) and permissions (403), unsafe ones pass
// the CSRF guard (403), path ids may be unknown (404), bodies have a size limit (413) and the
// adapter wants JSON (415), and every request spends from a rate limit (429). Statuses that come from the domain (409 duplicates and archived
// projects, 401 on a wrong password) are declared next to the procedure: `meta.errors`.
// Every operation may answer 503 and 507 (the database or the disk failing, not the request).
// Not documented: 500 (a bug, never part of the contract) and Node's own body-less 431 for
// oversized headers, which no operation's handler ever sees.

/** Statuses a procedure (or plain route) answers beyond the rules below, with why. */
export type DeclaredErrors = Partial<Record<400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 502 | 503, string>>;

export interface OperationFacts {
  method: string;
  /** OpenAPI path, `{param}` form. */
  path: string;
  /** Needs credentials (an API key or a session). */
  protected: boolean;
  /** Served by the OpenAPI adapter (it refuses non-JSON bodies with 415). */
  adapter: boolean;
  declared: DeclaredErrors;
}

const BODY_METHODS = new Set(["post", "put", "patch", "delete"]);
const UNSAFE_METHODS = new Set(["post", "put", "patch", "delete"]);

/**
 * Writes that load their project for writing (core's loadProject `forWrite`), which an archived
 * project refuses with 409: its settings and languages, keys (and their comments), translations,
 * imports, AI batches, pre-translations and project webhooks. Tokens, single AI suggestions and archive/restore are not.
 */
const ARCHIVED_PROJECT_WRITES: { methods: string[]; path: RegExp }[] = [
  { methods: ["patch"], path: /^\/projects\/\{id\}$/ },
  { methods: ["post", "delete"], path: /^\/projects\/\{id\}\/languages(\/|$)/ },
  { methods: ["post", "put", "patch", "delete"], path: /^\/projects\/\{projectId\}\/keys(\/|$)/ },
  { methods: ["post", "put", "patch"], path: /^\/projects\/\{projectId\}\/translations\// },
  { methods: ["post"], path: /^\/projects\/\{projectId\}\/import$/ },
  { methods: ["post"], path: /^\/projects\/\{projectId\}\/ai\/translate\/batch(\/start)?$/ },
  { methods: ["post"], path: /^\/projects\/\{projectId\}\/pretranslate$/ },
  { methods: ["post", "patch"], path: /^\/projects\/\{projectId\}\/webhooks(\/\{id\})?$/ },
  { methods: ["post", "put", "delete"], path: /^\/projects\/\{projectId\}\/screenshots(\/|$)/ },
  { methods: ["post", "delete"], path: /^\/projects\/\{projectId\}\/(releases|delivery)(\/|$)/ },
];

interface StatusRule {
  status: number;
  description: string;
  applies(op: OperationFacts): boolean;
}

const RULES: StatusRule[] = [
  {
    status: 400,
    description: "Invalid input: `issues` names each offending field (also malformed JSON and text the service cannot store)",
    applies: () => true,
  },
  { status: 401, description: "No, invalid, revoked or expired credentials", applies: (op) => op.protected },
  {
    status: 403,
    description: "The role or the API key's scopes do not allow this",
    applies: (op) => op.protected,
  },
  {
    status: 403,
    description: "A session-cookie request from another site (CSRF guard)",
    applies: (op) => UNSAFE_METHODS.has(op.method),
  },
  {
    status: 404,
    description: "An id in the path is unknown, belongs to another organization, or lies outside a project token's project",
    applies: (op) => /\{\w+\}/.test(op.path),
  },
  {
    status: 409,
    description: "The project is archived (read-only until restored)",
    applies: (op) => ARCHIVED_PROJECT_WRITES.some((w) => w.methods.includes(op.method) && w.path.test(op.path)),
  },
  { status: 413, description: "The request body is over the size limit (MAX_BODY_BYTES)", applies: (op) => BODY_METHODS.has(op.method) },
  {
    status: 415,
    description: "The request body is not `application/json`",
    applies: (op) => op.adapter && op.method !== "delete" && BODY_METHODS.has(op.method),
  },
  // Every operation reads or writes the database (and some write temporary files): see
  // docs/operations.md for what happens while the database is away or the disk is full, and
  // docs/imports-on-pglite.md for the embedded database's busy answer.
  {
    status: 429,
    description: "The caller's rate limit is spent (per API key, signed-in user or client address; docs/api-rules.md)",
    applies: () => true,
  },
  {
    status: 503,
    description:
      "The database is unreachable or restarting (or out of connections), or the embedded database (PGlite) stayed busy past `DB_TRANSACTION_MAX_WAIT_MS` (a long import holds its one transaction), or the import queue is full; nothing was applied, `Retry-After` says when to retry",
    applies: () => true,
  },
  {
    status: 507,
    description: "The database's or the server's disk is full; nothing was changed. `Retry-After` says when to retry",
    applies: () => true,
  },
];

/** Status → description of every error the operation can answer, in status order. */
export function errorStatusesOf(op: OperationFacts): Map<number, string> {
  const out = new Map<number, string[]>();
  const add = (status: number, text: string) => out.set(status, [...(out.get(status) ?? []), text]);
  for (const rule of RULES) if (rule.applies(op)) add(rule.status, rule.description);
  for (const [status, text] of Object.entries(op.declared)) if (text) add(Number(status), text);
  return new Map([...out.entries()].sort(([a], [b]) => a - b).map(([status, texts]) => [status, texts.join(". ")]));
}

const ERROR_BODY_REF = "#/components/schemas/ErrorBody";
const VALIDATION_ERROR_BODY_REF = "#/components/schemas/ValidationErrorBody";

/** Every 429, 503 and 507 says when to come back (the sign-in throttle's blocks, docs/accounts.md; a database that is away or busy, docs/operations.md and docs/imports-on-pglite.md; a full disk). */
const RETRY_AFTER_HEADER = {
  "Retry-After": { description: "Seconds until the request may be made again", required: true, schema: { type: "integer", minimum: 1 } },
};

/** The OpenAPI response object of one error status. */
export function errorResponse(status: number, description: string): Record<string, unknown> {
  const ref = status === 400 ? VALIDATION_ERROR_BODY_REF : ERROR_BODY_REF;
  return {
    description,
    ...(status === 429 || status === 503 || status === 507 ? { headers: RETRY_AFTER_HEADER } : {}),
    content: { "application/json": { schema: { $ref: ref } } },
  };
}
