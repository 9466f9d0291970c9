// Issue 32, items 4 and 7: what one tenant's heavy requests do to everyone else. The api runs as a
// child process on PGlite (memory://); this runner keeps asking GET /health and, as another tenant,
// GET (and POST) on its own project while each attack runs, and prints their latencies (p50, p99,
// max), the attack's answers and time, and the api's peak RSS growth (VmHWM over idle RSS).
//   pnpm --filter @locale/api exec tsx bench/event-loop-attacks.bench.ts
//   API_DIR=/path/to/other/checkout/apps/api ...   measures another checkout's api (before a change)
//   IMPORT_KEYS=50000 (keys per import, 3 at once), TM_LONG=20000 (characters of the long entries)
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { type Api, memoryOf, startApi } from "./api-process";

const IMPORT_KEYS = Number(process.env.IMPORT_KEYS ?? 50_000);
const TM_LONG = Number(process.env.TM_LONG ?? 20_000);

function text(length: number, seed: number): string {
  let x = seed;
  let out = "";
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    out += String.fromCharCode(97 + (x % 26));
  }
  return out;
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
const ms = (n: number) => `${Math.round(n)} ms`;

/** A request; a connection the server dropped (its keep-alive timer firing late) is status 0. */
async function call(api: Api, method: string, url: string, o: { key?: string; body?: unknown; raw?: string } = {}) {
  const res = await fetch(api.url + url, {
    method,
    headers: { ...(o.key ? { "x-api-key": o.key } : {}), "content-type": "application/json" },
    body: o.raw ?? (o.body === undefined ? undefined : JSON.stringify(o.body)),
  }).catch((err: { cause?: { code?: string } }) => err);
  if (!(res instanceof Response)) return { status: 0, body: `connection error ${res.cause?.code ?? ""}`, retryAfter: null };
  const textBody = await res.text();
  let body: any = textBody;
  try {
    body = JSON.parse(textBody);
  } catch {}
  return { status: res.status, body, retryAfter: res.headers.get("retry-after") };
}

