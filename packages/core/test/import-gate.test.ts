// Imports on PGlite take turns (import-gate.ts): one runs at a time, in arrival order, and the queue
// is bounded per organization and in all; past the bound an import is refused at once with a 503
// that carries Retry-After. On PostgreSQL the gate lets every import through.
import { createDb } from "@locale/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ServiceBusyError } from "../src/errors/service-busy";
import { IMPORTS_QUEUED_IN_ALL, IMPORTS_QUEUED_PER_ORGANIZATION, inImportTurn } from "../src/import-export/import-gate";
import { createCoreRuntime, type RuntimeDeps } from "../src/runtime/core-runtime";

let on: RuntimeDeps;
beforeAll(async () => {
  on = { db: await createDb("memory://"), runtime: createCoreRuntime() };
});
afterAll(async () => {
  await on.db.close();
});

/** A unit of work that runs until `release` is called, recording when it started. */
function held(log: string[], name: string) {
  let release!: () => void;
  const done = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    release: () => release(),
    work: async () => {
      log.push(`start ${name}`);
      await done;
      log.push(`end ${name}`);
      return name;
    },
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("inImportTurn on PGlite", () => {
  it("runs one import at a time, in arrival order", async () => {
    const log: string[] = [];
    const [a, b, c] = [held(log, "a"), held(log, "b"), held(log, "c")];
    const runs = [inImportTurn(on, "org1", a.work), inImportTurn(on, "org2", b.work), inImportTurn(on, "org3", c.work)];
    await settle();
    expect(log).toEqual(["start a"]);
    c.release();
    b.release();
    a.release();
    expect(await Promise.all(runs)).toEqual(["a", "b", "c"]);
    expect(log).toEqual(["start a", "end a", "start b", "end b", "start c", "end c"]);
  });

  it("refuses past the bound per organization and in all with a 503 and Retry-After; a finished import frees its place", async () => {
    const log: string[] = [];
    const first = Array.from({ length: IMPORTS_QUEUED_PER_ORGANIZATION }, (_, i) => held(log, `x${i}`));
    const runs = first.map((h) => inImportTurn(on, "busy-org", h.work));
    const refused = await inImportTurn(on, "busy-org", async () => "ran").catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ServiceBusyError);
    expect((refused as ServiceBusyError).toBody()).toEqual({
      statusCode: 503,
      error: "Service Unavailable",
      message: expect.stringMatching(/imports running or waiting/),
    });
    expect((refused as ServiceBusyError).retryAfterSeconds).toBeGreaterThanOrEqual(1);

    // Other organizations fill the rest of the queue, then everyone is refused.
    const others = Array.from({ length: IMPORTS_QUEUED_IN_ALL - IMPORTS_QUEUED_PER_ORGANIZATION }, (_, i) => held(log, `o${i}`));
    const otherRuns = others.map((h, i) => inImportTurn(on, `other-${i}`, h.work));
    await expect(inImportTurn(on, "fresh-org", async () => "ran")).rejects.toBeInstanceOf(ServiceBusyError);

    for (const h of [...first, ...others]) h.release();
    await Promise.all([...runs, ...otherRuns]);
    expect(await inImportTurn(on, "busy-org", async () => "ran")).toBe("ran");
  });

  it("frees the turn when an import fails", async () => {
    await expect(inImportTurn(on, "org", async () => Promise.reject(new Error("bad file")))).rejects.toThrow("bad file");
    expect(await inImportTurn(on, "org", async () => "next")).toBe("next");
  });
});
