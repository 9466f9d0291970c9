// What a command needs from the outside world, injectable so tests run the CLI in-process.
import type { LocaleClient } from "@locale/sdk";
import type { CliConfig } from "./config";

export interface CliIo {
  env: Record<string, string | undefined>;
  cwd: string;
  stdout: { write(text: string): unknown; isTTY?: boolean };
  stderr: { write(text: string): unknown; isTTY?: boolean };
  fetch?: typeof fetch;
}

export interface CommandContext {
  client: LocaleClient;
  config: CliConfig;
  io: CliIo;
  flags: Record<string, string | boolean | undefined>;
  /** Positional arguments, for commands that take them. */
  positionals?: string[];
}

export const log = (io: CliIo, line: string) => void io.stdout.write(`${line}\n`);
export const warn = (io: CliIo, line: string) => void io.stderr.write(`${line}\n`);
