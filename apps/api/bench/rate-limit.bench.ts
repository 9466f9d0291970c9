// What the request rate limiter costs: the production bundle twice, side by side under the same
// load, once with the limiter (limits no bench key reaches, so every request passes the gate,
// spends a token and carries the RateLimit-* headers, and the buckets are exchanged with the
// database every 250 ms) and once with it off (RATE_LIMIT_*PER_MINUTE=0). Both answer the smallest
// authenticated requests, GET /api/projects/:id and GET /api/auth/me, with one API key; CPU per
// request (utime + stime) is compared slice by slice. Target: at most 5 % more with the limiter.
//   pnpm --filter @locale/api run bench:rate-limit     (DURATION=10 s per case, ROUNDS=5 slices)
// PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL): both processes share a fresh database;
// without it each process runs on its own in-memory database.
// On a loaded machine two identical processes can differ by more than 5 % (AA=1 shows it), so the
// limiter's own work is also timed in this process: the gate's steps for a request whose caller
// is known (a promise hop, a token from one of 1,000 buckets, three headers on a real
// ServerResponse), against the smallest request's CPU measured above. AA=1 runs both without the limiter
// (the comparison's own noise: what two identical processes differ by on this machine).
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import { fileURLToPath } from "node:url";
import { createDb, type Database } from "@locale/db";
import { setRateLimitHeaders } from "../src/limits/rate-limit-answers";
import { RateLimiter } from "../src/limits/rate-limiter";
import { UNREACHED_RATE_LIMITS } from "../test/helpers/unreached-rate-limits";
import { combine, freePort, loadAverage, measure, median, type ProcessLoad, startProcess, stopProcess } from "./process-load";

