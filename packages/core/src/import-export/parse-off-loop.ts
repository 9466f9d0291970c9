// Parses an uploaded file (a translation file or a glossary) without holding the api's event
// loop. A file under the inline threshold is parsed where it is (every parser is linear in its
// input, so a small file costs a few milliseconds); a larger one is parsed in a worker thread
// (node:worker_threads) kept warm between files, with a memory budget (the thread's heap limit) and
// a time budget per parse. Past either budget the thread is ended, replaced by a fresh one for the
// next file, and the request refused with the standard error body (413 for memory, 422 for time),
// never a crash of the api. A small pool of our own rather than piscina or tinypool: those start
// their own worker script from their package folder, which the single-file server bundle lacks. Large files beyond the workers wait in a bounded queue (past
// it, 503 with Retry-After). Meanwhile /health and every other tenant's request keep being
// answered (RELIABILITY.md).
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import {
  type FormatId,
  FormatParseError,
  type GlossaryFormatId,
  type GlossaryOptions,
  type GlossaryParseResult,
  type ParseOptions,
  type ParseResult,
  parse,
  parseGlossary,
} from "@locale/formats";
import { AppError } from "../errors/app-error";
import { ServiceBusyError } from "../errors/service-busy";
import type { ParseJob, ParseMessage, ParseRequest } from "./parse-worker";

export interface FileParsingSettings {
  /** Files of at most this many bytes (or UTF-16 units of text) are parsed on the api thread. */
  inlineBytes: number;
  /** Heap of one parse worker (V8's old generation), in MiB. */
  memoryMb: number;
  /** Longest a parse may take, in milliseconds. */
  timeMs: number;
  /** Parse workers running at once; further large files wait for one to end. */
  workers: number;
}

export const DEFAULT_FILE_PARSING: FileParsingSettings = {
  inlineBytes: 64 * 1024,
  memoryMb: 512,
  timeMs: 60_000,
  workers: Math.max(1, Math.min(4, availableParallelism() - 1)),
};

let settings: FileParsingSettings = DEFAULT_FILE_PARSING;
export function configureFileParsing(next: Partial<FileParsingSettings>): void {
  settings = { ...DEFAULT_FILE_PARSING, ...next };
}

/** Entries per message from a worker: each message is deserialized on the api thread in one go. */
const SLICE = 2000;

/** Parses a translation file, off the event loop when it is large. Throws FormatParseError or an AppError. */
export async function parseOffLoop(format: FormatId, data: string | Uint8Array, options: ParseOptions): Promise<ParseResult> {
  if (data.length <= settings.inlineBytes) return parse(format, data, options);
  const { items, rest } = await inWorker({ kind: "translations", format, data, options, slice: SLICE });
  return { ...(rest as Omit<ParseResult, "entries">), entries: items as ParseResult["entries"] };
}

/** Parses a glossary file (CSV, TBX), off the event loop when it is large. */
export async function parseGlossaryOffLoop(
  format: GlossaryFormatId,
  data: string | Uint8Array,
  options: GlossaryOptions,
): Promise<GlossaryParseResult> {
  if (data.length <= settings.inlineBytes) return parseGlossary(format, data, options);
  const { items, rest } = await inWorker({ kind: "glossary", format, data, options, slice: SLICE });
  return { ...(rest as Omit<GlossaryParseResult, "terms">), terms: items as GlossaryParseResult["terms"] };
}

async function inWorker(job: ParseJob): Promise<{ items: unknown[]; rest: Record<string, unknown> }> {
  await takeSlot();
  try {
    return await parseInWorker(job);
  } finally {
    releaseSlot();
  }
}

/** Large files waiting for a parse worker: each holds its upload in memory, so the queue is bounded. */
export const PARSE_QUEUE_LIMIT = 16;
/** What a file refused because the queue was full is told to wait. */
const PARSE_QUEUE_RETRY_AFTER_SECONDS = 10;

let running = 0;
const waiting: (() => void)[] = [];
function takeSlot(): Promise<void> {
  if (running < settings.workers) {
    running++;
    return Promise.resolve();
  }
  if (waiting.length >= PARSE_QUEUE_LIMIT) {
    throw new ServiceBusyError("Too many large files are being read; retry shortly", PARSE_QUEUE_RETRY_AFTER_SECONDS);
  }
  return new Promise((resolve) => waiting.push(resolve));
}
function releaseSlot(): void {
  const next = waiting.shift();
  if (next) next();
  else running--;
}

