// Reads a json-flat or json-nested file as a stream of entries, so an import never holds the
// document, only the entries of the chunk at hand. Tokens come from @streamparser/json's tokenizer
// (it lexes only); the grammar, the flattening and the per-entry warnings are checked here with the
// same rules and messages as @locale/formats' whole-file parsers (json-flat.ts, key-tree.ts), with
// one difference: a key repeated within an object keeps its first occurrence, like every other
// format, where JSON.parse would keep the last.

import { FormatParseError } from "@locale/formats";
import { Tokenizer } from "@streamparser/json";

export type JsonStreamFormat = "json-flat" | "json-nested";

export interface StreamedEntry {
  key: string;
  value: string;
}

export interface StreamedIssue {
  key?: string;
  line?: number;
  message: string;
}

/** The library's default nesting limit (DEFAULT_MAX_DEPTH in @locale/formats). */
const MAX_DEPTH = 64;

// Token types of @streamparser/json (TokenType enum).
const LEFT_BRACE = 0;
const RIGHT_BRACE = 1;
const LEFT_BRACKET = 2;
const RIGHT_BRACKET = 3;
const COLON = 4;
const COMMA = 5;
const TRUE = 6;
const FALSE = 7;
const NULL = 8;
const STRING = 9;
const NUMBER = 10;

interface Frame {
  isArray: boolean;
  /** Key prefix of the children (`a.b.`), empty at the root. */
  prefix: string;
  /** The full key of this container, for the "empty object" warning. */
  key: string;
  depth: number;
  /** Next array index. */
  index: number;
  children: number;
  /** What the next token must be. */
  expect: "key-or-close" | "key" | "colon" | "value" | "value-or-close" | "comma-or-close";
  /** Key of the value being read in an object. */
  pendingKey: string;
}

/**
 * Feeds `source` through the tokenizer; calls `onEntry`/`onIssue` synchronously while a chunk is
 * tokenized and awaits `afterChunk` after each chunk (where the caller writes full batches).
 * Throws FormatParseError (with the line) for a file that is not valid JSON of the right shape.
 */
