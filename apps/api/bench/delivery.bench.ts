// Public delivery under load (docs/delivery.md): cached requests per second of the compiled api
// serving a release file, against a floor in the same run — a static node:http server holding the
// same bytes (bench/delivery-floor-server.ts). Both are loaded alike by autocannon (10
// connections, Accept-Encoding: br, numbered and `latest` paths alternating), in alternating
// rounds after a warm-up. Then: how long after a release's POST answers the api serves it at
// `latest` (publish → served), five times.
// Besides requests/s (which a machine loaded by others moves a lot), each server's CPU time per
// request is read from /proc (utime + stime over the round), which that load moves far less.
//   pnpm --filter @locale/api build && pnpm --filter @locale/api bench:delivery
//   ROUNDS=<n> SECONDS=<s>          rounds per server and their length (default 3 × 10 s)
//   PROFILE_DIR=<dir>               --cpu-prof for the api (and the floor, into <dir>/floor);
//                                   summarise with bench/cpu-profile-summary.ts
//   BASELINE_DIST=<dir>             also load another build's main.js (e.g. a copy of main's dist)
//                                   as "api (baseline)", in the same alternation
import { mkdtemp, writeFile } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { UNREACHED_RATE_LIMITS } from "../test/helpers/unreached-rate-limits";
import { cpuMsOf, freePort, loadAverage, median, startProcess, stopProcess } from "./process-load";

