// A query's rows as lines of text, straight from PostgreSQL's COPY … TO STDOUT: the server writes
// the text, pg-copy-streams hands over its bytes without decoding a row (for an export of 100,000 rows
// the rows' decoding and the text made of them were most of the api's CPU time, BENCHMARKS.md,
// issue 26). COPY in CSV mode writes a field as it is unless it holds the delimiter, the quote
// character, a line break, or is `\.` alone; the delimiter and quote are two control characters,
// so a line that holds none of these four characters and is not `\.` comes out byte for byte.
// COPY takes no bind parameters: values are written into the statement as literals (`sqlLiteral`).
import pg from "pg";
import { to as copyTo } from "pg-copy-streams";

/** Bytes gathered before a piece is handed over (the server sends one message per row). */
const PIECE_BYTES = 64 * 1024;

/** A string as an SQL literal, for statements that take no parameters (COPY). */
export function sqlLiteral(value: string): string {
  // The protocol ends a statement at its first NUL, which no text value of PostgreSQL holds.
  if (value.includes("\u0000")) throw new Error("an SQL literal cannot hold NUL");
  return pg.escapeLiteral(value);
}

/**
 * The rows of `select` (one text column, never NULL, holding no line break, U+0001 or U+0002, and
 * not `\.` alone), each followed by a newline, handed to `write` in pieces of whole lines as they
 * arrive, one write at a time; resolves to the number of rows once every piece is written. The
 * stream (pg-copy-streams) stops reading the connection while a write is awaited, so memory stays
 * bounded however slow `write` is. A `write` that fails does not stop the server: the rest is read
 * and dropped (the statement cannot be cut short on a connection that goes back to the pool), then
 * the failure is thrown.
 */
export async function copyLines(client: pg.ClientBase, select: string, write: (piece: Uint8Array) => Promise<void>): Promise<number> {
  const stream = client.query(copyTo(`COPY (${select}) TO STDOUT (FORMAT csv, DELIMITER E'\\x01', QUOTE E'\\x02')`));
  let failure: { error: unknown } | undefined;
  const handOver = async (piece: Buffer) => {
    try {
      await write(piece);
    } catch (error) {
      failure = { error };
    }
  };
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    if (failure) continue;
    pending.push(chunk);
    pendingBytes += chunk.byteLength;
    if (pendingBytes < PIECE_BYTES) continue;
    // Whole lines only: cut after the last newline, which is in the newest chunk or nowhere new.
    const newline = chunk.lastIndexOf(0x0a);
    if (newline < 0) continue;
    const gathered = Buffer.concat(pending, pendingBytes);
    const cut = pendingBytes - (chunk.byteLength - newline - 1);
    pending = cut < pendingBytes ? [gathered.subarray(cut)] : [];
    pendingBytes -= cut;
    await handOver(gathered.subarray(0, cut));
  }
  if (!failure && pendingBytes > 0) await handOver(Buffer.concat(pending, pendingBytes));
  if (failure) throw failure.error;
  return stream.rowCount;
}
