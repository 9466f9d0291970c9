// The body of a parse worker thread (parse-off-loop.ts), kept warm between files: parses each file
// it is sent with @locale/formats and posts what it read back in slices, so the api thread never
// deserializes one huge message at once.
import { parentPort } from "node:worker_threads";
import {
  type FormatId,
  FormatParseError,
  type GlossaryFormatId,
  type GlossaryOptions,
  type ParseOptions,
  parse,
  parseGlossary,
} from "@locale/formats";

/** A translation file (`parse`) or a glossary file (`parseGlossary`). */
export type ParseJob =
  | { kind: "translations"; format: FormatId; data: string | Uint8Array; options: ParseOptions; slice: number }
  | { kind: "glossary"; format: GlossaryFormatId; data: string | Uint8Array; options: GlossaryOptions; slice: number };

/** What the api thread sends: one file to parse, numbered. */
export interface ParseRequest {
  id: number;
  job: ParseJob;
}

/** `items` are entries or terms; `rest` is the result without them (errors, metadata). Each names its request. */
export type ParseMessage =
  | { id: number; kind: "items"; items: unknown[] }
  | { id: number; kind: "done"; rest: Record<string, unknown> }
  | { id: number; kind: "refused"; message: string };

function run(job: ParseJob): { items: unknown[]; rest: Record<string, unknown> } {
  if (job.kind === "glossary") {
    const { terms, ...rest } = parseGlossary(job.format, job.data, job.options);
    return { items: terms, rest };
  }
  const { entries, ...rest } = parse(job.format, job.data, job.options);
  return { items: entries, rest };
}

const port = parentPort;
port?.on("message", ({ id, job }: ParseRequest) => {
  try {
    const { items, rest } = run(job);
    for (let from = 0; from < items.length; from += job.slice) {
      port.postMessage({ id, kind: "items", items: items.slice(from, from + job.slice) } satisfies ParseMessage);
    }
    port.postMessage({ id, kind: "done", rest } satisfies ParseMessage);
  } catch (err) {
    // Anything else (a bug) ends the worker with an error event, which the api thread passes on.
    if (!(err instanceof FormatParseError)) throw err;
    port.postMessage({ id, kind: "refused", message: err.message } satisfies ParseMessage);
  }
});
