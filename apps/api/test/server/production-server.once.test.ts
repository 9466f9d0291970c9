// The production server as a process: what `pnpm start` launches is the process a signal stops,
// in-flight requests finish on SIGTERM, one process per embedded data directory, a relative
// DATA_DIR lands where the command ran, a taken port is one clean line.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import { hostname } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  assertBuilt,
  BUILT_SERVER,
  freePort,
  portIsClosed,
  REPO_ROOT,
  type ServerProcess,
  spawnServer,
  waitUntilAnswering,
} from "../helpers/built-server";

const WORK = path.join(REPO_ROOT, "test-output", "production-server", `${process.pid}-${Date.now()}`);
const running: ServerProcess[] = [];
// Each test starts real server processes (and `pnpm start` a build); under a full parallel suite
// on 2 cores one start has taken over a minute.
const PROCESS_TEST_MS = 360_000;

function workDir(name: string): string {
  const dir = path.join(WORK, name);
  mkdirSync(dir, { recursive: true });
  return dir;
}

function start(options: Parameters<typeof spawnServer>[0]): ServerProcess {
  const server = spawnServer(options);
  running.push(server);
  return server;
}

async function signUpAndCreateProject(url: string, name: string): Promise<{ cookie: string; projectId: string }> {
  const signup = await fetch(`${url}/api/auth/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: `${name.toLowerCase()}@example.com`, password: "a long password", name }),
  });
  expect(signup.status).toBe(201);
  const cookie = (signup.headers.get("set-cookie") ?? "").split(";")[0] as string;
  const project = await fetch(`${url}/api/projects`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify({ name, sourceLanguage: "en" }),
  });
  expect(project.status).toBe(201);
  return { cookie, projectId: ((await project.json()) as { _id: string })._id };
}

async function projectNames(url: string, cookie: string): Promise<string[]> {
  const res = await fetch(`${url}/api/projects`, { headers: { cookie } });
  return ((await res.json()) as { name: string }[]).map((p) => p.name);
}

async function connect(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  await new Promise((resolve) => socket.once("connect", resolve));
  let response = "";
  socket.on("data", (d) => {
    response += d;
  });
  socket.on("error", () => {});
  const closed = new Promise((resolve) => socket.once("close", resolve));
  return { socket, closed, response: () => response };
}

async function until(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error("condition not reached in time");
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The process's executable name (`node`, `pnpm`...). */
const commandOf = (pid: number) => execFileSync("ps", ["-o", "comm=", "-p", String(pid)], { encoding: "utf8" }).trim();

beforeAll(() => {
  assertBuilt();
  mkdirSync(WORK, { recursive: true });
});
afterAll(async () => {
  for (const server of running) {
    if (server.proc.exitCode === null && server.proc.signalCode === null) {
      server.proc.kill("SIGKILL");
      await server.exited;
    }
  }
  rmSync(WORK, { recursive: true, force: true });
});

describe("the start command", () => {
  it("`pnpm start` builds, serves, keeps ./data where it was run, and stops (port freed) when its process gets SIGTERM", {
    timeout: PROCESS_TEST_MS,
  }, async () => {
    const cwd = workDir("pnpm-start");
    const port = await freePort();
    const server = start({ cwd, env: { PORT: String(port) }, command: "pnpm", args: ["start"] });
    await waitUntilAnswering(server, 240_000);
    // The relative default ./data is the directory the command ran in, not the package's.
    expect(readdirSync(path.join(cwd, "data")).sort()).toEqual(["pglite", "pglite.lock", "pglite.lock.json"]);
    expect(existsSync(path.join(REPO_ROOT, "apps/api/data/pglite.lock"))).toBe(false);
    // Compiled JavaScript under plain node: no TypeScript loader in the chain.
    const chain = execFileSync("ps", ["-o", "args=", "--ppid", String(server.pid)], { encoding: "utf8" });
    expect(chain).toContain(`node ${BUILT_SERVER}`);
    expect(chain).not.toMatch(/tsx/);

    server.proc.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(await portIsClosed(port)).toBe(true);
    expect(readdirSync(path.join(cwd, "data"))).toEqual(["pglite"]);
  });

  it("scripts/start.sh replaces itself with node, so the launched pid is the server", { timeout: PROCESS_TEST_MS }, async () => {
    const cwd = workDir("start-sh");
    const port = await freePort();
    const server = start({
      cwd,
      env: { PORT: String(port), DATA_DIR: "here" },
      command: "bash",
      args: [path.join(REPO_ROOT, "scripts/start.sh")],
    });
    await waitUntilAnswering(server, 240_000);
    expect(commandOf(server.pid)).toBe("node");
    expect(existsSync(path.join(cwd, "here", "pglite"))).toBe(true);
    server.proc.kill("SIGINT");
    expect(await server.exited).toBe(0);
    expect(await portIsClosed(port)).toBe(true);
  });
});

describe("stopping", () => {
  it("lets a request in flight at SIGTERM finish, takes no new connection, and ends within SHUTDOWN_TIMEOUT_MS", {
    timeout: PROCESS_TEST_MS,
  }, async () => {
    const port = await freePort();
    const server = start({ cwd: workDir("in-flight"), env: { PORT: String(port), DATA_DIR: "data", SHUTDOWN_TIMEOUT_MS: "4000" } });
    await waitUntilAnswering(server);
    // A sign-up whose body is still arriving when the signal comes, and one that never completes.
    const body = JSON.stringify({ email: "late@example.com", password: "a long password", name: "Late" });
    const late = await connect(port);
    const stuck = await connect(port);
    late.socket.write(
      `POST /api/auth/signup HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );
    stuck.socket.write(`POST /api/auth/signup HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`);
    await new Promise((r) => setTimeout(r, 200));
    const signalled = Date.now();
    server.proc.kill("SIGTERM");
    await until(() => portIsClosed(port));
    expect(server.proc.exitCode).toBeNull();
    late.socket.write(body.slice(10));
    await late.closed;
    expect(late.response()).toMatch(/^HTTP\/1\.1 201 Created/);
    expect(late.response()).toContain('"email":"late@example.com"');
    // The stuck request is cut when the drain time is up; the process ends within the bound.
    await server.exited;
    expect(Date.now() - signalled).toBeLessThan(4_000 + 1_500);
    await stuck.closed;
  });
});

