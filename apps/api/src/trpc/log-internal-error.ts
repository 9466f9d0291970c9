// Every procedure failure that answers 500 is logged with its cause (a database error carrying a
// code included); failures mapped to a 4xx are the caller's and are not.
import type { TRPCError } from "@trpc/server";
import type { Logger } from "pino";
import { errorBodyOf } from "./init";

export function logInternalError(logger: Logger, error: TRPCError, path: string | undefined): void {
  if (errorBodyOf(error).statusCode < 500) return;
  logger.error({ err: error.cause ?? error, path }, "procedure failed");
}
