// The shape every subcommand shares: its own options (parsed strictly, so a flag another command
// takes is a usage error here), its help text and its run function.
import type { ParseArgsConfig } from "node:util";
import type { CommandContext } from "./io";

export type OptionSpec = NonNullable<ParseArgsConfig["options"]>;

export interface Command {
  name: string;
  summary: string;
  /** Takes positional arguments (`release create`, `screenshots push <file>...`); they reach `run` as `positionals`, the others refuse them. */
  positionals?: boolean;
  /** Options besides the connection options every command takes. */
  options: OptionSpec;
  /** Help text: usage line, description and option lines. */
  help: string;
  run(ctx: CommandContext): Promise<number>;
}

/** Connection options, taken by every command. */
export const CONNECTION_OPTIONS = {
  "api-url": { type: "string" },
  "api-key": { type: "string" },
  project: { type: "string" },
  config: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const satisfies OptionSpec;

export const CONNECTION_HELP = `Connection (flags win over the environment, which wins over the config file):
  --api-url <url>   service address, e.g. http://localhost:3000   (env API_URL, config apiUrl)
  --api-key <key>   API token                                     (env API_KEY)
  --project <id>    project id                                    (env PROJECT_ID, config projectId)
  --config <file>   config file (default: ./.localerc.json)
  -h, --help        show this help`;
