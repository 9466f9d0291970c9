// Issue 32: no request holds the api's event loop. The compiled server runs as its own process on
// PGlite; while each attack of the issue runs, one client keeps asking GET /health and another
// tenant keeps reading its keys, each one request at a time, and every answer's latency is kept.
//
// How "answered while it runs" is judged without depending on the machine's speed:
// - A sequential prober's longest wait is the longest time the api could not answer: if a parse
//   holds the event loop for 3 s, the one /health request sent at its start waits 3 s, however
//   many quick answers come before and after it. (A p99 over many quick answers would hide that
//   single long wait, so the test asserts on the longest wait and reports p99 beside it.)
// - The bound is relative to this run: first the same probes run with no attack (the baseline),
//   and an attack may make nobody wait longer than 5 times the baseline's longest wait, or
//   1 s if that is more (PGlite runs every statement on the api thread, so a write of a
//   100,000-character value holds it briefly: 486 ms was seen at load 13). A loaded machine raises
//   both together.
// - The test checks that it can fail: the YAML file is parsed once in this process before its
//   attack, and must take at least twice the bound (else it is doubled, up to 400,000 keys). Had
//   the api parsed it on its event loop, /health would have waited about that long.
// On main before this change, the YAML attack fails the bound (RELIABILITY.md has the figures).
// ATTACKED_SERVER=/other/checkout/apps/api/dist/main.js runs the same attacks against another build.
import { mkdirSync, rmSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { parse } from "@locale/formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moFile } from "../../../../packages/formats/test/mo-builder";
import { assertBuilt, freePort, REPO_ROOT, type ServerProcess, spawnServer, waitUntilAnswering } from "../helpers/built-server";

const WORK = path.join(REPO_ROOT, "test-output", "event-loop-attacks", `${process.pid}-${Date.now()}`);
let server: ServerProcess;

interface Answer {
  status: number;
  body: any;
}

/**
 * One request on a connection of its own (no keep-alive): a pooled connection the server closes
 * after an event-loop stall would fail the next request sent on it, which says nothing about the
 * request itself. Accepting the connection needs the event loop too, so it is part of the wait.
 */
function call(method: string, url: string, o: { key?: string; body?: unknown; raw?: Uint8Array | string } = {}): Promise<Answer> {
  const payload = o.raw ?? (o.body === undefined ? undefined : JSON.stringify(o.body));
  return new Promise((resolve, reject) => {
    const req = http.request(
      server.url + url,
      {
        method,
        agent: false,
        headers: {
          ...(o.key ? { "x-api-key": o.key } : {}),
          "content-type": o.raw === undefined ? "application/json" : "application/octet-stream",
          ...(payload !== undefined ? { "content-length": Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("error", reject);
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let body: any = text;
          try {
            body = JSON.parse(text);
          } catch {}
          resolve({ status: res.statusCode ?? 0, body });
        });
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

let users = 0;
async function signUp(): Promise<{ key: string; projectId: string }> {
  const res = await fetch(`${server.url}/api/auth/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: `attack${++users}@example.com`, password: "correct horse battery", name: "A" }),
  });
  expect(res.status).toBe(201);
  const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0] as string;
  const orgId = ((await res.json()) as any).organization._id as string;
  const token = await fetch(`${server.url}/api/organizations/${orgId}/tokens`, {
    method: "POST",
    headers: { cookie, "content-type": "application/json" },
    body: JSON.stringify({ name: "attack" }),
  });
  expect(token.status).toBe(201);
  const key = ((await token.json()) as any).token as string;
  const project = await call("POST", "/api/projects", { key, body: { name: "p", sourceLanguage: "en", targetLanguages: ["de"] } });
  expect(project.status).toBe(201);
  return { key, projectId: project.body._id as string };
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

interface Watch {
  health: number[];
  reads: number[];
  failures: string[];
}

/** Runs `attack` while /health and the bystander's read are asked in loops; the latencies of all. */
async function watched(bystander: { key: string; projectId: string }, attack: () => Promise<void>): Promise<Watch> {
  let running = true;
  const watch: Watch = { health: [], reads: [], failures: [] };
  const healthLoop = async () => {
    while (running) {
      const t = performance.now();
      const res = await call("GET", "/health").catch((err: Error) => ({ status: 0, body: err.message }));
      watch.health.push(performance.now() - t);
      if (res.status !== 200) watch.failures.push(`/health ${res.status} ${res.status === 0 ? res.body : ""}`);
    }
  };
  const readLoop = async () => {
    while (running) {
      const t = performance.now();
      const res = await call("GET", `/api/projects/${bystander.projectId}/keys?limit=5`, { key: bystander.key }).catch((err: Error) => ({
        status: 0,
        body: err.message,
      }));
      watch.reads.push(performance.now() - t);
      if (res.status !== 200) watch.failures.push(`read ${res.status} ${res.status === 0 ? res.body : ""}`);
    }
  };
  const loops = Promise.all([healthLoop(), readLoop()]);
  try {
    await attack();
  } finally {
    running = false;
    await loops;
  }
  return watch;
}

const figures: string[] = [];
function report(name: string, w: Watch): { health: number; read: number } {
  const h = [...w.health].sort((a, b) => a - b);
  const r = [...w.reads].sort((a, b) => a - b);
  const line = `${name}: /health ${h.length} asked, p50 ${quantile(h, 0.5).toFixed(0)} ms, p99 ${quantile(h, 0.99).toFixed(0)} ms, longest ${(h.at(-1) ?? 0).toFixed(0)} ms; other tenant's read ${r.length} asked, p99 ${quantile(r, 0.99).toFixed(0)} ms, longest ${(r.at(-1) ?? 0).toFixed(0)} ms`;
  figures.push(line);
  console.log(line);
  return { health: h.at(-1) ?? 0, read: r.at(-1) ?? 0 };
}

let bystander: { key: string; projectId: string };
let attacker: { key: string; projectId: string };
let bound: { health: number; read: number };

beforeAll(async () => {
  assertBuilt();
  mkdirSync(WORK, { recursive: true });
  server = spawnServer({
    cwd: WORK,
    env: { PORT: String(await freePort()), DATA_DIR: path.join(WORK, "data"), DATABASE_URL: "memory://", WORKER_MODE: "embedded" },
    ...(process.env.ATTACKED_SERVER ? { args: [process.env.ATTACKED_SERVER] } : {}),
  });
  await waitUntilAnswering(server);
  bystander = await signUp();
  attacker = await signUp();
  for (let i = 0; i < 20; i++)
    await call("POST", `/api/projects/${bystander.projectId}/keys`, { key: bystander.key, body: { key: `k${i}` } });
  // The baseline: the same probes with nothing else going on, for about as many requests as an attack sees.
  const baseline = report(
    "baseline",
    await watched(bystander, async () => {
      for (let i = 0; i < 40; i++) await call("GET", `/api/projects/${attacker.projectId}/keys?limit=1`, { key: attacker.key });
    }),
  );
  bound = { health: Math.max(1000, 5 * baseline.health), read: Math.max(1000, 5 * baseline.read) };
  console.log(`bound: /health ${bound.health.toFixed(0)} ms, read ${bound.read.toFixed(0)} ms`);
}, 300_000);

afterAll(async () => {
  console.log(figures.join("\n"));
  if (server && server.proc.exitCode === null) {
    server.proc.kill("SIGTERM");
    await server.exited;
  }
  rmSync(WORK, { recursive: true, force: true });
});

function expectAnswered(w: Watch) {
  expect(w.failures).toEqual([]);
  expect(server.proc.exitCode).toBeNull();
  expect(w.health.length).toBeGreaterThan(0);
  expect(w.reads.length).toBeGreaterThan(0);
}

const importJson = (format: string, content: string) =>
  call("POST", `/api/projects/${attacker.projectId}/import`, { key: attacker.key, body: { language: "de", format, content } });

describe("the api keeps answering while an attack runs", () => {
  it("a PO file declaring 30,000,000 plural forms (ten times)", { timeout: 300_000 }, async () => {
    const po = `msgid ""\nmsgstr "Plural-Forms: nplurals=30000000; plural=n;\\n"\n\nmsgid "a"\nmsgid_plural "b"\nmsgstr[0] "x"\nmsgstr[1] "y"\n`;
    const w = await watched(bystander, async () => {
      for (let i = 0; i < 10; i++) expect((await importJson("po", po)).status).toBe(400);
    });
    const longest = report("PO nplurals=30000000 ×10", w);
    expectAnswered(w);
    expect(longest.health).toBeLessThanOrEqual(bound.health);
    expect(longest.read).toBeLessThanOrEqual(bound.read);
  });

  it("an MO file whose system-dependent strings assemble 500 million characters (ten times)", { timeout: 300_000 }, async () => {
    const bomb = moFile({ segments: ["S".repeat(50_000)], sysdep: Array.from({ length: 64 }, () => [Array(157).fill(""), ["x"]]) });
    const content = Buffer.from(bomb).toString("base64");
    const w = await watched(bystander, async () => {
      for (let i = 0; i < 10; i++) expect((await importJson("mo", content)).status).toBe(400);
    });
    const longest = report("MO sysdep blow-up (130 KB) ×10", w);
    expectAnswered(w);
    expect(longest.health).toBeLessThanOrEqual(bound.health);
    expect(longest.read).toBeLessThanOrEqual(bound.read);
  });

  it("a YAML map of 100,000 keys, refused at its last line", { timeout: 600_000 }, async () => {
    // The duplicate at the end makes the parse all the work: the whole map is read before the
    // repeat is found, and nothing is written (on PGlite the writing of an import is a separate
    // matter: docs/imports-on-pglite.md, concurrent-imports.test.ts).
    const yamlOf = (keys: number) => `${Array.from({ length: keys }, (_, i) => `key_${i}: value ${i}\n`).join("")}key_0: again\n`;
    let keys = 100_000;
    let yaml = yamlOf(keys);
    const parseTime = () => {
      const t = performance.now();
      expect(() => parse("yaml", yaml, { language: "de" })).toThrow(/a key appears twice/);
      return performance.now() - t;
    };
    let onLoop = parseTime();
    while (onLoop < 2 * bound.health && keys < 400_000) {
      keys *= 2;
      yaml = yamlOf(keys);
      onLoop = parseTime();
    }
    console.log(`YAML: ${keys} keys (${(yaml.length / 1e6).toFixed(1)} MB) parse here in ${onLoop.toFixed(0)} ms`);
    expect(onLoop).toBeGreaterThanOrEqual(2 * bound.health);
    const w = await watched(bystander, async () => {
      const res = await call("POST", `/api/projects/${attacker.projectId}/import/de?format=yaml`, { key: attacker.key, raw: yaml });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/a key appears twice/);
    });
    const longest = report(`YAML ${keys} keys, duplicate at the end (parse here: ${onLoop.toFixed(0)} ms)`, w);
    expectAnswered(w);
    expect(longest.health).toBeLessThanOrEqual(bound.health);
    expect(longest.read).toBeLessThanOrEqual(bound.read);
    const total = await call("GET", `/api/projects/${attacker.projectId}/keys?limit=1`, { key: attacker.key });
    expect(total.body.meta.total).toBe(0);
  });

  it("a GraphQL TM search of 20,000 characters against four approved 20,000-character sources (five times)", {
    timeout: 300_000,
  }, async () => {
    const text = (n: number, seed: number) =>
      Array.from({ length: n }, (_, i) => String.fromCharCode(97 + ((i * 7 + seed * 13) % 26))).join("");
    for (let i = 0; i < 4; i++) {
      const k = await call("POST", `/api/projects/${attacker.projectId}/keys`, { key: attacker.key, body: { key: `long${i}` } });
      const base = `/api/projects/${attacker.projectId}/keys/${k.body._id}/translations`;
      expect((await call("PUT", `${base}/en`, { key: attacker.key, body: { value: text(20_000, i) } })).status).toBe(200);
      expect((await call("PUT", `${base}/de`, { key: attacker.key, body: { value: `de ${i}` } })).status).toBe(200);
      expect((await call("PATCH", `${base}/de/status`, { key: attacker.key, body: { status: "approved" } })).status).toBe(200);
    }
    const w = await watched(bystander, async () => {
      for (let i = 0; i < 5; i++) {
        const res = await call("POST", "/graphql", {
          key: attacker.key,
          body: {
            query: "query($s: String!) { tmSearch(sourceText: $s, minSimilarity: 1) { similarity } }",
            variables: { s: text(20_000, 9) },
          },
        });
        expect(res.body.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
      }
    });
    const longest = report("GraphQL tmSearch 20,000 characters ×5", w);
    expectAnswered(w);
    expect(longest.health).toBeLessThanOrEqual(bound.health);
    expect(longest.read).toBeLessThanOrEqual(bound.read);
  });

  it("an ICU source value nested 7,100 deep, written and read (five rounds)", { timeout: 300_000 }, async () => {
    const nested = `${"{a,select,x{".repeat(7100)}x${"}}".repeat(7100)}`;
    const k = await call("POST", `/api/projects/${attacker.projectId}/keys`, { key: attacker.key, body: { key: "deep" } });
    const base = `/api/projects/${attacker.projectId}/keys/${k.body._id}/translations`;
    const w = await watched(bystander, async () => {
      for (let i = 0; i < 5; i++) {
        expect((await call("PUT", `${base}/en`, { key: attacker.key, body: { value: `${nested}${" ".repeat(i)}` } })).status).toBe(200);
        expect((await call("PUT", `${base}/de`, { key: attacker.key, body: { value: `{b} ${i}` } })).status).toBe(200);
        expect((await call("GET", `/api/projects/${attacker.projectId}/translations/de?limit=50`, { key: attacker.key })).status).toBe(200);
        expect((await call("GET", `/api/projects/${attacker.projectId}/editor-rows?languages=en,de`, { key: attacker.key })).status).toBe(
          200,
        );
      }
    });
    const longest = report("ICU value nested 7,100 deep, 5 rounds of writes and reads", w);
    expectAnswered(w);
    expect(longest.health).toBeLessThanOrEqual(bound.health);
    expect(longest.read).toBeLessThanOrEqual(bound.read);
  });
});
