// Large uploads are parsed in a worker thread (parse-off-loop.ts): the result is the parser's own,
// the event loop keeps turning meanwhile, and a file past its memory or time budget is refused
// with the standard error (413, 422) while the process carries on.
import { parse, parseGlossary } from "@locale/formats";
import { afterEach, describe, expect, it } from "vitest";
import { AppError } from "../src/errors/app-error";
import { ServiceBusyError } from "../src/errors/service-busy";
import {
  configureFileParsing,
  DEFAULT_FILE_PARSING,
  PARSE_QUEUE_LIMIT,
  parseGlossaryOffLoop,
  parseOffLoop,
  parseWorkersStarted,
} from "../src/import-export/parse-off-loop";

const yamlOf = (keys: number) => Array.from({ length: keys }, (_, i) => `key${i}: "Value number ${i}"`).join("\n");

afterEach(() => configureFileParsing(DEFAULT_FILE_PARSING));

/** Runs `work` while a timer ticks every millisecond; returns its result and the longest gap between ticks. */
async function withLoopWatch<T>(work: () => Promise<T>): Promise<{ result: T; longestGap: number; ticks: number }> {
  let last = performance.now();
  let longestGap = 0;
  let ticks = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longestGap = Math.max(longestGap, now - last);
    last = now;
    ticks++;
  }, 1);
  try {
    const result = await work();
    longestGap = Math.max(longestGap, performance.now() - last);
    return { result, longestGap, ticks };
  } finally {
    clearInterval(timer);
  }
}

