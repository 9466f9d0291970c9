// The REST surface of two builds, request by request: an older build of the api (its
// `apps/api/dist/main.js`, run from inside its own checkout, which the build needs) against this
// checkout's build. Each runs as its own process on a fresh PostgreSQL database with the worker off,
// is seeded with the same fixture through its API (two organizations holding one of every resource,
// test/helpers/route-fixtures.ts), then gets the same requests in the same order: per operation of
// its OpenAPI document, refused ones (no or a wrong credential, another tenant, malformed and
// unstorable input, a body over the limit, a foreign Origin with a session cookie, a path the guard
// refuses...) and then the valid one. The two documents must match to the byte; each answer's status,
// the headers a client reads and the body must match once what differs between two runs by
// construction (ids, times, secrets, e-mail addresses, ports) is masked. Prints every difference and
// exits 1 when there is one.
//
//   pnpm --filter @locale/api build   # this checkout's dist
//   DIFF_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test \
//     pnpm --filter @locale/api diff:rest --old /path/to/older/checkout/apps/api/dist/main.js
//
// DIFF_DATABASE_URL (else TEST_DATABASE_URL) names a PostgreSQL server on which two databases are
// created and dropped. Each side is driven by a process of its own (this file with --drive), so the
// fixture's counters start alike and names match.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { createDb } from "@locale/db";
import pg from "pg";
import { freePort } from "../test/helpers/built-server";
import { createOrgFixture, type OrgFixture } from "../test/helpers/fixture-world";
import { jsonRequester } from "../test/helpers/json-request";
import { buildCall, listOperations } from "../test/helpers/route-calls";
import type { TestServer } from "../test/helpers/test-server";
import { UNREACHED_RATE_LIMITS } from "../test/helpers/unreached-rate-limits";
import { startWebhookReceiver } from "../test/helpers/webhook-receiver";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const THIS_BUILD = path.resolve(HERE, "../dist/main.js");
/** Small, so a body over it is cheap to send. */
const MAX_BODY_BYTES = 64 * 1024;

/** One request as sent and its answer as compared. */
interface Exchange {
  label: string;
  status: number;
  headers: Record<string, string>;
  body: string;
}

interface Request {
  label: string;
  method: string;
  target: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  /** Server-sent events: the status and headers only (the stream does not end by itself). */
  sse?: boolean;
}

/** Headers a client reads; the rest (Date, Keep-Alive) change between any two requests. */
const COMPARED_HEADERS = [
  "content-type",
  "content-disposition",
  "transfer-encoding",
  "retry-after",
  "set-cookie",
  "vary",
  "access-control-allow-origin",
  "access-control-allow-credentials",
  "access-control-expose-headers",
  "location",
  "cache-control",
  "connection",
  "referrer-policy",
  "x-content-type-options",
  "x-total-keys",
  "x-export-truncated",
  "x-export-skipped",
  "x-export-skipped-keys",
  "x-export-files",
  "x-accel-buffering",
];
/** Headers whose presence is compared, not their value (a hash or length of a body holding ids). */
const PRESENT_HEADERS = ["etag", "content-length", "ratelimit-limit", "ratelimit-remaining", "ratelimit-reset", "ratelimit-policy"];

