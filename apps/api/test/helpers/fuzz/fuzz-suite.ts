// The fuzz suites' shared setup: the fuzz server over a fresh test database and a webhook receiver,
// started before a file's tests and closed after them.
import { createTestDb } from "@locale/db";
import { afterAll, beforeAll } from "vitest";
import { type FuzzServer, startFuzzServer } from "./fuzz-server";
import { startHookReceiver } from "./webhook-receiver";

export interface FuzzSuite {
  server: FuzzServer;
  receiver: Awaited<ReturnType<typeof startHookReceiver>>;
}

/** Registers the setup and teardown; the returned object is filled in by beforeAll. */
export function useFuzzServer(): FuzzSuite {
  const suite = {} as FuzzSuite;
  beforeAll(async () => {
    suite.receiver = await startHookReceiver();
    suite.server = await startFuzzServer(await createTestDb());
  });
  afterAll(async () => {
    await suite.server?.close();
    await suite.receiver?.close();
    await suite.server?.db.close();
  });
  return suite;
}