describe("a stop signal during start-up", () => {
  it("finishes the step under way, starts nothing more, stops cleanly: exit 0, lock released (not a death by the signal)", {
    timeout: PROCESS_TEST_MS,
  }, async () => {
    const cwd = workDir("signal-at-start");
    const port = await freePort();
    const server = start({ cwd, env: { PORT: String(port), DATA_DIR: "data" } });
    // The lock is taken before the database opens (seconds on PGlite): signal right then.
    await until(() => Promise.resolve(existsSync(path.join(cwd, "data", "pglite.lock.json"))), 120_000);
    server.proc.kill("SIGTERM");
    const exited = await server.exited;
    expect(exited, `${server.stdout()}\n${server.stderr()}`).toBe(0);
    expect(server.proc.signalCode).toBeNull();
    expect(await portIsClosed(port)).toBe(true);
    expect(readdirSync(path.join(cwd, "data"))).toEqual(["pglite"]);
  });
});

describe("one process per data directory", () => {
  it("refuses a second server (and the worker) on the same DATA_DIR, touching nothing; the first keeps its data, even after kill -9", {
    timeout: PROCESS_TEST_MS,
  }, async () => {
    const cwd = workDir("two-servers");
    const first = start({ cwd, env: { PORT: String(await freePort()), DATA_DIR: "shared" } });
    await waitUntilAnswering(first);
    const { cookie } = await signUpAndCreateProject(first.url, "Alice");
    const dataDir = path.join(cwd, "shared", "pglite");
    const lockOwner = readFileSync(`${dataDir}.lock.json`, "utf8");

    const second = start({ cwd, env: { PORT: String(await freePort()), DATA_DIR: path.join(cwd, "shared") } });
    expect(await second.exited).toBe(1);
    const { startedAt } = JSON.parse(readFileSync(`${dataDir}.lock.json`, "utf8")) as { startedAt: string };
    expect(second.stderr()).toBe(
      `The data directory ${dataDir} is in use by process ${first.pid} on ${hostname()} since ${startedAt} (lock ${dataDir}.lock); stop that process or set DATA_DIR to another directory.\n`,
    );
    expect(second.stdout()).toBe("");
    // The standalone worker (compiled, started the documented way) refuses it too.
    const worker = start({ cwd, env: { DATA_DIR: "shared" }, command: "pnpm", args: ["--filter", "@locale/worker", "start"] });
    expect(await worker.exited).toBe(1);
    expect(worker.stderr()).toContain(`The data directory ${dataDir} is in use by process ${first.pid}`);
    expect(readdirSync(path.join(cwd, "shared")).sort()).toEqual(["pglite", "pglite.lock", "pglite.lock.json"]);
    expect(readFileSync(`${dataDir}.lock.json`, "utf8")).toBe(lockOwner);

    // The first server is untouched; killed without a chance to clean up, its lock is taken over
    // at once by the next start, which finds the data.
    expect(await projectNames(first.url, cookie)).toEqual(["Alice"]);
    first.proc.kill("SIGKILL");
    await first.exited;
    expect(existsSync(`${dataDir}.lock`)).toBe(true);
    const again = start({ cwd, env: { PORT: String(await freePort()), DATA_DIR: "shared" } });
    await waitUntilAnswering(again);
    expect(await projectNames(again.url, cookie)).toEqual(["Alice"]);
    again.proc.kill("SIGTERM");
    expect(await again.exited).toBe(0);
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
  });
});

describe("start-up errors", () => {
  it("a taken port is one line on stderr and exit code 1, before any data is written", { timeout: PROCESS_TEST_MS }, async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const { port } = blocker.address() as net.AddressInfo;
    const cwd = workDir("port-taken");
    const server = start({ cwd, env: { PORT: String(port), DATA_DIR: "data" } });
    expect(await server.exited).toBe(1);
    blocker.close();
    expect(server.stderr()).toBe(`Port ${port} is already in use on 127.0.0.1; stop what uses it or set PORT to another port.\n`);
    expect(server.stdout()).toBe("");
    expect(readdirSync(path.join(cwd, "data"))).toEqual([]);
  });
});
