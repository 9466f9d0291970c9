// The fuzz loop: draws requests from the operations of the served OpenAPI document, the procedures
// of /trpc and the fields of the GraphQL schema (seeded, so a run can be repeated), sends them one
// at a time as either tenant, and records every answer that breaks the rules — a 5xx, no answer
// within the time limit, an error body not of the surface's documented shape, the other tenant's
// data, or a database that changed although the request was refused.
import fc from "fast-check";
import { seedGeneration } from "../fixture-world";
import type { TestServer } from "../test-server";
import { type ChangeLog, installChangeLog } from "./change-log";
import { graphqlRequestArb, graphqlSchemaOf } from "./graphql-requests";
import { type FuzzRequest, requestArb } from "./mutations";
import { type FuzzOperation, operationsOf } from "./openapi-operations";
import { leakedTraces } from "./response-checks";
import { closeRawAgent, type RawResult, sendRaw } from "./send-raw";
import { createTenant, type Tenant } from "./tenants";
import { type Surface, verdictOf } from "./transport-checks";
import { trpcProceduresOf, trpcRequestArb } from "./trpc-requests";

export type FindingType = "5xx" | "hang" | "bad-body" | "leak" | "unexplained-change" | "no-answer";

export interface Finding {
  type: FindingType;
  operation: string;
  kind: string;
  method: string;
  /** The request target, cut to a readable length. */
  target: string;
  tenant: string;
  status: number;
  detail: string;
}

export interface FuzzFigures {
  database: string;
  seed: number;
  requests: number;
  durationMs: number;
  operations: number;
  operationsReached: number;
  statusCounts: Record<string, number>;
  kindCounts: Record<string, number>;
  fiveXx: number;
  hangs: number;
  noAnswer: number;
  badBodies: number;
  leaks: number;
  unexplainedChanges: number;
  rejected: number;
  generations: number;
  slowestMs: number;
}

export interface FuzzOptions {
  seed: number;
  requests: number;
  /** Stop early (figures say how many were sent) once this much time has passed. */
  timeBudgetMs?: number;
  /** A request without an answer after this long is a hang. */
  hangMs?: number;
  /** Fresh records for both tenants every this many requests. */
  reseedEvery?: number;
  webhookUrl: string;
  database: string;
  /** Which APIs to fuzz (default REST only); requests are drawn evenly over their operations. */
  surfaces?: Surface[];
  onProgress?: (sent: number, figures: FuzzFigures) => void;
}

const shorten = (s: string, n = 160) => (s.length > n ? `${s.slice(0, n)}…(${s.length} chars)` : s);

/** Requests that end the tenant's cookie session when they succeed. */
const SIGN_OUTS = [
  "POST /auth/logout",
  "POST /auth/logout-everywhere",
  "trpc auth.logOut",
  "trpc auth.logOutEverywhere",
  "graphql mutation.logOutEverywhere",
];

