// The api as a child process for benchmarks (`node --import tsx src/main.ts`): its own event loop
// and its RSS read from the kernel, so the measuring client is never slowed by the server's work.
import { type ChildProcess, spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

// API_DIR runs another checkout's api (e.g. main, to measure before and after a change).
const apiDir = process.env.API_DIR ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export interface Api {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** `script`: a built api (e.g. a copy of another build's dist/main.js) instead of this checkout's sources. */
export async function startApi(env: Record<string, string>, script?: string): Promise<Api> {
  const child = spawn(
    process.execPath,
    [...(process.env.API_NODE_ARGS ?? "").split(" ").filter(Boolean), ...(script ? [script] : ["--import", "tsx", "src/main.ts"])],
    {
      cwd: apiDir,
      // API_NODE_OPTIONS (e.g. --max-old-space-size=256) and API_NODE_ARGS (V8 flags NODE_OPTIONS does
      // not take) reach the api only, not this runner.
      env: { ...process.env, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "warn", NODE_OPTIONS: process.env.API_NODE_OPTIONS ?? "", ...env },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the api did not start within 120 s")), 120_000);
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = /running: (http:\/\/\S+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the api exited with ${code}`));
    });
  });
  return {
    url,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
        child.once("exit", () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill("SIGTERM");
      }),
  };
}

export async function memoryOf(pid: number): Promise<{ rssMb: number; hwmMb: number }> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMb: kb("VmRSS") / 1024, hwmMb: kb("VmHWM") / 1024 };
}