export async function readJsonEntries(
  format: JsonStreamFormat,
  source: AsyncIterable<Uint8Array>,
  onEntry: (entry: StreamedEntry) => void,
  onIssue: (issue: StreamedIssue) => void,
  afterChunk: () => Promise<void>,
): Promise<void> {
  const tokenizer = new Tokenizer();
  const stack: Frame[] = [];
  let started = false;
  let done = false;
  let failure: Error | undefined;
  // Line accounting: lines before the current chunk, and the chunk itself for offsets inside it.
  let chunk: Uint8Array = new Uint8Array(0);
  let chunkStart = 0;
  let linesBefore = 1;
  let sawContent = false;
  const decoder = new TextDecoder("utf-8", { fatal: true });

  const lineAt = (offset: number): number => {
    let line = linesBefore;
    const end = Math.min(Math.max(offset - chunkStart, 0), chunk.length);
    for (let i = 0; i < end; i++) if (chunk[i] === 10) line++;
    return line;
  };
  const fail = (message: string, offset?: number): never => {
    throw new FormatParseError(message, offset === undefined ? {} : { line: lineAt(offset) });
  };
  const unexpected = (value: unknown, offset: number): never =>
    fail(`The file is not valid JSON: unexpected ${JSON.stringify(String(value))}`, offset);
  const notAnObject = (): never =>
    fail(
      format === "json-flat"
        ? "The JSON file must contain an object of keys and values."
        : "The file must contain an object of keys and values at its top level.",
    );

  const open = (isArray: boolean, parent: Frame | undefined, key: string, offset: number) => {
    const depth = parent ? parent.depth + 1 : 0;
    if (depth >= MAX_DEPTH) fail(`The file is nested more than ${MAX_DEPTH} levels deep.`, offset);
    stack.push({
      isArray,
      prefix: parent ? `${key}.` : "",
      key,
      depth,
      index: 0,
      children: 0,
      expect: isArray ? "value-or-close" : "key-or-close",
      pendingKey: "",
    });
  };

  /** A value (scalar or the start of a container) inside `frame`. */
  const value = (frame: Frame, token: number, raw: unknown, offset: number) => {
    const name = frame.isArray ? String(frame.index++) : frame.pendingKey;
    const key = frame.prefix + name;
    frame.children++;
    frame.expect = "comma-or-close";
    if (token === LEFT_BRACE || token === LEFT_BRACKET) {
      // json-flat: a nested value is reported, its content still read (and depth-checked) but not imported.
      if (format === "json-flat" && frame.depth === 0) {
        onIssue({ key, message: `"${key}" holds a nested object; flat JSON expects text values (use json-nested).` });
      }
      open(token === LEFT_BRACKET, frame, key, offset);
      return;
    }
    if (format === "json-flat" && frame.depth > 0) return;
    if (token === STRING) onEntry({ key, value: raw as string });
    else if (token === NUMBER || token === TRUE || token === FALSE) {
      const text = String(raw);
      onEntry({ key, value: text });
      const kind = token === NUMBER ? "a number" : "a boolean";
      onIssue({ key, message: `"${key}" is ${kind} (${text}), not a string; it was imported as the text "${text}".` });
    } else if (token === NULL) {
      onIssue({
        key,
        message: format === "json-flat" ? `"${key}" has no text value and was skipped.` : `"${key}" has no value and was skipped.`,
      });
    }
  };

  const close = (frame: Frame) => {
    stack.pop();
    const parent = stack[stack.length - 1];
    if (format === "json-nested" && frame.children === 0 && parent) {
      onIssue({ key: frame.key, message: `"${frame.key}" is an empty ${frame.isArray ? "list" : "object"} and was skipped.` });
    }
    if (!parent) done = true;
  };

  tokenizer.onToken = ({ token, value: raw, offset }) => {
    if (failure) return;
    try {
      if (done) unexpected(raw, offset);
      const frame = stack[stack.length - 1];
      if (!frame) {
        if (started) unexpected(raw, offset);
        started = true;
        if (token !== LEFT_BRACE) notAnObject();
        open(false, undefined, "", offset);
        return;
      }
      switch (frame.expect) {
        case "key-or-close":
        case "key":
          if (token === STRING) {
            frame.pendingKey = raw as string;
            frame.expect = "colon";
          } else if (token === RIGHT_BRACE && frame.expect === "key-or-close") close(frame);
          else unexpected(raw, offset);
          return;
        case "colon":
          if (token !== COLON) unexpected(raw, offset);
          frame.expect = "value";
          return;
        case "value":
        case "value-or-close":
          if (token === RIGHT_BRACKET && frame.expect === "value-or-close") close(frame);
          else if (
            token === STRING ||
            token === NUMBER ||
            token === TRUE ||
            token === FALSE ||
            token === NULL ||
            token === LEFT_BRACE ||
            token === LEFT_BRACKET
          )
            value(frame, token, raw, offset);
          else unexpected(raw, offset);
          return;
        case "comma-or-close":
          if (token === COMMA) frame.expect = frame.isArray ? "value" : "key";
          else if (token === (frame.isArray ? RIGHT_BRACKET : RIGHT_BRACE)) close(frame);
          else unexpected(raw, offset);
          return;
      }
    } catch (err) {
      failure = err as Error;
    }
  };
  tokenizer.onError = (err) => {
    if (failure) return;
    const at = /position "?(\d+)/.exec(err.message);
    const found = /Unexpected "(.*?)"/.exec(err.message);
    try {
      fail(
        found ? `The file is not valid JSON: unexpected ${JSON.stringify(found[1])}` : "The file is not valid JSON.",
        at ? Number(at[1]) : undefined,
      );
    } catch (e) {
      failure = e as Error;
    }
  };
  tokenizer.onEnd = () => {};

  for await (const piece of source) {
    chunk = piece;
    try {
      decoder.decode(piece, { stream: true });
    } catch {
      throw new FormatParseError("The file is not valid UTF-8 or UTF-16 text.");
    }
    if (!sawContent) sawContent = hasContent(piece);
    if (!failure) tokenizer.write(piece);
    if (failure) throw failure;
    await afterChunk();
    for (let i = 0; i < piece.length; i++) if (piece[i] === 10) linesBefore++;
    chunkStart += piece.length;
  }
  try {
    decoder.decode();
  } catch {
    throw new FormatParseError("The file is not valid UTF-8 or UTF-16 text.");
  }
  chunk = new Uint8Array(0);
  if (!sawContent) throw new FormatParseError("The file is empty.");
  if (!failure && !tokenizer.isEnded) {
    try {
      tokenizer.end();
    } catch (err) {
      if (!failure) failure = err as Error;
    }
  }
  if (failure) throw failure instanceof FormatParseError ? failure : new FormatParseError("The file is not valid JSON.");
  if (!done) fail("The file is not valid JSON: the file ends too early", chunkStart);
  await afterChunk();
}

/** Whether the bytes hold anything but whitespace and a byte-order mark. */
function hasContent(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b === 32 || b === 9 || b === 10 || b === 13) continue;
    if (i <= 2 && (b === 0xef || b === 0xbb || b === 0xbf)) continue;
    return true;
  }
  return false;
}
