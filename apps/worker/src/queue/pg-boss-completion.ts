// pg-boss 10 marks a job complete (or failed) after its handler returns without waiting for the
// statement (manager.js, watch → onFetch calls `this.complete(...)` unawaited): when the database
// is unreachable at that moment (a restart, a failover) the rejection is unhandled and Node ends
// the process. Every complete/fail promise gets a handler that reports the failure as the queue's
// `error` event (logged by createQueue); callers that await the promise still see it reject. A
// job left unmarked is harmless here: it expires, and the AiJob lease decides who runs what.
// Loaded from pg-boss's own file: should it move, this import fails at start, loudly.
import { createRequire } from "node:module";

type Method = (this: { emit(event: string, error: unknown): boolean }, ...args: unknown[]) => Promise<unknown>;

const require = createRequire(import.meta.url);
const Manager = require("pg-boss/src/manager.js") as { prototype: Record<string, Method> };
const GUARDED = Symbol.for("locale.pgBossCompletionGuarded");

export function guardPgBossCompletion(): void {
  const proto = Manager.prototype as Record<string | symbol, unknown>;
  if (proto[GUARDED]) return;
  proto[GUARDED] = true;
  for (const name of ["complete", "fail"]) {
    const original = Manager.prototype[name];
    if (typeof original !== "function") throw new Error(`pg-boss no longer has Manager.${name}; see pg-boss-completion.ts`);
    Manager.prototype[name] = function (this: { emit(event: string, error: unknown): boolean }, ...args: unknown[]) {
      const result = original.apply(this, args);
      result.catch((error: unknown) => this.emit("error", error));
      return result;
    };
  }
}
