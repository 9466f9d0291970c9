// Runs parse-worker.ts from the TypeScript sources (tests, `tsx` dev runs): the compiled server
// runs its bundled copy instead (parse-off-loop.ts).
import { register } from "tsx/esm/api";

register();
await import("./parse-worker.ts");