/** What differs between two runs by construction, masked. */
function mask(text: string): string {
  return text
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, "<id>")
    .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z/g, "<time>")
    .replace(/[\w.+-]+@example\.com/g, "<email>")
    .replace(/127\.0\.0\.1:\d+/g, "<host>")
    .replace(/\blk_[A-Za-z0-9_-]+/g, "<key>")
    .replace(/("\w*(?:[Ss]ecret|[Tt]oken|[Hh]ash|[Ss]uffix|[Pp]refix)":")[^"]*"/g, '$1<secret>"')
    .replace(/([?&#](?:token|code|state)=)[A-Za-z0-9_-]+/g, "$1<secret>")
    .replace(/\b(sid|__Host-sid|oidc_state)=[^;]*/g, "$1=<secret>")
    .replace(/\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT/g, "<date>")
    .replace(/("deliveryId":")[^"]*"/g, '$1<secret>"')
    .replace(/\/delivery\/[A-Za-z0-9_-]+/g, "/delivery/<secret>")
    .replace(/("(?:durationMs|tookMs|elapsedMs)":)\d+/g, "$1<n>");
}

// --- one side: start its server, seed, send every request, write the answers -----------------

function startServer(main: string, env: Record<string, string>): Promise<{ child: ChildProcess; output: () => string }> {
  // The build resolves its packages from its checkout: it runs from its own apps/api.
  const child = spawn(process.execPath, [main], {
    cwd: path.resolve(path.dirname(main), ".."),
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (output += c.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${main} did not start within 180 s:\n${output}`)), 180_000);
    child.stdout!.on("data", () => {
      if (!/running: http/.test(output)) return;
      clearTimeout(timer);
      resolve({ child, output: () => output });
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${main} exited (${code ?? signal}) before listening:\n${output}`));
    });
  });
}

/** Sends one request as written (no path normalisation) on a fresh connection. */
function send(base: string, request: Request): Promise<Exchange> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: hostname, port, method: request.method, path: request.target, headers: request.headers, agent: false },
      (res) => {
        const headers: Record<string, string> = {};
        for (const name of COMPARED_HEADERS) {
          const value = res.headers[name];
          if (value !== undefined) headers[name] = mask(Array.isArray(value) ? value.join("\n") : value);
        }
        for (const name of PRESENT_HEADERS) if (res.headers[name] !== undefined) headers[name] = "<present>";
        const answer = (body: string) => resolve({ label: request.label, status: res.statusCode ?? 0, headers, body });
        if (request.sse && (res.headers["content-type"] ?? "").startsWith("text/event-stream")) {
          res.destroy();
          return answer("<stream>");
        }
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("error", reject);
        res.on("end", () => {
          const bytes = Buffer.concat(chunks);
          const type = res.headers["content-type"] ?? "";
          // A zip's entries carry their time: its length is compared, not its bytes.
          if (type.startsWith("application/zip")) return answer(`<zip of ${bytes.length} bytes>`);
          if (/^(?:image|application\/octet-stream)/.test(type) && bytes.includes(0)) return answer(`<binary ${bytes.toString("base64")}>`);
          answer(mask(bytes.toString("utf8")));
        });
      },
    );
    req.on("error", reject);
    req.end(request.body);
  });
}

