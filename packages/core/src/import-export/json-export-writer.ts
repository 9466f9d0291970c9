// Writes json-flat and json-nested exports entry by entry, byte for byte what @locale/formats'
// serializers (JSON.stringify of the key tree, 2-space indent) write for the same entries, so an
// export never holds its entries, tree or text. json-nested needs the entries ordered by full key
// (byte order: every key under a prefix then arrives in one run); json-flat writes them in the
// order given (namespace then key), a repeated full key only when adjacent. It gives up — `StreamOrderLost` —
// where a JS object would reorder keys (integer-like names go first in V8); the caller then falls
// back to the library. Two entries with the same full key keep the first position and the last
// value, as the library's object assignment does; a leaf that is also a prefix (`a` and `a.b`)
// keeps its place and the longer keys become flat dotted properties beside it (key-tree.ts).

/** Thrown when the file cannot be streamed in the library's key order; nothing of it is usable. */
export class StreamOrderLost extends Error {}

export interface JsonExportSink {
  /** Takes the next piece of the file; resolves when it may take more. */
  write(piece: string): Promise<void>;
}

/** Text gathered before `add` asks for a flush: the sink sees a few large pieces, not one per entry. */
const FLUSH_CHARS = 64 * 1024;

const MAX_ARRAY_INDEX = 4294967294;

function isArrayIndex(name: string): boolean {
  return /^(?:0|[1-9]\d{0,9})$/.test(name) && Number(name) <= MAX_ARRAY_INDEX;
}

const indent = (level: number) => "  ".repeat(level);

/** Whether a name might be integer-like (the full test is a regular expression). */
function startsWithDigit(name: string): boolean {
  const c = name.charCodeAt(0);
  return c >= 48 && c <= 57;
}

export class JsonExportWriter {
  /** Entries written (the last may still change its value, see `pending`). */
  count = 0;
  /** UTF-8 bytes of the pieces handed to the sink. */
  bytes = 0;
  truncated = false;
  /** Names of the objects open below the root. */
  private open: string[] = [];
  /** Per level (0 = root): whether the object there already has a property. */
  private hasChild: boolean[] = [false];
  /** Full keys of nested leaves that later keys may still extend (`a` before `a.b`). */
  private leaves: string[] = [];
  /** The last entry, not yet written: a following entry of the same full key replaces its value. */
  private hasPending = false;
  private pendingKey = "";
  private pendingValue = "";
  private started = false;
  /** Text counted in `bytes` and not yet handed to the sink. */
  private buffered = "";

  constructor(
    private readonly nested: boolean,
    private readonly sink: JsonExportSink,
    private readonly maxBytes: number,
  ) {}

  /**
   * Adds the next entry (full key order). Returns false once the file is full. The text is kept
   * until `flush` (or `finish`); call it when `needsFlush` says so.
   */
  add(key: string, value: string): boolean {
    if (this.truncated) return false;
    if (this.hasPending && this.pendingKey === key) {
      // Same full key: the library's later assignment replaces the value in place.
      this.pendingValue = value;
      this.count++;
      return true;
    }
    if (this.hasPending) {
      if (!(this.nested ? this.emit(this.pendingKey, this.pendingValue) : this.emitFlat(this.pendingKey, this.pendingValue))) {
        return false;
      }
      this.count++;
    }
    this.hasPending = true;
    this.pendingKey = key;
    this.pendingValue = value;
    return true;
  }

  /** Whether enough text is waiting that the caller should `flush` now. */
  get needsFlush(): boolean {
    return this.buffered.length >= FLUSH_CHARS;
  }

  /** Hands the text gathered so far to the sink. */
  async flush(): Promise<void> {
    if (this.buffered === "") return;
    const piece = this.buffered;
    this.buffered = "";
    await this.sink.write(piece);
  }

