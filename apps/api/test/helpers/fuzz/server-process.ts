// The service as its own operating-system process, so a test can kill it with SIGKILL (no
// shutdown hooks, no flush) and start it again on the same database. It runs what `pnpm start`
// runs — the compiled server — when it has been built, and the TypeScript source through tsx
// otherwise.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const API_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const COMPILED = path.join(API_ROOT, "dist/main.js");

export interface ServerProcess {
  url: string;
  pid: number;
  /** Everything the process wrote so far (for failure messages). */
  output(): string;
  /** SIGKILL, then wait until the process is gone. */
  kill9(): Promise<void>;
  /** SIGTERM (graceful stop), then wait. */
  stop(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once("exit", () => r()));
}

export async function startServerProcess(env: Record<string, string>, timeoutMs = 90_000): Promise<ServerProcess> {
  const args = existsSync(COMPILED) ? ["--enable-source-maps", COMPILED] : ["--import", "tsx", path.join(API_ROOT, "src/main.ts")];
  const child = spawn(process.execPath, args, {
    cwd: API_ROOT,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (output += c.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start within ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const onData = () => {
      const m = /running: (http:\/\/\S+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout!.on("data", onData);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}) before listening:\n${output}`));
    });
  });
  return {
    url,
    pid: child.pid!,
    output: () => output,
    async kill9() {
      child.kill("SIGKILL");
      await exited(child);
    },
    async stop() {
      child.kill("SIGTERM");
      await exited(child);
    },
  };
}

/** A JSON request to a server process. */
export async function call<T = any>(
  url: string,
  method: string,
  pathname: string,
  options: { apiKey?: string; cookie?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<{ status: number; body: T; headers: Headers }> {
  const headers: Record<string, string> = {};
  if (options.apiKey) headers["x-api-key"] = options.apiKey;
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(url + pathname, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON
  }
  return { status: res.status, body: body as T, headers: res.headers };
}

/** Signs up an owner and creates an organization API key on a server process. */
export async function signUpOnProcess(url: string, name: string): Promise<{ apiKey: string; orgId: string; cookie: string }> {
  const signup = await call(url, "POST", "/api/auth/signup", {
    body: { email: `${name.toLowerCase().replace(/\W+/g, "-")}-${Date.now()}@example.com`, password: "correct horse battery", name },
  });
  if (signup.status !== 201) throw new Error(`signup: ${signup.status} ${JSON.stringify(signup.body)}`);
  const cookie = (signup.headers.get("set-cookie") ?? "").split(";")[0]!;
  const orgId = signup.body.organization._id as string;
  const token = await call(url, "POST", `/api/organizations/${orgId}/tokens`, { cookie, body: { name: "fault test" } });
  if (token.status !== 201) throw new Error(`token: ${token.status} ${JSON.stringify(token.body)}`);
  return { apiKey: token.body.token, orgId, cookie };
}
