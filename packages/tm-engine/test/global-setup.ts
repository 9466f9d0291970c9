// Builds the native addon before any test file loads it, failing when it cannot be built: the
// suite checks the engine itself, so "not built, fall back to the database" is a failure here.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

export default function setup(): void {
  const script = fileURLToPath(new URL("../scripts/build.mjs", import.meta.url));
  const result = spawnSync(process.execPath, [script], { env: { ...process.env, TM_ENGINE_REQUIRED: "1" }, stdio: "inherit" });
  if (result.status !== 0) throw new Error("the native TM engine could not be built (scripts/build.mjs)");
}
