// The `locale-cli` command: push, pull, status, translate, leverage, release, screenshots push. Exit codes for CI: 0 success,
// 1 the operation failed (API or network error, problem entries with --strict, a language below
// --min, a truncated export, failed translations), 2 usage error (bad flags or configuration).
import { parseArgs } from "node:util";
import { ApiError, ApiNetworkError, ApiTimeoutError, createClient } from "@locale/sdk";
import { CONNECTION_HELP, CONNECTION_OPTIONS, type Command } from "./command";
import { resolveConfig } from "./config";
import type { CliIo } from "./io";
import { leverage } from "./leverage";
import { pull } from "./pull";
import { push } from "./push";
import { release } from "./release";
import { screenshots } from "./screenshots";
import { status } from "./status";
import { translate } from "./translate";
import { UsageError } from "./usage-error";

export type { CliIo } from "./io";

const NAME = "locale-cli";
const COMMANDS: Command[] = [push, pull, status, translate, leverage, release, screenshots];

export const USAGE = `Usage: ${NAME} <command> [options]
       ${NAME} <command> --help

Commands:
${COMMANDS.map((c) => `  ${c.name.padEnd(10)}  ${c.summary}`).join("\n")}

${CONNECTION_HELP}

Exit codes: 0 success; 1 the operation failed (API or network error, problem entries with
push --strict, a language below status --min, an error-level issue with status --qa, a
truncated export, failed translations);
2 usage error.
`;

function helpOf(command: Command): string {
  return `${command.help}\n\n${CONNECTION_HELP}\n`;
}

export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === "-h" || name === "--help") {
    (name ? io.stdout : io.stderr).write(USAGE);
    return name ? 0 : 2;
  }
  if (name === "help") {
    const topic = COMMANDS.find((c) => c.name === rest[0]);
    io.stdout.write(topic ? helpOf(topic) : USAGE);
    return 0;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    io.stderr.write(`${NAME}: unknown command "${name}"\n\n${USAGE}`);
    return 2;
  }
  let flags: Record<string, string | boolean | undefined>;
  let positionals: string[];
  try {
    const parsed = parseArgs({
      args: rest,
      strict: true,
      allowPositionals: command.positionals === true,
      options: { ...CONNECTION_OPTIONS, ...command.options },
    });
    flags = parsed.values as Record<string, string | boolean | undefined>;
    positionals = parsed.positionals;
  } catch (error) {
    io.stderr.write(`${NAME} ${command.name}: ${(error as Error).message}\n\n${helpOf(command)}`);
    return 2;
  }
  if (flags.help === true) {
    io.stdout.write(helpOf(command));
    return 0;
  }
  try {
    const config = await resolveConfig(flags, io.env, io.cwd);
    const client = createClient({
      baseUrl: config.apiUrl,
      apiKey: config.apiKey,
      ...(io.fetch ? { fetch: io.fetch } : {}),
      headers: { "user-agent": NAME },
    });
    return await command.run({ client, config, io, flags, positionals });
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`${NAME}: ${error.message}\n`);
      return 2;
    }
    if (error instanceof ApiError) {
      io.stderr.write(`${NAME}: ${error.statusCode} ${error.error}: ${error.message}\n`);
      for (const issue of error.issues ?? []) io.stderr.write(`  ${issue.path}: ${issue.message}\n`);
      return 1;
    }
    if (error instanceof ApiNetworkError || error instanceof ApiTimeoutError) {
      io.stderr.write(`${NAME}: ${error.message}\n`);
      return 1;
    }
    io.stderr.write(`${NAME}: ${(error as Error)?.stack ?? String(error)}\n`);
    return 1;
  }
}