describe("parsing off the event loop", () => {
  it("gives the parser's own result for a file over the threshold, text or bytes", { timeout: 120_000 }, async () => {
    const yaml = yamlOf(5000);
    expect(yaml.length).toBeGreaterThan(DEFAULT_FILE_PARSING.inlineBytes);
    const inline = parse("yaml", yaml, { language: "en" });
    expect(await parseOffLoop("yaml", yaml, { language: "en" })).toEqual(inline);
    const bytes = new TextEncoder().encode(yaml);
    expect(await parseOffLoop("yaml", bytes, { language: "en" })).toEqual(inline);
    // The caller's bytes are not taken from it (the worker gets a copy).
    expect(bytes.length).toBeGreaterThan(0);
    const csv = `term,de\n${Array.from({ length: 5000 }, (_, i) => `term${i},Begriff ${i}`).join("\n")}`;
    expect(await parseGlossaryOffLoop("csv", csv, { sourceLanguage: "en" })).toEqual(parseGlossary("csv", csv, { sourceLanguage: "en" }));
  });

  it("passes the parser's refusal on as a FormatParseError", { timeout: 120_000 }, async () => {
    const duplicated = `${yamlOf(5000)}\nkey0: "again"`;
    await expect(parseOffLoop("yaml", duplicated, { language: "en" })).rejects.toMatchObject({
      name: "FormatParseError",
      message: expect.stringContaining("a key appears twice"),
    });
  });

  it("keeps the event loop turning while a large file is parsed", { timeout: 180_000 }, async () => {
    // 100,000 keys: on the event loop this parse holds it for its whole length (seconds on a loaded
    // machine). The same parse is first measured inline here, so the bound below is a ratio to this
    // machine's speed at this moment, not a number of milliseconds.
    const yaml = yamlOf(100_000);
    const inline = await withLoopWatch(async () => parse("yaml", yaml, { language: "en" }));
    const off = await withLoopWatch(() => parseOffLoop("yaml", yaml, { language: "en" }));
    expect(off.result.entries.length).toBe(100_000);
    expect(inline.longestGap).toBeGreaterThan(200);
    expect(off.longestGap).toBeLessThan(inline.longestGap / 3);
    expect(off.ticks).toBeGreaterThan(10);
  });

  it("refuses a file that needs more memory than its budget with 413, and the next one parses", { timeout: 120_000 }, async () => {
    configureFileParsing({ memoryMb: 8 });
    const big = yamlOf(200_000);
    const refused = await parseOffLoop("yaml", big, { language: "en" }).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(413);
    expect((refused as AppError).message).toMatch(/^content: reading the file needs more than the 8 MiB/);
    configureFileParsing(DEFAULT_FILE_PARSING);
    expect((await parseOffLoop("yaml", big, { language: "en" })).entries.length).toBe(200_000);
  });

  it("parses the next files in the same warm thread, and replaces a thread that blew its budget", { timeout: 180_000 }, async () => {
    const yaml = yamlOf(20_000);
    expect((await parseOffLoop("yaml", yaml, { language: "en" })).entries.length).toBe(20_000);
    const warm = parseWorkersStarted();
    for (let i = 0; i < 3; i++) expect((await parseOffLoop("yaml", yaml, { language: "en" })).entries.length).toBe(20_000);
    // A refusal by the parser leaves the thread usable.
    await expect(parseOffLoop("yaml", `${yamlOf(5000)}\nkey0: "again"`, { language: "en" })).rejects.toMatchObject({
      name: "FormatParseError",
    });
    expect((await parseOffLoop("yaml", yaml, { language: "en" })).entries.length).toBe(20_000);
    expect(parseWorkersStarted()).toBe(warm);
    // Past the time budget the thread is ended; the next file gets a fresh one.
    configureFileParsing({ timeMs: 1 });
    expect(((await parseOffLoop("yaml", yamlOf(100_000), { language: "en" }).catch((err: unknown) => err)) as AppError).status).toBe(422);
    configureFileParsing(DEFAULT_FILE_PARSING);
    expect((await parseOffLoop("yaml", yaml, { language: "en" })).entries.length).toBe(20_000);
    expect(parseWorkersStarted()).toBe(warm + 1);
    // Past the memory budget too (a thread of its own, with that heap limit).
    configureFileParsing({ memoryMb: 8 });
    expect(((await parseOffLoop("yaml", yamlOf(200_000), { language: "en" }).catch((err: unknown) => err)) as AppError).status).toBe(413);
    configureFileParsing(DEFAULT_FILE_PARSING);
    expect((await parseOffLoop("yaml", yaml, { language: "en" })).entries.length).toBe(20_000);
    expect(parseWorkersStarted()).toBe(warm + 3);
  });

  it("refuses a file that takes longer than its budget with 422", { timeout: 120_000 }, async () => {
    // A millisecond is less than any worker thread needs to start, let alone read 100,000 keys.
    configureFileParsing({ timeMs: 1 });
    const refused = await parseOffLoop("yaml", yamlOf(100_000), { language: "en" }).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(422);
    expect((refused as AppError).issues).toEqual([{ path: "content", message: "takes too long to read" }]);
  });

  it("parses the files that queued for the one worker, each in its turn", { timeout: 180_000 }, async () => {
    configureFileParsing({ workers: 1 });
    const files = [yamlOf(4000), yamlOf(4100), yamlOf(4200)];
    const results = await Promise.all(files.map((f) => parseOffLoop("yaml", f, { language: "en" })));
    expect(results.map((r) => r.entries.length)).toEqual([4000, 4100, 4200]);
  });

  it("refuses a large file with 503 and Retry-After once the queue for the workers is full", { timeout: 300_000 }, async () => {
    // A 1 ms budget ends each accepted parse quickly (422): what counts is who was let in.
    configureFileParsing({ workers: 1, timeMs: 1 });
    const yaml = yamlOf(5000);
    // One file runs and PARSE_QUEUE_LIMIT wait: the next one is refused at once.
    const accepted = Array.from({ length: PARSE_QUEUE_LIMIT + 1 }, () =>
      parseOffLoop("yaml", yaml, { language: "en" }).catch((err: unknown) => err),
    );
    const refused = await parseOffLoop("yaml", yaml, { language: "en" }).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(ServiceBusyError);
    expect((refused as ServiceBusyError).status).toBe(503);
    expect((refused as ServiceBusyError).retryAfterSeconds).toBeGreaterThan(0);
    for (const outcome of await Promise.all(accepted)) expect((outcome as AppError).status).toBe(422);
    // A small file never queues.
    expect((await parseOffLoop("yaml", "a: b", { language: "en" })).entries).toEqual([{ key: "a", value: "b" }]);
  });
});