export async function runFuzz(server: TestServer, options: FuzzOptions): Promise<{ figures: FuzzFigures; findings: Finding[] }> {
  const started = performance.now();
  const doc = await server.request("GET", "/api/openapi.json");
  if (doc.status !== 200) throw new Error(`openapi.json: ${doc.status}`);
  const operations: FuzzOperation[] = operationsOf(doc.body);
  const tenants: [Tenant, Tenant] = [
    await createTenant(server, "A", options.webhookUrl),
    await createTenant(server, "B", options.webhookUrl),
  ];
  const surfaces = options.surfaces ?? ["rest"];
  const restOperations = surfaces.includes("rest") ? operations : [];
  const procedures = surfaces.includes("trpc") ? trpcProceduresOf(operations) : [];
  const graphql = surfaces.includes("graphql") ? await graphqlSchemaOf(server, tenants[0].owner.apiKey) : null;
  const changeLog = await installChangeLog(server.db);
  const hangMs = options.hangMs ?? 10_000;
  const reseedEvery = options.reseedEvery ?? 400;
  const findings: Finding[] = [];
  const reached = new Set<string>();
  const figures: FuzzFigures = {
    database: options.database,
    seed: options.seed,
    requests: 0,
    durationMs: 0,
    operations: restOperations.length + procedures.length + (graphql?.fields.length ?? 0),
    operationsReached: 0,
    statusCounts: {},
    kindCounts: {},
    fiveXx: 0,
    hangs: 0,
    noAnswer: 0,
    badBodies: 0,
    leaks: 0,
    unexplainedChanges: 0,
    rejected: 0,
    generations: 1,
    slowestMs: 0,
  };
  const record = (type: FindingType, req: FuzzRequest, res: RawResult, detail: string) => {
    findings.push({
      type,
      operation: req.op.id,
      kind: req.kind,
      method: req.method,
      target: shorten(req.target),
      tenant: req.tenant.name,
      status: res.status,
      detail: shorten(detail, 400),
    });
  };

  // Arbitraries name the ids of the current generation: rebuilt after every reseed.
  const buildArb = () =>
    fc.oneof(
      ...restOperations.map((op) => requestArb(op, { tenants, webhookUrl: options.webhookUrl })),
      ...procedures.map((proc) => trpcRequestArb(proc, tenants, options.webhookUrl)),
      ...(graphql?.fields ?? []).map((field) => graphqlRequestArb(field, graphql!, tenants, options.webhookUrl)),
    );
  let arb = buildArb();
  // Seeding may leave writes that finish after its answers (the reply's notification, mails).
  let before = await settledPosition(changeLog);
  const deadline = options.timeBudgetMs ? started + options.timeBudgetMs : Number.POSITIVE_INFINITY;
  for (let i = 0; i < options.requests && performance.now() < deadline; i++) {
    if (i > 0 && i % reseedEvery === 0) {
      for (const t of tenants) await seedGeneration(server, t);
      figures.generations++;
      arb = buildArb();
      before = await settledPosition(changeLog);
    }
    const [req] = fc.sample(arb, { seed: options.seed + i, numRuns: 1 }) as [FuzzRequest];
    const res = await sendRaw(server.url, req, hangMs);
    figures.requests++;
    figures.slowestMs = Math.max(figures.slowestMs, res.ms);
    const statusClass = res.hung ? "hang" : res.status ? String(res.status) : "none";
    figures.statusCounts[statusClass] = (figures.statusCounts[statusClass] ?? 0) + 1;
    const mainKind = req.kind.split(" + ")[0]!;
    figures.kindCounts[mainKind] = (figures.kindCounts[mainKind] ?? 0) + 1;
    const verdict = verdictOf(req.surface ?? "rest", req.method, res, req.rootFields);
    if (verdict.accepted) reached.add(req.op.id);

    if (res.hung) {
      figures.hangs++;
      record("hang", req, res, `no answer within ${hangMs} ms`);
    } else if (res.status === 0) {
      figures.noAnswer++;
      record("no-answer", req, res, res.error ?? "connection closed without a response");
    }
    if (verdict.fiveXx) {
      figures.fiveXx++;
      record("5xx", req, res, res.text);
    }
    if (verdict.bodyProblem) {
      figures.badBodies++;
      record("bad-body", req, res, `${verdict.bodyProblem}: ${res.text}`);
    }
    const other = tenants[req.tenant === tenants[0] ? 1 : 0]!;
    const sent = `${req.target}\n${Object.values(req.headers).join("\n")}\n${req.body?.toString("utf8") ?? ""}`;
    const traces = leakedTraces(res, other, sent);
    if (verdict.accepted && req.namesOtherTenant) traces.push("a success for a request naming the other tenant's record");
    if (traces.length) {
      figures.leaks++;
      record("leak", req, res, `${traces.join("; ")}: ${res.text}`);
    }

    const after = await changeLog.position();
    const accepted = verdict.accepted;
    if (!accepted) {
      figures.rejected++;
      if (after !== before) {
        figures.unexplainedChanges++;
        record("unexplained-change", req, res, `rows changed: ${(await changeLog.changesSince(before)).join(", ")}`);
      }
    }
    before = after;
    if (accepted && ["POST /auth/password-reset", "trpc auth.requestPasswordReset"].includes(req.op.id)) {
      // The reset link is created and mailed after the answer: let that finish, so its rows are not
      // blamed on the next request.
      before = await settledPosition(changeLog);
    }
    if (accepted && SIGN_OUTS.includes(req.op.id) && req.headers.cookie) {
      // The tenant's session is gone: sign in again so cookie requests keep reaching the handlers.
      const login = await server.request("POST", "/api/auth/login", {
        body: { email: req.tenant.owner.email, password: req.tenant.ids.password },
      });
      if (login.status === 200) req.tenant.owner.cookie = (login.headers.get("set-cookie") ?? "").split(";")[0]!;
      before = await changeLog.position();
    }
    if (options.onProgress && (i + 1) % 500 === 0) options.onProgress(i + 1, figures);
  }
  closeRawAgent();
  figures.operationsReached = reached.size;
  figures.durationMs = Math.round(performance.now() - started);
  return { figures, findings };
}

/** The figures as a few readable lines (printed by the suite and by `pnpm fuzz`). */
export function formatFigures(f: FuzzFigures): string {
  const statuses = Object.entries(f.statusCounts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([s, n]) => `${s}×${n}`)
    .join(" ");
  const kinds = Object.entries(f.kindCounts)
    .sort(([, a], [, b]) => b - a)
    .map(([k, n]) => `${k}×${n}`)
    .join(", ");
  return [
    `fuzz on ${f.database}, seed ${f.seed}: ${f.requests} requests in ${(f.durationMs / 1000).toFixed(1)} s (${(f.requests / (f.durationMs / 1000)).toFixed(0)}/s), ${f.operations} operations (${f.operationsReached} answered 2xx at least once), ${f.generations} seed generations`,
    `  5xx ${f.fiveXx} · hangs ${f.hangs} · no answer ${f.noAnswer} · bad error bodies ${f.badBodies} · leaks ${f.leaks} · unexplained changes ${f.unexplainedChanges} (of ${f.rejected} rejected requests) · slowest ${Math.round(f.slowestMs)} ms`,
    `  statuses: ${statuses}`,
    `  mistakes: ${kinds}`,
  ].join("\n");
}

/** Findings grouped by type and operation, for a failure message a person can act on. */
export function formatFindings(findings: Finding[], perGroup = 3): string {
  const groups = new Map<string, Finding[]>();
  for (const f of findings) {
    const key = `${f.type} ${f.operation}`;
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  const lines: string[] = [];
  for (const [key, list] of groups) {
    lines.push(`${key} (${list.length}×)`);
    for (const f of list.slice(0, perGroup))
      lines.push(`    [${f.kind}] ${f.method} ${f.target} as ${f.tenant} → ${f.status}: ${f.detail}`);
  }
  return lines.join("\n");
}

/** The change log's position once it has not moved for 300 ms (at most 10 s). */
async function settledPosition(changeLog: ChangeLog): Promise<number> {
  let position = await changeLog.position();
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    const next = await changeLog.position();
    if (next === position) break;
    position = next;
  }
  return position;
}