let users = 0;
async function signUp(api: Api) {
  const email = `bench${++users}-${Date.now()}@example.com`;
  const res = await fetch(`${api.url}/api/auth/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "correct horse", name: "Bench" }),
  });
  const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0]!;
  const orgId = ((await res.json()) as any).organization._id as string;
  const token = await fetch(`${api.url}/api/organizations/${orgId}/tokens`, {
    method: "POST",
    headers: { cookie, "content-type": "application/json" },
    body: JSON.stringify({ name: "bench" }),
  });
  if (token.status !== 201) throw new Error(`token: ${token.status} ${await token.text()}`);
  return { key: ((await token.json()) as any).token as string, orgId };
}

async function project(api: Api, key: string) {
  return (await call(api, "POST", "/api/projects", { key, body: { name: "p", sourceLanguage: "en", targetLanguages: ["de"] } })).body
    ._id as string;
}

/** An approved translation of a `source` text: the TM entry the issue's attacker stores. */
async function approvedEntry(api: Api, key: string, projectId: string, name: string, source: string) {
  const k = (await call(api, "POST", `/api/projects/${projectId}/keys`, { key, body: { key: name } })).body._id;
  await call(api, "PUT", `/api/projects/${projectId}/keys/${k}/translations/en`, { key, body: { value: source } });
  await call(api, "PUT", `/api/projects/${projectId}/keys/${k}/translations/de`, { key, body: { value: `de ${name}` } });
  const approved = await call(api, "PATCH", `/api/projects/${projectId}/keys/${k}/translations/de/status`, {
    key,
    body: { status: "approved" },
  });
  if (approved.status !== 200) throw new Error(`approve: ${approved.status} ${JSON.stringify(approved.body)}`);
}

/** Runs `attack` while /health and a bystander tenant are asked in loops; prints what each saw. */
async function underAttack(api: Api, name: string, bystander: { key: string; projectId: string }, attack: () => Promise<string>) {
  const idle = await memoryOf(api.child.pid!);
  let running = true;
  const health: number[] = [];
  const reads: number[] = [];
  const writes: number[] = [];
  const statuses = new Map<string, number>();
  const count = (s: string) => statuses.set(s, (statuses.get(s) ?? 0) + 1);
  const healthLoop = async () => {
    while (running) {
      const t = performance.now();
      const res = await call(api, "GET", "/health");
      if (res.status !== 200) count(`health ${res.status}`);
      health.push(performance.now() - t); // sent during the attack, however late its answer
    }
  };
  const bystanderLoop = async () => {
    for (let i = 0; running; i++) {
      const t = performance.now();
      const read = await call(api, "GET", `/api/projects/${bystander.projectId}/keys?limit=5`, { key: bystander.key });
      reads.push(performance.now() - t);
      count(`read ${read.status}`);
      const w = performance.now();
      const write = await call(api, "POST", `/api/projects/${bystander.projectId}/keys`, {
        key: bystander.key,
        body: { key: `${name}-${i}` },
      });
      writes.push(performance.now() - w);
      count(`write ${write.status}${write.retryAfter ? ` (Retry-After ${write.retryAfter})` : ""}`);
    }
  };
  const started = performance.now();
  const loops = Promise.all([healthLoop(), bystanderLoop()]);
  const outcome = await attack().finally(() => {
    running = false;
  });
  const took = performance.now() - started;
  await loops;
  const peak = await memoryOf(api.child.pid!);
  health.sort((a, b) => a - b);
  reads.sort((a, b) => a - b);
  writes.sort((a, b) => a - b);
  console.log(`\n## ${name}`);
  console.log(`attack: ${outcome}; ${ms(took)}; api RSS ${idle.rssMb.toFixed(0)} MB before, peak ${peak.hwmMb.toFixed(0)} MB`);
  console.log(
    `/health: ${health.length} asked during the attack, p50 ${ms(quantile(health, 0.5))}, p99 ${ms(quantile(health, 0.99))}, max ${ms(health.at(-1) ?? Number.NaN)}`,
  );
  console.log(
    `other tenant's read: ${reads.length} asked during the attack, p50 ${ms(quantile(reads, 0.5))}, p99 ${ms(quantile(reads, 0.99))}, max ${ms(reads.at(-1) ?? Number.NaN)}`,
  );
  console.log(
    `other tenant's write: ${writes.length} asked, p50 ${ms(quantile(writes, 0.5))}, max ${ms(writes.at(-1) ?? Number.NaN)}; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
  );
}

async function main() {
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}; api from ${process.env.API_DIR ?? "this checkout"}`,
  );
  const dataDir = await mkdtemp(path.join(tmpdir(), "bench-event-loop-"));
  const api = await startApi({ DATABASE_URL: "memory://", DATA_DIR: dataDir, WORKER_MODE: "embedded" });
  try {
    const attacker = await signUp(api);
    const bystanderUser = await signUp(api);
    const bystander = { key: bystanderUser.key, projectId: await project(api, bystanderUser.key) };

    // ONLY=imports skips the TM attacks.
    if (process.env.ONLY !== "imports") await tmAttacks(api, attacker, bystander);
    await importAttack(api, attacker, bystander);
  } finally {
    await api.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

type User = { key: string; orgId: string };
type Bystander = { key: string; projectId: string };

async function tmAttacks(api: Api, attacker: User, bystander: Bystander) {
  // Item 4: four approved long sources, then long searches with minSimilarity 1 (no languages).
  const tmProject = await project(api, attacker.key);
  for (let i = 0; i < 4; i++) await approvedEntry(api, attacker.key, tmProject, `long${i}`, text(TM_LONG, 11 + i));
  const gql = (sourceText: string) =>
    call(api, "POST", "/graphql", {
      key: attacker.key,
      body: { query: "query($s: String!) { tmSearch(sourceText: $s, minSimilarity: 1) { similarity } }", variables: { s: sourceText } },
    });
  await underAttack(api, `GraphQL tmSearch, ${TM_LONG}-character sourceText, 4 entries of ${TM_LONG}`, bystander, async () => {
    const res = await gql(text(TM_LONG, 5));
    return `${res.status} ${JSON.stringify(res.body).slice(0, 140)}`;
  });
  await underAttack(api, `GraphQL tmSearch, 10,000-character sourceText, 4 entries of ${TM_LONG}`, bystander, async () => {
    const res = await gql(text(10_000, 6));
    return `${res.status} ${JSON.stringify(res.body).slice(0, 140)}`;
  });
  // A long search within the budget: three 10,000-character entries of another organization.
  const second = await signUp(api);
  const secondProject = await project(api, second.key);
  for (let i = 0; i < 3; i++) await approvedEntry(api, second.key, secondProject, `mid${i}`, text(10_000, 40 + i));
  await underAttack(api, "REST TM search, 10,000 characters against 3 entries of 10,000 (within the budget)", bystander, async () => {
    const res = await call(api, "GET", `/api/organizations/current/tm/search?minSimilarity=1&sourceText=${text(10_000, 7)}`, {
      key: second.key,
    });
    return `${res.status} ${Array.isArray(res.body) ? `${res.body.length} matches` : JSON.stringify(res.body).slice(0, 140)}`;
  });
}

async function importAttack(api: Api, attacker: User, bystander: Bystander) {
  // Item 7: three concurrent large imports by one tenant.
  const targets = [await project(api, attacker.key), await project(api, attacker.key), await project(api, attacker.key)];
  const file = (n: number) =>
    JSON.stringify(Object.fromEntries(Array.from({ length: IMPORT_KEYS }, (_, k) => [`f${n}.k${k}`, `Value ${k} of file ${n}`])));
  const files = targets.map((_, n) => file(n));
  await underAttack(api, `3 concurrent imports of ${IMPORT_KEYS} keys`, bystander, async () => {
    const t0 = performance.now();
    const results = await Promise.all(
      targets.map((p, n) =>
        call(api, "POST", `/api/projects/${p}/import/en?format=json-flat`, { key: attacker.key, raw: files[n] }).then(
          (r) => `${r.status}${r.status === 200 ? "" : ` ${JSON.stringify(r.body).slice(0, 80)}`} at ${ms(performance.now() - t0)}`,
        ),
      ),
    );
    return results.join(", ");
  });
}

await main();
