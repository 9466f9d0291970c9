// HAProxy (Debian's package, installed by scripts/setup.sh) in front of api processes, with a
// generated configuration, for the scale-out test and benchmark. The balancer:
// - spreads requests round-robin and health-checks GET /health every 250 ms (a server is taken
//   out after 3 failed checks; a busy server has 2 s to answer one);
// - retries a request whose connection to a server failed on another server (`redispatch`): the
//   request never reached any server, so this is safe for every method;
// - retries a request that did reach a server which then died without answering (empty response,
//   response timeout) only for GET and HEAD; a write in flight on a dying server gets a 502, and
//   the client decides (writes are not idempotent, so only the client knows how to retry them);
// - names the server that answered in `X-Served-By`, and logs only failed requests and server
//   state changes (to `output()`).
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { freePort } from "./built-server";

export interface HaproxyBackend {
  name: string;
  port: number;
}

export interface Haproxy {
  url: string;
  /** Server name → HAProxy's status of it (UP, DOWN, MAINT, ...), from the stats socket. */
  serverStatus(): Promise<Record<string, string>>;
  /** Resolves once every named server is (or is not) UP. */
  waitForStatus(names: string[], up: boolean, timeoutMs?: number): Promise<void>;
  output(): string;
  stop(): Promise<void>;
}

export function haproxyBinary(): string {
  try {
    return execFileSync("sh", ["-c", "command -v haproxy"], { encoding: "utf8" }).trim();
  } catch {
    // Debian installs it in /usr/sbin, which is not on every user's PATH.
    if (existsSync("/usr/sbin/haproxy")) return "/usr/sbin/haproxy";
    throw new Error("haproxy is not installed: run scripts/setup.sh (it installs Debian's haproxy package)");
  }
}

export function haproxyConfig(port: number, statsSocket: string, backends: HaproxyBackend[]): string {
  return [
    "global",
    "  maxconn 4096",
    "  log stdout format raw local0",
    `  stats socket ${statsSocket} mode 600 level admin`,
    "",
    "defaults",
    "  mode http",
    "  log global",
    "  option httplog",
    "  option dontlog-normal",
    "  timeout connect 1s",
    "  timeout client 60s",
    "  timeout server 60s",
    "  timeout http-keep-alive 10s",
    "  timeout check 2s",
    "",
    "frontend api",
    `  bind 127.0.0.1:${port}`,
    "  default_backend apis",
    "",
    "backend apis",
    "  balance roundrobin",
    "  option httpchk",
    "  http-check send meth GET uri /health",
    "  http-check expect status 200",
    "  default-server check inter 250ms fastinter 100ms downinter 250ms fall 3 rise 2",
    "  retries 3",
    "  option redispatch 1",
    "  retry-on conn-failure empty-response response-timeout",
    "  http-request disable-l7-retry unless METH_GET || METH_HEAD",
    "  http-response set-header X-Served-By %[srv_name]",
    ...backends.map((b) => `  server ${b.name} 127.0.0.1:${b.port}`),
    "",
  ].join("\n");
}

async function askStatsSocket(socketPath: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    let out = "";
    socket.on("data", (d) => {
      out += d;
    });
    socket.on("end", () => resolve(out));
    socket.on("error", reject);
    socket.write(`${command}\n`);
  });
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once("exit", () => r()));
}

export async function startHaproxy(backends: HaproxyBackend[]): Promise<Haproxy> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "locale-haproxy-"));
  const port = await freePort();
  const statsSocket = path.join(dir, "stats.sock");
  const configFile = path.join(dir, "haproxy.cfg");
  await writeFile(configFile, haproxyConfig(port, statsSocket, backends));
  const check = spawn(haproxyBinary(), ["-c", "-q", "-f", configFile], { stdio: ["ignore", "pipe", "pipe"] });
  let checkOutput = "";
  check.stdout.on("data", (d) => (checkOutput += d));
  check.stderr.on("data", (d) => (checkOutput += d));
  const checkCode = await new Promise<number | null>((resolve) => check.once("exit", resolve));
  if (checkCode !== 0) throw new Error(`haproxy rejected its configuration:\n${checkOutput}`);

  // -db: stay in the foreground, so the test owns the process.
  const child = spawn(haproxyBinary(), ["-db", "-f", configFile], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));

  async function serverStatus(): Promise<Record<string, string>> {
    const csv = await askStatsSocket(statsSocket, "show stat");
    const [header, ...rows] = csv.replace(/^# /, "").trim().split("\n");
    const columns = header!.split(",");
    const nameAt = columns.indexOf("svname");
    const statusAt = columns.indexOf("status");
    const proxyAt = columns.indexOf("pxname");
    const status: Record<string, string> = {};
    for (const row of rows) {
      const cells = row.split(",");
      if (cells[proxyAt] === "apis" && backends.some((b) => b.name === cells[nameAt])) status[cells[nameAt]!] = cells[statusAt]!;
    }
    return status;
  }

  async function waitForStatus(names: string[], up: boolean, timeoutMs = 20_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`haproxy exited (${child.exitCode}):\n${output}`);
      const status = await serverStatus().catch(() => ({}) as Record<string, string>);
      if (names.every((n) => (status[n] ?? "").startsWith("UP") === up)) return;
      if (Date.now() > deadline) throw new Error(`servers ${names.join(", ")} not ${up ? "UP" : "down"}: ${JSON.stringify(status)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  return {
    url: `http://127.0.0.1:${port}`,
    serverStatus,
    waitForStatus,
    output: () => output,
    async stop() {
      child.kill("SIGTERM");
      await exited(child);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
