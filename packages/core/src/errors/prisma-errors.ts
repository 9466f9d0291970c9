import { AppError, conflict } from "./app-error";

/** Maps known database errors to AppErrors; anything else is returned unchanged. */
export function fromDatabaseError(error: unknown, conflictMessage = "Resource already exists"): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string } | null)?.code;
  if (code === "P2002") return conflict(conflictMessage);
  return error;
}

export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === "P2002";
}
