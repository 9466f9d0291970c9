// The compiled server (apps/api/dist, built by `pnpm build`) run as its own process, the way the
// start command runs it, for tests of process-level behaviour: signals, the data directory lock,
// where relative paths land, start-up errors.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { UNREACHED_RATE_LIMITS } from "./unreached-rate-limits";

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");
export const BUILT_SERVER = path.join(REPO_ROOT, "apps/api/dist/main.js");

export interface ServerProcess {
  proc: ChildProcess;
  pid: number;
  url: string;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
}

export function assertBuilt(): void {
  if (!existsSync(BUILT_SERVER)) throw new Error(`${BUILT_SERVER} is missing: run \`pnpm build\` first (pnpm test does)`);
}

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Environment for a child: ours without the package manager's script variables, plus `env`. */
export function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith("npm_") && k !== "INIT_CWD" && k !== "DATA_DIR" && k !== "DATABASE_URL"),
  );
  return { ...clean, LOG_LEVEL: "warn", HOST: "127.0.0.1", ...UNREACHED_RATE_LIMITS, ...env };
}

/** Starts `command args` (default: node on the built server) without waiting for it to answer. */
export function spawnServer(options: {
  cwd: string;
  env: Record<string, string>;
  command?: string;
  args?: string[];
  /** A file descriptor the child's stdout goes to instead of a pipe read by the test. */
  stdoutFd?: number;
}): ServerProcess {
  const proc = spawn(options.command ?? process.execPath, options.args ?? [BUILT_SERVER], {
    cwd: options.cwd,
    env: childEnv(options.env),
    stdio: ["ignore", options.stdoutFd ?? "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  proc.stdout?.on("data", (d) => {
    out += d;
  });
  proc.stderr?.on("data", (d) => {
    err += d;
  });
  const exited = new Promise<number | string>((resolve) => proc.once("exit", (code, signal) => resolve(code ?? signal ?? -1)));
  return {
    proc,
    pid: proc.pid as number,
    url: `http://127.0.0.1:${options.env.PORT}`,
    stdout: () => out,
    stderr: () => err,
    exited,
  };
}

/** Waits until GET /health answers, failing early (with its output) if the process ends first. */
export async function waitUntilAnswering(server: ServerProcess, timeoutMs = 120_000): Promise<number> {
  const started = Date.now();
  let ended: number | string | undefined;
  void server.exited.then((code) => {
    ended = code;
  });
  while (Date.now() - started < timeoutMs) {
    if (ended !== undefined) throw new Error(`server exited (${ended}) before answering:\n${server.stdout()}\n${server.stderr()}`);
    try {
      const res = await fetch(`${server.url}/health`, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return Date.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`server did not answer within ${timeoutMs} ms:\n${server.stdout()}\n${server.stderr()}`);
}

/** True when a TCP connection to the port is refused (nothing listens). */
export function portIsClosed(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(true));
  });
}
