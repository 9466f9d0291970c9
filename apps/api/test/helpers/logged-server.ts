// A test server whose log lines are kept in memory (level info), for tests that assert what a
// request writes to the log — e.g. that a client's mistake writes no error line. Otherwise the
// fuzzer's server (helpers/fuzz/fuzz-server.ts) over a fresh test database.
import { Writable } from "node:stream";
import { createTestDb } from "@locale/db";
import { startFuzzServer } from "./fuzz/fuzz-server";
import type { TestServer } from "./test-server";

export interface LoggedServer extends TestServer {
  /** Every log line written so far, parsed. */
  lines: Array<Record<string, any>>;
  /** Lines at error level or above (pino: 50+). */
  errorLines(): Array<Record<string, any>>;
}

export async function startLoggedServer(): Promise<LoggedServer> {
  const lines: Array<Record<string, any>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const text of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(text));
      done();
    },
  });
  const db = await createTestDb();
  const server = await startFuzzServer(db, { LOG_LEVEL: "info" }, stream);
  return {
    ...server,
    lines,
    errorLines: () => lines.filter((l) => l.level >= 50),
    async close() {
      await server.close();
      await db.close();
    },
  };
}
