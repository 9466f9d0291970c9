// Measuring a server process under load: autocannon against it while its CPU time (utime +
// stime from /proc) is read before and after, so CPU per request can be compared between
// processes loaded side by side (core-api.bench.ts, rate-limit.bench.ts).
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import net from "node:net";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

const API_DIR = fileURLToPath(new URL("..", import.meta.url));

export interface ProcessLoad {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
  cpuMsPerRequest: number;
}

/** utime + stime of a process in milliseconds (clock ticks are 10 ms on Linux). */
export function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export const loadAverage = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const port = (probe.address() as net.AddressInfo).port;
      probe.close(() => resolve(port));
    });
  });
}

export async function startProcess(
  args: string[],
  env: Record<string, string>,
  url: string,
  probePath: string,
  cwd = API_DIR,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "inherit"] });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${args.join(" ")} exited with ${child.exitCode}`);
    try {
      const res = await fetch(url + probePath);
      await res.arrayBuffer();
      return child;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  child.kill("SIGKILL");
  throw new Error(`${args.join(" ")} did not start`);
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  if (child.exitCode === null) child.kill("SIGKILL");
}

/** autocannon against `url` for `seconds`, with the CPU time `pid` spent meanwhile. */
export async function measure(
  url: string,
  pid: number,
  apiKey: string,
  paths: string[],
  seconds: number,
  connections = 10,
): Promise<ProcessLoad> {
  const cpuBefore = cpuMsOf(pid);
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    workers: 1,
    headers: { "x-api-key": apiKey },
    requests: paths.map((path) => ({ method: "GET" as const, path })),
  });
  const cpuMs = cpuMsOf(pid) - cpuBefore;
  const requests = result.requests.total;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
    requests,
    cpuMsPerRequest: requests > 0 ? cpuMs / requests : Number.NaN,
  };
}

export function combine(slices: ProcessLoad[]): ProcessLoad {
  const requests = slices.reduce((n, l) => n + l.requests, 0);
  const cpuMs = slices.reduce((n, l) => n + l.cpuMsPerRequest * l.requests, 0);
  return {
    rps: median(slices.map((l) => l.rps)),
    p50: median(slices.map((l) => l.p50)),
    p99: Math.max(...slices.map((l) => l.p99)),
    errors: slices.reduce((n, l) => n + l.errors, 0),
    requests,
    cpuMsPerRequest: cpuMs / requests,
  };
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