  /** Writes what is pending, closes every object and flushes. */
  async finish(): Promise<void> {
    if (this.hasPending && !this.truncated) {
      if (this.nested ? this.emit(this.pendingKey, this.pendingValue) : this.emitFlat(this.pendingKey, this.pendingValue)) this.count++;
    }
    this.hasPending = false;
    if (!this.started) this.put("{");
    this.put(`${this.closing(this.open.length)}\n`);
    await this.flush();
  }

  private put(piece: string): void {
    this.bytes += Buffer.byteLength(piece);
    this.buffered += piece;
  }

  /** What closes the file when `depth` objects are open below the root. */
  private closing(depth: number): string {
    let out = "";
    for (let d = depth; d >= 1; d--) out += `\n${indent(d)}}`;
    return out + (this.hasChild[0] || depth > 0 ? "\n}" : "}");
  }

  /** json-flat: one property of the root object per entry. */
  private emitFlat(key: string, value: string): boolean {
    if (startsWithDigit(key) && !key.includes(".") && isArrayIndex(key)) throw new StreamOrderLost();
    const piece = `${this.started ? "," : "{"}\n  ${JSON.stringify(key)}: ${JSON.stringify(value)}`;
    const size = Buffer.byteLength(piece);
    // The file must still fit once closed ("\n}\n").
    if (this.bytes + size + 3 > this.maxBytes) {
      this.truncated = true;
      return false;
    }
    this.started = true;
    this.hasChild[0] = true;
    this.bytes += size;
    this.buffered += piece;
    return true;
  }

  private emit(key: string, value: string): boolean {
    const { path, name } = this.place(key);
    if (startsWithDigit(name) && !name.includes(".") && isArrayIndex(name)) throw new StreamOrderLost();
    let common = 0;
    while (common < this.open.length && common < path.length && this.open[common] === path[common]) common++;
    let piece = this.started ? "" : "{";
    for (let d = this.open.length; d > common; d--) piece += `\n${indent(d)}}`;
    const hasChild = this.hasChild.slice(0, common + 1);
    for (let d = common; d < path.length; d++) {
      const objectName = path[d]!;
      if (startsWithDigit(objectName) && isArrayIndex(objectName)) throw new StreamOrderLost();
      piece += `${hasChild[d] ? "," : ""}\n${indent(d + 1)}${JSON.stringify(objectName)}: {`;
      hasChild[d] = true;
      hasChild[d + 1] = false;
    }
    piece += `${hasChild[path.length] ? "," : ""}\n${indent(path.length + 1)}${JSON.stringify(name)}: ${JSON.stringify(value)}`;
    hasChild[path.length] = true;
    // The file must still fit once everything open is closed again.
    const savedHasChild = this.hasChild;
    this.hasChild = hasChild;
    const closing = this.closing(path.length);
    const size = Buffer.byteLength(piece);
    if (this.bytes + size + closing.length + 1 > this.maxBytes) {
      this.hasChild = savedHasChild;
      this.truncated = true;
      return false;
    }
    this.started = true;
    this.open = path;
    if (name === key.slice(key.length - name.length) && path.length + 1 === key.split(".").length) {
      this.leaves.push(key);
    }
    this.bytes += size;
    this.buffered += piece;
    return true;
  }

  /** Where the library's key tree puts `key`: the object path and the property name. */
  private place(key: string): { path: string[]; name: string } {
    // Leaves that no later key can extend are forgotten (keys arrive in byte order).
    while (this.leaves.length > 0 && !key.startsWith(this.leaves[this.leaves.length - 1]!)) this.leaves.pop();
    const segments = key.split(".");
    for (let i = 0; i < segments.length - 1; i++) {
      const prefix = segments.slice(0, i + 1).join(".");
      if (this.leaves.includes(prefix)) return { path: segments.slice(0, i), name: segments.slice(i).join(".") };
    }
    return { path: segments.slice(0, -1), name: segments[segments.length - 1]! };
  }
}
