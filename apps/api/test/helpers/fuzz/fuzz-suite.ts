// The fuzz suites' shared setup: the fuzz server over a fresh test database and a webhook receiver,
// started before a file's tests and closed after them.
import { createTestDb } from "@locale/db";
import { afterAll, beforeAll } from "vitest";
import { startWebhookReceiver } from "../webhook-receiver";
import { type FuzzServer, startFuzzServer } from "./fuzz-server";

export interface FuzzSuite {
  server: FuzzServer;
  receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
}

/** Registers the setup and teardown; the returned object is filled in by beforeAll. */
export function useFuzzServer(): FuzzSuite {
  const suite = {} as FuzzSuite;
  beforeAll(async () => {
    suite.receiver = await startWebhookReceiver();
    suite.server = await startFuzzServer(await createTestDb());
  });
  afterAll(async () => {
    await suite.server?.close();
    await suite.receiver?.close();
    await suite.server?.db.close();
  });
  return suite;
}