/**
 * The compiled server runs a bundled copy of parse-worker.ts beside its own bundle (the build
 * writes it; the bundle's banner sets `__localeBundleUrl`); from the TypeScript sources a small
 * module starts tsx in the worker first.
 */
function workerScript(): URL {
  const bundle = (globalThis as { __localeBundleUrl?: string }).__localeBundleUrl;
  if (bundle) {
    const compiled = new URL("./parse-worker.js", bundle);
    if (!existsSync(fileURLToPath(compiled))) throw new Error(`the parse worker is missing beside the server bundle: ${compiled.pathname}`);
    return compiled;
  }
  return new URL("./parse-worker-source.mjs", import.meta.url);
}

const tooMuchMemory = () =>
  new AppError(
    "PAYLOAD_TOO_LARGE",
    `content: reading the file needs more than the ${settings.memoryMb} MiB a file may use; split it into smaller files`,
    [{ path: "content", message: "needs too much memory to read" }],
  );
const tooLong = () =>
  new AppError(
    "UNPROCESSABLE_ENTITY",
    `content: reading the file takes longer than the ${Math.round(settings.timeMs / 1000)} s a file may take; split it into smaller files`,
    [{ path: "content", message: "takes too long to read" }],
  );

interface WarmWorker {
  worker: Worker;
  /** The heap limit it was started with. */
  memoryMb: number;
}

/** Threads waiting for the next file, unreferenced (they keep no process alive). */
const idle: WarmWorker[] = [];
let started = 0;
let nextRequest = 0;

/** Parse threads started so far: a file parsed by a warm thread starts none. */
export function parseWorkersStarted(): number {
  return started;
}

function takeWorker(): WarmWorker {
  // A warm thread started with another heap limit (settings changed) is ended, not used.
  for (let w = idle.pop(); w; w = idle.pop()) {
    if (w.memoryMb === settings.memoryMb) return w;
    void w.worker.terminate();
  }
  started++;
  const warm: WarmWorker = {
    worker: new Worker(workerScript(), {
      resourceLimits: { maxOldGenerationSizeMb: settings.memoryMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
      stdout: false,
      stderr: false,
    }),
    memoryMb: settings.memoryMb,
  };
  // A thread that ends while idle is no longer one to hand out.
  warm.worker.once("exit", () => {
    const at = idle.indexOf(warm);
    if (at >= 0) idle.splice(at, 1);
  });
  return warm;
}

function parseInWorker(job: ParseJob): Promise<{ items: unknown[]; rest: Record<string, unknown> }> {
  const warm = takeWorker();
  const { worker } = warm;
  worker.ref();
  const id = ++nextRequest;
  return new Promise((resolve, reject) => {
    const items: unknown[] = [];
    /** Settles once; a thread that answered is kept warm, one that blew a budget or failed is ended. */
    const finish = (keep: boolean, settle: () => void) => {
      clearTimeout(timer);
      worker.off("message", onMessage);
      worker.off("error", onError);
      worker.off("exit", onExit);
      if (keep && idle.length < settings.workers) {
        worker.unref();
        idle.push(warm);
      } else void worker.terminate();
      settle();
    };
    const onMessage = (message: ParseMessage) => {
      if (message.id !== id) return;
      if (message.kind === "items") {
        for (const item of message.items) items.push(item);
      } else if (message.kind === "done") {
        finish(true, () => resolve({ items, rest: message.rest }));
      } else {
        finish(true, () => reject(new FormatParseError(message.message)));
      }
    };
    const onError = (err: Error & { code?: string }) =>
      finish(false, () => reject(err.code === "ERR_WORKER_OUT_OF_MEMORY" ? tooMuchMemory() : err));
    const onExit = () => finish(false, () => reject(new Error("the parse worker ended without an answer")));
    const timer = setTimeout(() => finish(false, () => reject(tooLong())), settings.timeMs);
    worker.on("message", onMessage);
    worker.on("error", onError);
    worker.on("exit", onExit);
    // Bytes go over as a copy the worker owns (transferred, not cloned again); text is cloned.
    const data = job.data instanceof Uint8Array ? new Uint8Array(job.data) : job.data;
    worker.postMessage(
      { id, job: { ...job, data } } satisfies ParseRequest,
      data instanceof Uint8Array ? [data.buffer as ArrayBuffer] : [],
    );
  });
}
