// Where the user ran the start command. A package manager runs scripts from the package's own
// directory (pnpm: apps/api) and keeps the caller's directory in INIT_CWD; a relative DATA_DIR
// means the caller's directory, as it would for any command they type.
import path from "node:path";

export function userDirectory(env: Record<string, string | undefined> = process.env): string {
  const viaScriptRunner = !!env.npm_lifecycle_event && !!env.INIT_CWD;
  return viaScriptRunner ? (env.INIT_CWD as string) : process.cwd();
}

/** `target` made absolute against the user's directory (absolute paths unchanged). */
export function resolveFromUserDirectory(target: string, env: Record<string, string | undefined> = process.env): string {
  return path.resolve(userDirectory(env), target);
}
