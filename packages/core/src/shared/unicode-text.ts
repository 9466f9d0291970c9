// Text PostgreSQL can store and hand back unchanged: no NUL (text columns cannot hold it) and no
// lone UTF-16 surrogate (the driver would replace it with U+FFFD, so what is stored would differ
// from what was sent). The REST input guard and the import share these checks.

/** With the u flag a surrogate pair is one code point; only unpaired halves match. */
const LONE_SURROGATE = /\p{Cs}/u;

/** String.prototype.isWellFormed (Node 20+, not yet in TypeScript's ES2023 lib) is ~5x faster. */
export function isWellFormedText(text: string): boolean {
  const native = (text as unknown as { isWellFormed?: () => boolean }).isWellFormed;
  return native ? native.call(text) : !LONE_SURROGATE.test(text);
}

/** Why `text` cannot be stored as it is, or null. */
export function unstorableTextProblem(text: string): string | null {
  if (text.includes("\u0000")) return "must not contain NUL characters";
  if (!isWellFormedText(text)) return "must be valid Unicode text (lone surrogate)";
  return null;
}
