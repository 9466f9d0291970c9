// DownloadWriter over a real socket: its writer never waits for the client (past its memory the
// pieces go to a temporary file, sent once the writer ends), the client gets every byte in order,
// a download broken off never reads as complete, and a client gone refuses further pieces.
import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DownloadWriter } from "../../src/rest/download-writer";

let server: http.Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** A server whose one response is driven by `handle`; resolves with its URL. */
async function serve(handle: (res: http.ServerResponse) => Promise<void>): Promise<string> {
  server = http.createServer((_req, res) => void handle(res));
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

const pieces = Array.from({ length: 64 }, (_, i) => Buffer.alloc(64 * 1024, i % 251));
const whole = Buffer.concat(pieces);

describe("DownloadWriter", () => {
  it("takes every piece while the client reads nothing, then sends them all in order", async () => {
    let written!: () => void;
    const allWritten = new Promise<void>((resolve) => (written = resolve));
    let download!: DownloadWriter;
    const url = await serve(async (res) => {
      res.setHeader("Content-Length", String(whole.byteLength));
      download = new DownloadWriter(res, 256 * 1024);
      for (const piece of pieces) await download.write(piece);
      written();
      await download.end();
    });
    const res = await fetch(url);
    // 4 MiB written while the client has not read any of the body: nothing waited on it.
    await allWritten;
    expect(download.spilled).toBe(true);
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.equals(whole)).toBe(true);
  });

  it("a download broken off: the client's read fails", async () => {
    const url = await serve(async (res) => {
      res.setHeader("Content-Length", String(whole.byteLength));
      const download = new DownloadWriter(res, 256 * 1024);
      for (const piece of pieces.slice(0, 32)) await download.write(piece);
      await download.abort();
    });
    await expect(fetch(url).then((res) => res.arrayBuffer())).rejects.toThrow();
  });

  it("refuses further pieces once the client is gone", async () => {
    let result!: Promise<unknown>;
    let closed!: () => void;
    const gone = new Promise<void>((resolve) => (closed = resolve));
    const url = await serve(async (res) => {
      const download = new DownloadWriter(res, 256 * 1024);
      await download.write(pieces[0]!);
      res.once("close", closed);
      await gone;
      result = download.write(pieces[1]!).then(
        () => "written",
        (err: Error) => err.message,
      );
    });
    const controller = new AbortController();
    const res = await fetch(url, { signal: controller.signal });
    expect(res.status).toBe(200);
    controller.abort();
    await gone;
    await vi.waitFor(() => expect(result).toBeDefined());
    expect(await result).toMatch(/closed the connection/);
  });
});