/** The requests for one operation: refusals first (they change nothing), the valid one last. */
function requestsFor(op: string, org: OrgFixture, stranger: OrgFixture, publicOps: Set<string>, base: string): Request[] {
  const call = buildCall(op, org.ids);
  const method = call.method;
  const [pathOnly, query] = call.path.split("?") as [string, string | undefined];
  const q = query ? `?${query}` : "";
  const amp = q ? `${q}&` : "?";
  const raw = call.rawBody !== undefined;
  const json = raw ? (call.headers ?? { "content-type": "application/octet-stream" }) : { "content-type": "application/json" };
  const owner = { "x-api-key": org.members.owner.apiKey };
  const valid = call.rawBody ?? (call.body === undefined ? undefined : JSON.stringify(call.body));
  const withBody = (headers: Record<string, string>, body: string | Uint8Array | undefined): Pick<Request, "headers" | "body"> =>
    body === undefined ? { headers } : { headers: { ...json, ...headers, "content-length": String(Buffer.byteLength(body)) }, body };
  const requests: Request[] = [];
  const add = (name: string, target: string, parts: Pick<Request, "headers" | "body">) =>
    requests.push({ label: `${op}: ${name}`, method, target, sse: call.sse, ...parts });
  const hasBody = method !== "GET";
  if (!publicOps.has(op)) {
    add("no credentials", `/api${call.path}`, withBody({}, valid));
    add("a wrong key", `/api/v1${call.path}`, withBody({ "x-api-key": "lk_wrong" }, valid));
    add("a wrong key, allowed Origin", `/api${call.path}`, withBody({ "x-api-key": "lk_wrong", origin: base }, valid));
    if (pathOnly.includes(org.ids.orgId) || pathOnly.includes(org.ids.projectId))
      add("another tenant", `/api${call.path}`, withBody({ "x-api-key": stranger.members.owner.apiKey }, valid));
  }
  if (pathOnly.includes(org.ids.projectId))
    add("an unknown project", `/api${pathOnly.replace(org.ids.projectId, "not-a-project")}${q}`, withBody(owner, valid));
  add("NUL in the path", `/api${pathOnly}%00${q}`, withBody(owner, valid));
  add("NUL in the query", `/api${pathOnly}${amp}x=%00`, withBody(owner, valid));
  add("a lone surrogate in the query", `/api${pathOnly}${amp}x=%ED%A0%80`, withBody(owner, valid));
  add("a dot-dot segment", `/api${pathOnly}/%2e%2e${q}`, withBody(owner, valid));
  add("a malformed escape in the path", `/api${pathOnly}%E0%A4%A${q}`, withBody(owner, valid));
  if (method === "GET") {
    add("bad paging", `/api${pathOnly}${amp}page=0&limit=abc`, withBody(owner, undefined));
    add("a repeated query key", `/api${pathOnly}${amp}format=json-flat&format=po&name=a&name=b`, withBody(owner, undefined));
    add("a JSON body that does not parse", `/api${call.path}`, withBody(owner, "{"));
  }
  if (hasBody) {
    add("malformed JSON", `/api${call.path}`, { headers: { ...owner, "content-type": "application/json" }, body: "{" });
    add("a JSON string", `/api${call.path}`, { headers: { ...owner, "content-type": "application/json" }, body: '"a\\u0000b"' });
    add("NUL in the body", `/api${call.path}`, { headers: { ...owner, "content-type": "application/json" }, body: '{"name":"a\\u0000b"}' });
    add("nested too deep", `/api${call.path}`, {
      headers: { ...owner, "content-type": "application/json" },
      body: `{"a":${"[".repeat(80)}${"]".repeat(80)}}`,
    });
    add("over the body limit", `/api${call.path}`, {
      headers: { ...owner, "content-type": "application/json" },
      body: JSON.stringify({ pad: "x".repeat(MAX_BODY_BYTES) }),
    });
    add("text/plain", `/api${call.path}`, { headers: { ...owner, "content-type": "text/plain" }, body: "hello" });
    add("a session cookie from a foreign origin", `/api${call.path}`, {
      ...withBody({ cookie: org.members.owner.cookie, origin: "https://evil.example" }, valid),
    });
  }
  if (method === "GET") {
    add("valid, under /api/v1", `/api/v1${call.path}`, withBody(owner, undefined));
    add("valid, upper case, trailing slash", `/API/${pathOnly.slice(1).toUpperCase()}/${q}`, withBody(owner, undefined));
    add("valid, session cookie", `/api${call.path}`, withBody({ cookie: org.members.owner.cookie }, undefined));
    add("valid, a translator", `/api${call.path}`, withBody({ "x-api-key": org.members.translator.apiKey }, undefined));
    add("valid, a project token", `/api${call.path}`, withBody({ "x-api-key": org.projectToken }, undefined));
  }
  add("valid", `/api${call.path}`, withBody(owner, valid));
  return requests;
}

async function drive(main: string, databaseUrl: string, out: string): Promise<void> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = await startServer(main, {
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: origin,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: "warn",
    WORKER_MODE: "off",
    MAX_BODY_BYTES: String(MAX_BODY_BYTES),
    WEBHOOK_ALLOWED_HOSTS: "127.0.0.1",
    ...UNREACHED_RATE_LIMITS,
  });
  const receiver = await startWebhookReceiver();
  const db = await createDb(databaseUrl);
  try {
    // What the fixture needs of a test server: requests, and the database (the outbox's mails).
    const target = { url: origin, db, request: jsonRequester(origin) } as unknown as TestServer;
    const org = await createOrgFixture(target, { name: "Diff", webhookUrl: receiver.url, aiReady: false });
    const stranger = await createOrgFixture(target, { name: "Stranger", webhookUrl: receiver.url, aiReady: false });
    const exchanges: Exchange[] = [];
    const document = await send(origin, { label: "GET /api/openapi.json", method: "GET", target: "/api/openapi.json", headers: {} });
    exchanges.push(document);
    const doc = JSON.parse(document.body) as { paths: Record<string, Record<string, { security?: unknown[] }>> };
    const publicOps = new Set<string>();
    for (const [p, item] of Object.entries(doc.paths))
      for (const [m, op] of Object.entries(item)) if (op.security?.length === 0) publicOps.add(`${m.toUpperCase()} ${p}`);
    // Reads first (they see the fixture as built), then writes; deletes after them, the project's
    // last, and the account's own writes (sign-out everywhere...) at the very end.
    const rank = (op: string) =>
      op.startsWith("GET ") ? 0 : op.includes(" /auth/") ? 4 : op.startsWith("DELETE /projects/{id}") ? 3 : op.startsWith("DELETE") ? 2 : 1;
    const ops = (await listOperations(target)).sort((a, b) => rank(a) - rank(b));
    for (const op of ops)
      for (const request of requestsFor(op, org, stranger, publicOps, origin)) exchanges.push(await send(origin, request));
    await writeFile(out, JSON.stringify(exchanges));
  } finally {
    await db.close();
    await receiver.close();
    server.child.kill("SIGTERM");
    await new Promise((resolve) => server.child.once("exit", resolve));
  }
}

