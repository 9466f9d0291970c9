import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const dir = mkdtempSync(join(tmpdir(), "locale-formats-"));
let counter = 0;

/** Write content to a temp file and return its path. */
export function tempFile(name: string, content: string | Uint8Array): string {
  const path = join(dir, `${counter++}-${name}`);
  writeFileSync(path, content);
  return path;
}

/**
 * Run an external validator. A missing tool is a failure, not a skip: CI installs
 * gettext, libxml2-utils and python3.
 */
export function run(tool: string, args: string[], input?: string): { stdout: string; stderr: string; status: number } {
  try {
    const stdout = execFileSync(tool, args, { encoding: "utf8", input, stdio: ["pipe", "pipe", "pipe"] });
    return { stdout, stderr: "", status: 0 };
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stdout?: string; stderr?: string; status?: number };
    if (e.code === "ENOENT") {
      throw new Error(`"${tool}" is not installed; install it with: apt-get install -y gettext libxml2-utils python3`);
    }
    return { stdout: String(e.stdout ?? ""), stderr: String(e.stderr ?? ""), status: e.status ?? 1 };
  }
}
