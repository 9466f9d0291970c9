// Public delivery under load (docs/delivery.md): cached requests per second of the compiled api
// serving a release file, against a floor in the same run — a static node:http server holding the
// same bytes (bench/delivery-floor-server.ts). Both are loaded alike by autocannon (10
// connections, Accept-Encoding: br, numbered and `latest` paths alternating), in alternating
// rounds after a warm-up. Then: how long after a release's POST answers the api serves it at
// `latest` (publish → served), five times.
//   pnpm --filter @locale/api build && pnpm --filter @locale/api bench:delivery
import { mkdtemp, writeFile } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { UNREACHED_RATE_LIMITS } from "../test/helpers/unreached-rate-limits";
import { freePort, loadAverage, median, startProcess, stopProcess } from "./process-load";

const KEYS = Number(process.env.KEYS ?? 300);
const SECONDS = Number(process.env.SECONDS ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 2);

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

async function load(url: string, paths: string[], seconds: number) {
  const result = await autocannon({
    url,
    connections: 10,
    duration: seconds,
    workers: 1,
    headers: { "accept-encoding": "gzip, deflate, br" },
    requests: paths.map((p) => ({ method: "GET" as const, path: p })),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

async function main() {
  const loads = [`start ${loadAverage()}`];
  const apiPort = await freePort();
  const api = `http://127.0.0.1:${apiPort}`;
  const apiChild = await startProcess(
    ["dist/main.js"],
    {
      NODE_ENV: "production",
      DATABASE_URL: "memory://",
      PORT: String(apiPort),
      HOST: "127.0.0.1",
      WORKER_MODE: "off",
      ...UNREACHED_RATE_LIMITS,
    },
    api,
    "/health",
  );
  let floorChild: Awaited<ReturnType<typeof startProcess>> | undefined;
  try {
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
    const paths = [
      `${new URL(delivery.baseUrl).pathname}/${release.version}/de.json`,
      `${new URL(delivery.baseUrl).pathname}/latest/de.json`,
    ];
    const identity = await raw(`${api}${paths[0]}`, "identity");
    const brotli = await raw(`${api}${paths[0]}`, "br");
    const dir = await mkdtemp(path.join(tmpdir(), "delivery-bench-"));
    await writeFile(path.join(dir, "de.json"), identity.bytes);
    await writeFile(path.join(dir, "de.json.br"), brotli.bytes);
    const floorPort = await freePort();
    const floor = `http://127.0.0.1:${floorPort}`;
    floorChild = await startProcess(
      ["--import", "tsx", "bench/delivery-floor-server.ts"],
      { PORT: String(floorPort), FILE: path.join(dir, "de.json"), BROTLI: path.join(dir, "de.json.br") },
      floor,
      "/",
    );

    await load(api, paths, 3);
    await load(floor, paths, 3);
    const rounds: { api: Awaited<ReturnType<typeof load>>; floor: Awaited<ReturnType<typeof load>> }[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const a = await load(api, paths, SECONDS);
      const f = await load(floor, paths, SECONDS);
      rounds.push({ api: a, floor: f });
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

    const apiRps = median(rounds.map((r) => r.api.rps));
    const floorRps = median(rounds.map((r) => r.floor.rps));
    console.log(
      `\nPublic delivery, ${KEYS} keys (de.json ${identity.bytes.byteLength} B, brotli ${brotli.bytes.byteLength} B), ${new Date().toISOString()}`,
    );
    console.log(`load average: ${loads.join("; ")}\n`);
    console.log("| server | requests/s (median) | per round | p50 ms | p99 ms | errors |");
    console.log("| ------ | ------------------- | --------- | ------ | ------ | ------ |");
    for (const name of ["api", "floor"] as const) {
      const rs = rounds.map((r) => r[name]);
      console.log(
        `| ${name === "api" ? "api (delivery)" : "floor (static node:http)"} | ${Math.round(name === "api" ? apiRps : floorRps)} | ${rs.map((r) => Math.round(r.rps)).join(", ")} | ${median(rs.map((r) => r.p50))} | ${Math.max(...rs.map((r) => r.p99))} | ${rs.reduce((n, r) => n + r.errors, 0)} |`,
      );
    }
    console.log(`\nfloor / api: ${(floorRps / apiRps).toFixed(2)}×`);
    console.log(`publish → served at latest (ms): ${lags.map((l) => l.toFixed(1)).join(", ")}; max ${Math.max(...lags).toFixed(1)}`);
  } finally {
    if (floorChild) await stopProcess(floorChild);
    await stopProcess(apiChild);
  }
}

await main();
