// A query's rows as lines of text, straight from PostgreSQL's COPY … TO STDOUT: the server writes
// the text, the driver hands over its bytes without decoding a row (for an export of 100,000 rows
// the rows' decoding and the text made of them were most of the api's CPU time, BENCHMARKS.md,
// issue 26). COPY in CSV mode writes a field as it is unless it holds the delimiter, the quote
// character, a line break, or is `\.` alone; the delimiter and quote are two control characters,
// so a line that holds none of these four characters and is not `\.` comes out byte for byte.
// COPY takes no bind parameters: values are written into the statement as literals (`sqlLiteral`).
import pg from "pg";

/** Bytes gathered before a piece is handed over (the server sends one message per row). */
const PIECE_BYTES = 64 * 1024;
/** Pieces handed over and not yet written; past this the connection is no longer read from. */
const PIECES_IN_FLIGHT = 4;

/** A string as an SQL literal, for statements that take no parameters (COPY). */
export function sqlLiteral(value: string): string {
  // The protocol ends a statement at its first NUL, which no text value of PostgreSQL holds.
  if (value.includes("\u0000")) throw new Error("an SQL literal cannot hold NUL");
  return pg.escapeLiteral(value);
}

/** What the server said when the COPY ended: `COPY <rows>`. */
interface CommandComplete {
  text?: string;
}

/**
 * The rows of `select` (one text column, never NULL, holding no line break, U+0001 or U+0002, and
 * not `\.` alone),
 * each followed by a newline, handed to `write` in pieces of whole lines as they arrive; resolves
 * to the number of rows once every piece is written. The connection is not read from while
 * `PIECES_IN_FLIGHT` pieces wait to be written, so memory stays bounded however slow `write` is.
 * A `write` that fails does not stop the server: the rest is read and dropped (the statement
 * cannot be cut short on a connection that goes back to the pool), then the failure is thrown.
 */
export function copyLines(client: pg.ClientBase, select: string, write: (piece: Uint8Array) => Promise<void>): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const text = `COPY (${select}) TO STDOUT (FORMAT csv, DELIMITER E'\\x01', QUOTE E'\\x02')`;
    let connection: pg.Connection | undefined;
    let buffer = Buffer.allocUnsafe(PIECE_BYTES);
    let used = 0;
    let inFlight = 0;
    let paused = false;
    let writeFailure: { error: unknown } | undefined;
    let written = Promise.resolve();
    let rows: number | undefined;

    const resume = () => {
      if (paused && inFlight < PIECES_IN_FLIGHT) {
        paused = false;
        connection?.stream.resume();
      }
    };
    const handOver = () => {
      if (used === 0) return;
      const piece = buffer.subarray(0, used);
      buffer = Buffer.allocUnsafe(PIECE_BYTES);
      used = 0;
      if (writeFailure) return;
      inFlight++;
      written = written.then(async () => {
        try {
          if (!writeFailure) await write(piece);
        } catch (error) {
          writeFailure = { error };
        } finally {
          inFlight--;
          resume();
        }
      });
      if (inFlight >= PIECES_IN_FLIGHT && !paused) {
        paused = true;
        connection?.stream.pause();
      }
    };
    const submittable = {
      submit(c: pg.Connection) {
        connection = c;
        c.query(text);
      },
      handleCopyData(message: { chunk: Buffer }) {
        const chunk = message.chunk;
        // The driver reuses its read buffer: the row's bytes are copied before the next read.
        if (used + chunk.byteLength > buffer.byteLength) {
          handOver();
          if (chunk.byteLength > buffer.byteLength) buffer = Buffer.allocUnsafe(chunk.byteLength);
        }
        chunk.copy(buffer, used);
        used += chunk.byteLength;
      },
      handleCommandComplete(message: CommandComplete) {
        handOver();
        rows = Number(/^COPY (\d+)$/.exec(message.text ?? "")?.[1] ?? Number.NaN);
      },
      handleReadyForQuery() {
        resume();
        written.then(() => {
          if (writeFailure) reject(writeFailure.error);
          else if (rows === undefined || Number.isNaN(rows)) reject(new Error("COPY ended without its row count"));
          else resolve(rows);
        }, reject);
      },
      handleError(error: Error) {
        // The statement failed or the connection was lost: whatever was handed over is settled
        // before the caller hears of it, so no write runs after the transaction has ended.
        resume();
        written.then(() => reject(error), reject);
      },
      // Not sent for a COPY; the driver calls them on whatever it runs.
      handleRowDescription() {},
      handleDataRow() {},
      handleEmptyQuery() {},
      handlePortalSuspended() {},
      handleCopyInResponse() {},
    };
    client.query(submittable);
  });
}
