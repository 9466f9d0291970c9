// A snapshot's rows as lines by COPY (copy-lines.ts), on PostgreSQL: the text comes out byte for
// byte whatever it holds but what it may not (line breaks, U+0001, U+0002, `\.` alone), in
// pieces of whole lines; values are written into the statement as literals (`sqlLiteral`); and a
// failing statement or a failing `write` fails that COPY alone, after every piece handed over is
// settled, leaving the connection usable.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sqlLiteral } from "../src/copy-lines";
import type { Database } from "../src/create-db";
import { createTestDb } from "../src/testing";

const TRICKY = [
  `quotes ' '' " "" and \\ \\\\ \\n \\. and , ; | tabs\tin\tbetween`,
  "\\. not alone",
  "\u0003\u0004\u001f\u007f are kept",
  "héllo — 👋 𝄞 \u2028 \u2029 \ufeff",
  "E'not an escape' $$ $1 $tag$",
  " ",
];

describe("COPY lines, on PostgreSQL", () => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(async () => {
    await db.close();
  });

  /** Runs one COPY in a snapshot; the pieces it wrote, and its row count. */
  async function copy(select: string, write?: (piece: Uint8Array) => Promise<void>) {
    const pieces: Buffer[] = [];
    const rows = await db.readSnapshot((reader) =>
      reader.copyLines!(select, async (piece) => {
        pieces.push(Buffer.from(piece));
        await write?.(piece);
      }),
    );
    return { pieces, rows, text: Buffer.concat(pieces).toString("utf8") };
  }

  it("writes every line's bytes as they are, a literal being exactly its value", async () => {
    const select = TRICKY.map((value) => `SELECT ${sqlLiteral(value)}`).join(" UNION ALL ");
    const { rows, text } = await copy(select);
    expect(rows).toBe(TRICKY.length);
    expect(text).toBe(TRICKY.map((value) => `${value}\n`).join(""));
  });

  it("hands over whole lines, many to a piece, and a line longer than a piece whole", async () => {
    const { pieces, rows, text } = await copy(
      `SELECT CASE WHEN i = 1500 THEN repeat('é', 100000) ELSE 'line ' || i END FROM generate_series(1, 30000) i ORDER BY i`,
    );
    expect(rows).toBe(30_000);
    const lines = text.split("\n");
    expect(lines.length).toBe(30_001);
    expect(lines[1499]).toBe("é".repeat(100_000));
    expect(lines[29_999]).toBe("line 30000");
    expect(pieces.length).toBeGreaterThan(3);
    expect(pieces.length).toBeLessThan(100);
    for (const piece of pieces) expect(piece.at(-1)).toBe(0x0a);
  });

  it("a slow writer gets every line, in order (the connection is not read from while pieces wait)", async () => {
    let waiting = 0;
    let mostWaiting = 0;
    const { rows, text } = await copy("SELECT repeat('x', 100) || ' ' || i FROM generate_series(1, 20000) i ORDER BY i", async () => {
      waiting++;
      mostWaiting = Math.max(mostWaiting, waiting);
      await new Promise((resolve) => setTimeout(resolve, 2));
      waiting--;
    });
    expect(rows).toBe(20_000);
    expect(text).toBe(Array.from({ length: 20_000 }, (_, i) => `${"x".repeat(100)} ${i + 1}\n`).join(""));
    // Pieces are written one after the other.
    expect(mostWaiting).toBe(1);
  });

  it("an empty result: no piece, zero rows", async () => {
    const { pieces, rows } = await copy("SELECT 'x' WHERE false");
    expect(rows).toBe(0);
    expect(pieces).toEqual([]);
  });

  it("a failing statement rejects, and the next snapshot runs", async () => {
    const failed = db.readSnapshot((reader) =>
      reader.copyLines!("SELECT (1 / (i - 5000))::text FROM generate_series(1, 100000) i", async () => {}),
    );
    await expect(failed).rejects.toThrow(/division by zero/);
    expect(await db.readSnapshot((reader) => reader.arrays("SELECT 1"))).toEqual([[1]]);
  });

  it("a failing write rejects with its error once the COPY has ended, and the connection is usable", async () => {
    let calls = 0;
    const result = await db.readSnapshot(async (reader) => {
      const failed = await reader.copyLines!("SELECT 'line ' || i FROM generate_series(1, 50000) i", async () => {
        calls++;
        if (calls === 2) throw new Error("the client went away");
      }).catch((error: Error) => error.message);
      return { failed, next: await reader.arrays("SELECT 2") };
    });
    expect(result).toEqual({ failed: "the client went away", next: [[2]] });
    // No write after the one that failed.
    expect(calls).toBe(2);
  });

  it("a literal cannot hold NUL", () => {
    expect(() => sqlLiteral("a\u0000b")).toThrow(/NUL/);
  });
});
