// A download sent as it is made, without making its maker wait for the client: pieces go to the
// response while no more than `memoryBytes` wait in it; past that, the rest goes to a temporary file
// that is sent once everything is written. So an export's database transaction lasts as long as
// reading its rows takes, whatever the client's speed (a stalled client must not hold a pool
// connection, nor PGlite's only one), and memory stays bounded. A download broken off (`abort`)
// ends without its last bytes, so the client sees a failed transfer, never a complete file.
import { once } from "node:events";
import { createReadStream, createWriteStream, type WriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import type { ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";

/** What the response may hold before pieces go to disk (a few cursor pages of an export). */
const MEMORY_BYTES = 8 * 1024 * 1024;

export class DownloadWriter {
  private spill: { dir: string; out: WriteStream; filePath: string } | undefined;
  private closed = false;

  constructor(
    private readonly res: ServerResponse,
    private readonly memoryBytes = MEMORY_BYTES,
  ) {
    res.once("close", () => (this.closed = true));
  }

  /** Whether pieces went to disk (the client read slower than they were made). */
  get spilled(): boolean {
    return this.spill !== undefined;
  }

  /** Takes the next piece; waits for the disk at most, never for the client. */
  async write(piece: Uint8Array): Promise<void> {
    if (this.closed || this.res.destroyed) throw new Error("the client closed the connection");
    if (!this.spill && this.res.writableLength + piece.byteLength <= this.memoryBytes) {
      this.res.write(piece);
      return;
    }
    this.spill ??= await this.openSpill();
    if (!this.spill.out.write(piece)) await once(this.spill.out, "drain");
  }

  /** Sends what went to disk, then ends the response; a client gone meanwhile is not an error. */
  async end(): Promise<void> {
    const spill = this.spill;
    if (!spill) {
      this.res.end();
      return;
    }
    try {
      await new Promise<void>((resolve, reject) => spill.out.end((err?: Error | null) => (err ? reject(err) : resolve())));
      const stream = createReadStream(spill.filePath, { highWaterMark: 256 * 1024 });
      try {
        await once(stream, "open");
      } finally {
        // Removed once open: the descriptor keeps it readable, a dying process leaves nothing.
        await rm(spill.dir, { recursive: true, force: true });
      }
      await pipeline(stream, this.res).catch(() => {});
    } catch (err) {
      await this.abort();
      throw err;
    }
  }

  /** Breaks the response off without its last bytes, and removes what went to disk. */
  async abort(): Promise<void> {
    this.res.destroy();
    const spill = this.spill;
    if (!spill) return;
    spill.out.destroy();
    await rm(spill.dir, { recursive: true, force: true });
  }

  private async openSpill(): Promise<{ dir: string; out: WriteStream; filePath: string }> {
    const dir = await mkdtemp(path.join(tmpdir(), "locale-download-"));
    const filePath = path.join(dir, "rest");
    const out = createWriteStream(filePath);
    out.on("error", () => {}); // reported through once() and end()'s callback
    return { dir, out, filePath };
  }
}
