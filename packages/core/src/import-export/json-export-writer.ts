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

const MAX_ARRAY_INDEX = 4294967294;

function isArrayIndex(name: string): boolean {
  return /^(?:0|[1-9]\d{0,9})$/.test(name) && Number(name) <= MAX_ARRAY_INDEX;
}

const indent = (level: number) => "  ".repeat(level);

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
  private pending: { key: string; value: string } | undefined;
  private started = false;

  constructor(
    private readonly nested: boolean,
    private readonly sink: JsonExportSink,
    private readonly maxBytes: number,
  ) {}

  /** Adds the next entry (full key order). Returns false once the file is full. */
  async add(key: string, value: string): Promise<boolean> {
    if (this.truncated) return false;
    if (this.pending && this.pending.key === key) {
      // Same full key: the library's later assignment replaces the value in place.
      this.pending.value = value;
      this.count++;
      return true;
    }
    if (this.pending) {
      if (!(await this.emit(this.pending.key, this.pending.value))) return false;
      this.count++;
    }
    this.pending = { key, value };
    return true;
  }

  /** Writes what is pending and closes every object. */
  async finish(): Promise<void> {
    if (this.pending && !this.truncated) {
      if (await this.emit(this.pending.key, this.pending.value)) this.count++;
    }
    this.pending = undefined;
    if (!this.started) await this.put("{");
    await this.put(`${this.closing(this.open.length)}\n`);
  }

  private async put(piece: string): Promise<void> {
    this.bytes += Buffer.byteLength(piece);
    await this.sink.write(piece);
  }

  /** What closes the file when `depth` objects are open below the root. */
  private closing(depth: number): string {
    let out = "";
    for (let d = depth; d >= 1; d--) out += `\n${indent(d)}}`;
    return out + (this.hasChild[0] || depth > 0 ? "\n}" : "}");
  }

  private async emit(key: string, value: string): Promise<boolean> {
    const { path, name } = this.nested ? this.place(key) : { path: [] as string[], name: key };
    if (!name.includes(".") && isArrayIndex(name)) throw new StreamOrderLost();
    let common = 0;
    while (common < this.open.length && common < path.length && this.open[common] === path[common]) common++;
    let piece = this.started ? "" : "{";
    for (let d = this.open.length; d > common; d--) piece += `\n${indent(d)}}`;
    const hasChild = this.hasChild.slice(0, common + 1);
    for (let d = common; d < path.length; d++) {
      const objectName = path[d]!;
      if (isArrayIndex(objectName)) throw new StreamOrderLost();
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
    if (this.bytes + Buffer.byteLength(piece) + Buffer.byteLength(closing) + 1 > this.maxBytes) {
      this.hasChild = savedHasChild;
      this.truncated = true;
      return false;
    }
    this.started = true;
    this.open = path;
    if (this.nested && name === key.slice(key.length - name.length) && path.length + 1 === key.split(".").length) {
      this.leaves.push(key);
    }
    await this.put(piece);
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