const DURATION = Number(process.env.DURATION ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const TARGET = 1.05;
const API_DIR = fileURLToPath(new URL("..", import.meta.url));
const log = (line: string) => console.error(`[rate-limit bench] ${line}`);

const LIMITER_OFF = { RATE_LIMIT_PER_MINUTE: "0", RATE_LIMIT_ANONYMOUS_PER_MINUTE: "0" };

async function post(url: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url + path, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return { body: (await res.json()) as any, headers: res.headers };
}

/** A user, an API key and a project on the server at `url`. */
async function seed(url: string): Promise<{ apiKey: string; projectId: string }> {
  const signup = await post(url, "/api/auth/signup", {
    email: `bench-${randomBytes(4).toString("hex")}@example.com`,
    password: "bench password",
    name: "Bench",
  });
  const cookie = (signup.headers.get("set-cookie") ?? "").split(";")[0]!;
  const token = await post(url, `/api/organizations/${signup.body.organization._id}/tokens`, { name: "bench" }, { cookie });
  const project = await post(
    url,
    "/api/projects",
    { name: "Bench", sourceLanguage: "en", targetLanguages: ["de"] },
    { "x-api-key": token.body.token },
  );
  return { apiKey: token.body.token, projectId: project.body._id };
}

/** CPU microseconds of the limiter's steps per request, over `n` requests. */
async function limiterCpuMicros(db: Database, n: number): Promise<number> {
  const limiter = new RateLimiter(db, 250);
  const policy = { capacity: 1e9, perSecond: 1e9 };
  const res = new ServerResponse(new IncomingMessage(new Socket()));
  const subjects = Array.from({ length: 1000 }, (_, i) => `key:bench-${i}`);
  const step = async (i: number) => {
    const subject = await Promise.resolve(subjects[i % subjects.length]!);
    setRateLimitHeaders(res, limiter.take(subject, policy));
  };
  for (let i = 0; i < 50_000; i++) await step(i); // warm-up
  const before = process.cpuUsage();
  for (let i = 0; i < n; i++) await step(i);
  const used = process.cpuUsage(before);
  await limiter.flush();
  return (used.user + used.system) / n;
}

async function main(): Promise<void> {
  log("building the api bundle (dist/main.js)");
  execFileSync("pnpm", ["run", "build"], { cwd: API_DIR, stdio: "inherit" });
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  let databaseUrl = "memory://";
  let dropDatabase = async () => {};
  if (serverUrl) {
    const name = `bench_rate_limit_${randomBytes(4).toString("hex")}`;
    const admin = await createDb(serverUrl, { migrate: false });
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    };
  }
  const servers: { name: string; url: string; pid: number; stop: () => Promise<void>; apiKey: string; projectId: string }[] = [];
  const load = [`start ${loadAverage()}`];
  try {
    for (const [name, env] of [
      ["limiter on", process.env.AA === "1" ? LIMITER_OFF : UNREACHED_RATE_LIMITS],
      ["limiter off", LIMITER_OFF],
    ] as const) {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const child = await startProcess(
        ["dist/main.js"],
        {
          NODE_ENV: "production",
          DATABASE_URL: databaseUrl,
          PORT: String(port),
          HOST: "127.0.0.1",
          WORKER_MODE: "off",
          DATA_DIR: "/tmp",
          ...env,
        },
        url,
        "/health",
      );
      servers.push({ name, url, pid: child.pid!, stop: () => stopProcess(child), apiKey: "", projectId: "" });
    }
    // One key for both on a shared database; on in-memory ones each gets its own.
    const shared = serverUrl ? await seed(servers[0]!.url) : null;
    for (const server of servers) Object.assign(server, shared ?? (await seed(server.url)));

    const cases = [
      { name: "GET /api/projects/:id", path: (s: (typeof servers)[0]) => `/api/projects/${s.projectId}` },
      { name: "GET /api/auth/me", path: () => "/api/auth/me" },
    ];
    const rows: string[] = [];
    const smallest: { name: string; cpuMs: number }[] = [];
    for (const c of cases) {
      const both = (seconds: number) => Promise.all(servers.map((s) => measure(s.url, s.pid, s.apiKey, [c.path(s)], seconds)));
      await both(2);
      const slices: ProcessLoad[][] = [[], []];
      log(`${c.name}: ${ROUNDS} x ${DURATION / ROUNDS} s, both processes at once (10 connections each)`);
      for (let r = 0; r < ROUNDS; r++) {
        const round = await both(DURATION / ROUNDS);
        for (const [i, l] of round.entries()) slices[i]!.push(l);
      }
      const [on, off] = slices.map(combine) as [ProcessLoad, ProcessLoad];
      if (on.errors > 0 || off.errors > 0) throw new Error(`${c.name}: ${on.errors} / ${off.errors} non-2xx answers or errors`);
      smallest.push({ name: c.name, cpuMs: off.cpuMsPerRequest });
      const ratio = median(slices[0]!.map((l, i) => l.cpuMsPerRequest / slices[1]![i]!.cpuMsPerRequest));
      const fmt = (l: ProcessLoad) => `${l.cpuMsPerRequest.toFixed(3)} ms | ${Math.round(l.rps)}`;
      rows.push(`| ${c.name} | ${fmt(on)} | ${fmt(off)} | ${ratio.toFixed(3)} | ${ratio <= TARGET ? "met" : "MISSED"} (≤ ${TARGET}) |`);
      load.push(`after ${c.name}: ${loadAverage()}`);
    }
    const localDb = await createDb(serverUrl ? databaseUrl : "memory://");
    const micros = await limiterCpuMicros(localDb, 500_000);
    await localDb.close();
    rows.push("");
    rows.push(`The limiter's own steps: ${micros.toFixed(2)} µs of CPU per request (500,000 requests in this process).`);
    for (const line of smallest)
      rows.push(
        `${line.name}: ${(line.cpuMs * 1000).toFixed(0)} µs per request without the limiter → the limiter adds ${((micros / (line.cpuMs * 1000)) * 100).toFixed(2)} % (target ≤ 5 %).`,
      );
    console.log(
      [
        `${serverUrl ? "PostgreSQL (shared database)" : "embedded in-memory databases"}; ${DURATION} s per case in ${ROUNDS} slices, both processes loaded at once.`,
        "",
        "| request | with limiter: CPU/request | req/s | without: CPU/request | req/s | CPU ratio (median slice) | target |",
        "|---|---|---|---|---|---|---|",
        ...rows,
        "",
        `load average: ${load.join("; ")}`,
      ].join("\n"),
    );
  } finally {
    for (const server of servers) await server.stop();
    await dropDatabase();
  }
}

await main();
