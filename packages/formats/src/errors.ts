/**
 * The one error thrown for a file that cannot be read at all.
 */
export class FormatParseError extends Error {
  readonly line?: number;
  readonly column?: number;

  constructor(message: string, position: { line?: number; column?: number } = {}) {
    const where =
      position.line !== undefined ? ` (line ${position.line}${position.column !== undefined ? `, column ${position.column}` : ""})` : "";
    super(message + where);
    this.name = "FormatParseError";
    if (position.line !== undefined) this.line = position.line;
    if (position.column !== undefined) this.column = position.column;
  }
}

/** Line and column (1-based) of a character offset. */
export function positionAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}