// --- both sides, then the comparison ----------------------------------------------------------

function runDriver(main: string, databaseUrl: string, out: string): Promise<void> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", fileURLToPath(import.meta.url), "--drive", main, "--database", databaseUrl, "--out", out],
    {
      cwd: path.resolve(HERE, ".."),
      stdio: ["ignore", "inherit", "inherit"],
    },
  );
  return new Promise((resolve, reject) =>
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`driving ${main} failed (${code})`)))),
  );
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function admin(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function compare(oldMain: string, newMain: string, serverUrl: string): Promise<number> {
  const id = randomBytes(4).toString("hex");
  const sides = [
    { name: "old", main: oldMain, database: `rest_diff_${id}_old`, out: path.join(tmpdir(), `rest-diff-${id}-old.json`) },
    { name: "new", main: newMain, database: `rest_diff_${id}_new`, out: path.join(tmpdir(), `rest-diff-${id}-new.json`) },
  ];
  for (const side of sides) await admin(serverUrl, `CREATE DATABASE ${side.database}`);
  const started = Date.now();
  try {
    // One side after the other: the machine's load falls on one server at a time.
    for (const side of sides) await runDriver(side.main, withDatabase(serverUrl, side.database), side.out);
  } finally {
    for (const side of sides) await admin(serverUrl, `DROP DATABASE IF EXISTS ${side.database} WITH (FORCE)`).catch(() => {});
  }
  const [before, after] = (await Promise.all(sides.map(async (s) => JSON.parse(await readFile(s.out, "utf8"))))) as [
    Exchange[],
    Exchange[],
  ];
  let differences = 0;
  const operations = new Set(after.map((e) => e.label.split(":")[0]));
  for (let i = 0; i < Math.max(before.length, after.length); i++) {
    const a = before[i];
    const b = after[i];
    if (a && b && JSON.stringify(a) === JSON.stringify(b)) continue;
    differences++;
    if (!a || !b || a.label !== b.label) {
      console.log(`request ${i}: the sequences part (old: ${a?.label ?? "none"}, new: ${b?.label ?? "none"})`);
      break;
    }
    console.log(`\n✗ ${a.label}`);
    if (a.status !== b.status) console.log(`  status: ${a.status} → ${b.status}`);
    for (const name of new Set([...Object.keys(a.headers), ...Object.keys(b.headers)]))
      if (a.headers[name] !== b.headers[name]) console.log(`  ${name}: ${a.headers[name] ?? "(none)"} → ${b.headers[name] ?? "(none)"}`);
    if (a.body !== b.body) console.log(`  body: ${a.body.slice(0, 400)}\n     → ${b.body.slice(0, 400)}`);
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  console.log(
    `\n${after.length} requests over ${operations.size - 1} operations of the document (and the document itself), ` +
      `${differences} different; ${seconds} s`,
  );
  return differences;
}

const { values } = parseArgs({
  options: {
    old: { type: "string" },
    new: { type: "string" },
    drive: { type: "string" },
    database: { type: "string" },
    out: { type: "string" },
  },
});
if (values.drive) {
  await drive(path.resolve(values.drive), values.database!, values.out!);
} else {
  if (!values.old) throw new Error("usage: rest-differential.ts --old <older checkout>/apps/api/dist/main.js [--new <dist/main.js>]");
  const serverUrl = process.env.DIFF_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("DIFF_DATABASE_URL (or TEST_DATABASE_URL): a PostgreSQL server to create two databases on");
  const differences = await compare(path.resolve(values.old), path.resolve(values.new ?? THIS_BUILD), serverUrl);
  process.exit(differences > 0 ? 1 : 0);
}