const KEYS = Number(process.env.KEYS ?? 300);
const SECONDS = Number(process.env.SECONDS ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const PROFILE_DIR = process.env.PROFILE_DIR;
const BASELINE_DIST = process.env.BASELINE_DIST;

async function call(base: string, method: string, p: string, body: unknown, auth: Record<string, string>) {
  const res = await fetch(`${base}/api${p}`, {
    method,
    headers: { "content-type": "application/json", ...auth },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${p}: ${res.status} ${text}`);
  return { body: JSON.parse(text), headers: res.headers };
}

/** The bytes as sent (fetch would decode a Content-Encoding). */
function raw(url: string, encoding: string): Promise<{ etag: string; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": encoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ etag: String(res.headers.etag), bytes: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

async function load(url: string, pid: number, paths: string[], seconds: number) {
  const cpuBefore = cpuMsOf(pid);
  const result = await autocannon({
    url,
    connections: 10,
    duration: seconds,
    workers: 1,
    headers: { "accept-encoding": "gzip, deflate, br" },
    requests: paths.map((p) => ({ method: "GET" as const, path: p })),
  });
  const cpuMs = cpuMsOf(pid) - cpuBefore;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
    requests: result.requests.total,
    cpuMs,
  };
}

type Load = Awaited<ReturnType<typeof load>>;
/** CPU µs per request over all rounds (clock ticks are 10 ms; a round serves ~10⁵ requests). */
const cpuUsPerRequest = (ls: Load[]) => (ls.reduce((n, l) => n + l.cpuMs, 0) * 1000) / ls.reduce((n, l) => n + l.requests, 0);

interface Seeded {
  project: { _id: string };
  auth: Record<string, string>;
  paths: string[];
}

/** An account, a project with KEYS keys in en and de, and its first release of de. */
async function seed(api: string): Promise<Seeded> {
  const signup = await call(api, "POST", "/auth/signup", { email: "bench@example.com", password: "correct horse", name: "Bench" }, {});
  const cookie = { cookie: (signup.headers.get("set-cookie") ?? "").split(";")[0]! };
  const token = (await call(api, "POST", `/organizations/${signup.body.organization._id}/tokens`, { name: "bench" }, cookie)).body.token;
  const auth = { "x-api-key": token };
  const project = (await call(api, "POST", "/projects", { name: "Delivery", sourceLanguage: "en", targetLanguages: ["de"] }, auth)).body;
  const file = (word: string) =>
    JSON.stringify(
      Object.fromEntries(Array.from({ length: KEYS }, (_, i) => [`screen${i % 20}.label${i}`, `${word} number ${i}, {count}`])),
    );
  for (const [language, word] of [
    ["en", "Label"],
    ["de", "Beschriftung"],
  ]) {
    await call(api, "POST", `/projects/${project._id}/import`, { language, format: "json-flat", content: file(word!) }, auth);
  }
  const release = (await call(api, "POST", `/projects/${project._id}/releases`, { statuses: ["translated"], languages: ["de"] }, auth))
    .body;
  const delivery = (await fetch(`${api}/api/projects/${project._id}/delivery`, { headers: auth }).then((r) => r.json())) as {
    baseUrl: string;
  };
  const base = new URL(delivery.baseUrl).pathname;
  return { project, auth, paths: [`${base}/${release.version}/de.json`, `${base}/latest/de.json`] };
}

interface Server {
  name: string;
  url: string;
  pid: number;
  paths: string[];
}

async function main() {
  const loads = [`start ${loadAverage()}`];
  const apiPort = await freePort();
  const api = `http://127.0.0.1:${apiPort}`;
  const profile = (sub: string) => (PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${path.join(PROFILE_DIR, sub)}`] : []);
  const apiEnv = {
    NODE_ENV: "production",
    DATABASE_URL: "memory://",
    HOST: "127.0.0.1",
    WORKER_MODE: "off",
    ...UNREACHED_RATE_LIMITS,
  };
  const apiChild = await startProcess([...profile("api"), "dist/main.js"], { ...apiEnv, PORT: String(apiPort) }, api, "/health");
  let floorChild: Awaited<ReturnType<typeof startProcess>> | undefined;
  let baselineChild: Awaited<ReturnType<typeof startProcess>> | undefined;
  try {
    const { project, auth, paths } = await seed(api);
    const identity = await raw(`${api}${paths[0]}`, "identity");
    const brotli = await raw(`${api}${paths[0]}`, "br");
    const dir = await mkdtemp(path.join(tmpdir(), "delivery-bench-"));
    await writeFile(path.join(dir, "de.json"), identity.bytes);
    await writeFile(path.join(dir, "de.json.br"), brotli.bytes);
    const floorPort = await freePort();
    const floor = `http://127.0.0.1:${floorPort}`;
    floorChild = await startProcess(
      [...profile("floor"), "--import", "tsx", "bench/delivery-floor-server.ts"],
      { PORT: String(floorPort), FILE: path.join(dir, "de.json"), BROTLI: path.join(dir, "de.json.br") },
      floor,
      "/",
    );
    const servers: Server[] = [
      { name: "api (delivery)", url: api, pid: apiChild.pid!, paths },
      { name: "floor (static node:http)", url: floor, pid: floorChild.pid!, paths },
    ];
    if (BASELINE_DIST) {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      baselineChild = await startProcess([path.resolve(BASELINE_DIST, "main.js")], { ...apiEnv, PORT: String(port) }, url, "/health");
      servers.push({ name: "api (baseline)", url, pid: baselineChild.pid!, paths: (await seed(url)).paths });
    }

    for (const s of servers) await load(s.url, s.pid, s.paths, 3);
    const rounds: Load[][] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const round: Load[] = [];
      for (const s of servers) round.push(await load(s.url, s.pid, s.paths, SECONDS));
      rounds.push(round);
      loads.push(`round ${r + 1} ${loadAverage()}`);
    }

    // Publish → served: the first `latest` answer with the new release's bytes after the POST answered.
    const lags: number[] = [];
    const keys = (await call(api, "GET", `/projects/${project._id}/keys?limit=1`, undefined, auth).catch(() => null))?.body;
    for (let i = 0; i < 5; i++) {
      await call(api, "PUT", `/projects/${project._id}/keys/${keys.data[0]._id}/translations/de`, { value: `Neu ${i}` }, auth);
      await call(api, "POST", `/projects/${project._id}/releases`, { statuses: ["translated"], languages: ["de"] }, auth);
      const posted = performance.now();
      for (;;) {
        const res = await fetch(`${api}${paths[1]}`, { headers: { "accept-encoding": "identity" } });
        if ((await res.text()).includes(`Neu ${i}`)) break;
      }
      lags.push(performance.now() - posted);
    }

    console.log(
      `\nPublic delivery, ${KEYS} keys (de.json ${identity.bytes.byteLength} B, brotli ${brotli.bytes.byteLength} B), ${new Date().toISOString()}`,
    );
    console.log(`load average: ${loads.join("; ")}\n`);
    console.log("| server | requests/s (median) | per round | CPU µs / request | p50 ms | p99 ms | errors |");
    console.log("| ------ | ------------------- | --------- | ---------------- | ------ | ------ | ------ |");
    const rps: number[] = [];
    const cpu: number[] = [];
    servers.forEach((s, i) => {
      const rs = rounds.map((r) => r[i]!);
      rps.push(median(rs.map((r) => r.rps)));
      cpu.push(cpuUsPerRequest(rs));
      console.log(
        `| ${s.name} | ${Math.round(rps[i]!)} | ${rs.map((r) => Math.round(r.rps)).join(", ")} | ${cpu[i]!.toFixed(1)} | ${median(rs.map((r) => r.p50))} | ${Math.max(...rs.map((r) => r.p99))} | ${rs.reduce((n, r) => n + r.errors, 0)} |`,
      );
    });
    const perRound = rounds.map((r) => (r[1]!.rps / r[0]!.rps).toFixed(2)).join(", ");
    console.log(
      `\nfloor / api: ${(rps[1]! / rps[0]!).toFixed(2)}× (per round ${perRound}); CPU per request api / floor: ${(cpu[0]! / cpu[1]!).toFixed(2)}×`,
    );
    if (BASELINE_DIST)
      console.log(
        `floor / baseline: ${(rps[1]! / rps[2]!).toFixed(2)}×; CPU per request baseline / floor: ${(cpu[2]! / cpu[1]!).toFixed(2)}×`,
      );
    console.log(`publish → served at latest (ms): ${lags.map((l) => l.toFixed(1)).join(", ")}; max ${Math.max(...lags).toFixed(1)}`);
  } finally {
    if (baselineChild) await stopProcess(baselineChild);
    if (floorChild) await stopProcess(floorChild);
    await stopProcess(apiChild);
  }
}

await main();
