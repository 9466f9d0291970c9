/** A mistake in how the CLI was called (exit code 2), as opposed to a failed operation (1). */
export class UsageError extends Error {
  override name = "UsageError";
}
