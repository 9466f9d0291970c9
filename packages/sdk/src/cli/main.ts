// The `locale` command: push, pull, status, translate. Exit codes for CI: 0 success,
// 1 the operation failed (API error, failed items, below --min), 2 usage error.
import { parseArgs } from "node:util";
import { createClient } from "../client";
import { ApiError, ApiNetworkError, ApiTimeoutError } from "../errors";
import { resolveConfig } from "./config";
import type { CliIo, CommandContext } from "./io";
import { pull } from "./pull";
import { push } from "./push";
import { status } from "./status";
import { translate } from "./translate";
import { UsageError } from "./usage-error";

const COMMANDS: Record<string, (ctx: CommandContext) => Promise<number>> = { push, pull, status, translate };

export const USAGE = `Usage: locale <command> [options]

Commands:
  push        import every file matching --files (language read from {language})
  pull        export every project language to --files
  status      completion per language (--min <percent> fails below it, --json)
  translate   AI-translate untranslated keys with a progress bar (--target, --limit, --all)

Options:
  --api-url <url>        service address (env API_URL)
  --api-key <key>        API token (env API_KEY)
  --project <id>         project id (env PROJECT_ID)
  --config <file>        config file (default ./.localerc.json)
  --files <pattern>      e.g. 'locales/{language}.json'
  --format <id>          file format (default: from the extension)
  --namespace <ns>       namespace for import/export
  --languages <a,b>      only these languages (push, pull, status)
  --overwrite            push: replace existing translations
  --strict               push: fail when a file has skipped entries
  --include-untranslated pull: also write untranslated keys
  --target <a,b>         translate: target languages (default: all)
  --source <lang>        translate: source language (default: the project's)
  --limit <n>            translate: keys per job (1-200)
  --model <id>           translate: model id
  --all                  translate: keep going while untranslated keys remain
  --min <percent>        status: exit 1 when a target language is below
  --json                 status: print JSON
  -h, --help             show this help
`;

export async function runCli(argv: string[], io: CliIo): Promise<number> {
  // biome-ignore lint/suspicious/noImplicitAnyLet: typed by the parseArgs call below
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        "api-url": { type: "string" },
        "api-key": { type: "string" },
        project: { type: "string" },
        config: { type: "string" },
        files: { type: "string" },
        format: { type: "string" },
        namespace: { type: "string" },
        languages: { type: "string" },
        overwrite: { type: "boolean" },
        strict: { type: "boolean" },
        "include-untranslated": { type: "boolean" },
        target: { type: "string" },
        source: { type: "string" },
        limit: { type: "string" },
        model: { type: "string" },
        all: { type: "boolean" },
        min: { type: "string" },
        json: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    io.stderr.write(`locale: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const [command, ...extra] = parsed.positionals;
  if (parsed.values.help) {
    io.stdout.write(USAGE);
    return 0;
  }
  const run = command ? COMMANDS[command] : undefined;
  if (!run || extra.length > 0) {
    io.stderr.write(`${command ? `locale: unknown command "${[command, ...extra].join(" ")}"\n\n` : ""}${USAGE}`);
    return 2;
  }
  try {
    const config = await resolveConfig(parsed.values, io.env, io.cwd);
    const client = createClient({
      baseUrl: config.apiUrl,
      apiKey: config.apiKey,
      ...(io.fetch ? { fetch: io.fetch } : {}),
      headers: { "user-agent": "locale-cli" },
    });
    return await run({ client, config, io, flags: parsed.values });
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`locale: ${error.message}\n`);
      return 2;
    }
    if (error instanceof ApiError) {
      io.stderr.write(`locale: ${error.statusCode} ${error.error}: ${error.message}\n`);
      for (const issue of error.issues ?? []) io.stderr.write(`  ${issue.path}: ${issue.message}\n`);
      return 1;
    }
    if (error instanceof ApiNetworkError || error instanceof ApiTimeoutError) {
      io.stderr.write(`locale: ${error.message}\n`);
      return 1;
    }
    io.stderr.write(`locale: ${(error as Error)?.stack ?? String(error)}\n`);
    return 1;
  }
}
