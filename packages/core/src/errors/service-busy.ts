// 503 with `Retry-After`: the service could not take the request now (the embedded database's one
// transaction was held too long, the import queue is full); nothing was applied, and the same
// request may be sent again after `retryAfterSeconds`. Every HTTP surface sets the header from it.
import { AppError } from "./app-error";

/** What a request refused because the database was busy is told to wait. */
export const DATABASE_BUSY_RETRY_AFTER_SECONDS = 5;

export class ServiceBusyError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super("SERVICE_UNAVAILABLE", message);
    this.name = "ServiceBusyError";
  }
}

/** The `Retry-After` seconds an error asks for, if it is a ServiceBusyError. */
export function retryAfterOf(error: unknown): number | undefined {
  return error instanceof ServiceBusyError ? error.retryAfterSeconds : undefined;
}
