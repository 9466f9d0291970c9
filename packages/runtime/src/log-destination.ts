// Where the api's and the worker's log lines go: stdout, written synchronously (a line is out
// before the request moves on, and no cross-thread hand-off per line; BENCHMARKS.md, issue 14).
// A log that cannot be written must never take the service down: with stdout on a full disk
// (ENOSPC), a closed pipe (EPIPE) or a reader that does not keep up (EAGAIN on a non-blocking
// pipe), pino's own synchronous destination emitted an `error` nobody handled and the process
// exited — or, for EAGAIN, slept and retried for ever with the event loop stopped. Here a line
// that cannot be written is dropped and counted, and the count is reported by the next line that
// gets through.
import { writeSync } from "node:fs";

// A reader that is only slow gets a few short chances before the line is dropped.
const EAGAIN_RETRIES = 3;
const EAGAIN_WAIT_MS = 5;

const pause = new Int32Array(new SharedArrayBuffer(4));

export interface LogDestination {
  write(line: string): void;
  /** Lines dropped since the last one written. */
  readonly dropped: number;
}

function writeAll(fd: number, data: Buffer): void {
  let offset = 0;
  let retries = 0;
  while (offset < data.length) {
    try {
      offset += writeSync(fd, data, offset);
      retries = 0;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if ((code !== "EAGAIN" && code !== "EBUSY") || ++retries > EAGAIN_RETRIES) throw error;
      Atomics.wait(pause, 0, 0, EAGAIN_WAIT_MS);
    }
  }
}

/** A pino destination on `fd` (default stdout) that drops what it cannot write instead of failing. */
export function safeLogDestination(fd = 1): LogDestination {
  let dropped = 0;
  let lastError = "";
  return {
    get dropped() {
      return dropped;
    },
    write(line: string) {
      try {
        if (dropped > 0) {
          const note = { level: 40, time: Date.now(), msg: `${dropped} log lines could not be written (${lastError}) and were dropped` };
          writeAll(fd, Buffer.from(`${JSON.stringify(note)}\n`));
          dropped = 0;
        }
        writeAll(fd, Buffer.from(line));
      } catch (error) {
        dropped++;
        lastError = (error as NodeJS.ErrnoException).code ?? String(error);
      }
    },
  };
}
