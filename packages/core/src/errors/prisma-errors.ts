// Database failures that are the caller's doing or a lost race, mapped to the documented 4xx in
// one place (every surface reads it through AppError): a unique violation is a 409; a record that
// vanished under a concurrent delete, or a parent that did (foreign key), is a 404; a
// serialization failure or deadlock is a 409 the client may retry; text PostgreSQL cannot hold is
// a 400; a transaction that could not start in time (P2028) is a 503 with Retry-After. Prisma codes (P…) and raw SQLSTATE codes (from $queryRaw and the pg driver) alike.
// Failures of the database itself are not the caller's and not a bug either: a database that is
// unreachable, restarting or out of connections is a 503, a full disk a 507 (both with
// `Retry-After`, set by the HTTP layer), so clients retry instead of reporting a 500.
import { AppError, badRequest, conflict, insufficientStorage, notFound, serviceUnavailable } from "./app-error";
import { DATABASE_BUSY_RETRY_AFTER_SECONDS, ServiceBusyError } from "./service-busy";

const RETRY_MESSAGE = "The record was changed by a concurrent request; retry";

interface DatabaseErrorLike {
  code?: unknown;
  errorCode?: unknown;
  message?: unknown;
  meta?: {
    modelName?: unknown;
    field_name?: unknown;
    constraint?: unknown;
    code?: unknown;
    /** Driver adapters (pg, PGlite) put the database's own error here. */
    driverAdapterError?: { cause?: { originalCode?: unknown; code?: unknown; kind?: unknown } };
  } | null;
  cause?: unknown;
}

/** "Translation_keyId_fkey" → "Key"; the parent whose absence a foreign-key failure reports. */
function parentOfForeignKey(error: DatabaseErrorLike): string {
  const text = [error.meta?.field_name, error.meta?.constraint, error.message].filter((v) => typeof v === "string").join(" ");
  const match = /_([a-z][A-Za-z]*?)Id_fkey/.exec(text);
  const name = match?.[1];
  return name ? name[0]!.toUpperCase() + name.slice(1) : "Related record";
}

function fromSqlState(state: string, error: DatabaseErrorLike, conflictMessage: string): AppError | null {
  switch (state) {
    case "23505":
      return conflict(conflictMessage);
    case "23503":
      return notFound(parentOfForeignKey(error));
    case "40001": // serialization_failure
    case "40P01": // deadlock_detected
      return conflict(RETRY_MESSAGE);
    case "22021": // character_not_in_repertoire (NUL)
    case "22P05": // untranslatable_character
      return badRequest("Text must not contain NUL characters or invalid Unicode");
    case "53100": // disk_full
      return insufficientStorage();
    case "57P01": // admin_shutdown: the backend was terminated or the server is stopping
    case "57P02": // crash_shutdown
    case "57P03": // cannot_connect_now: the server is starting or in recovery
    case "57P05": // idle_session_timeout
      return serviceUnavailable();
    default:
      // 08…: connection exceptions; 53…: insufficient resources (connections, memory).
      if (state.startsWith("08")) return serviceUnavailable();
      if (state.startsWith("53")) return serviceUnavailable("The database is out of resources; retry shortly");
      return null;
  }
}

// Prisma's own codes for a database it cannot reach or that hung up: cannot reach (P1001), timed
// out (P1002, P1008), closed the connection (P1017), no pooled connection in time (P2024), too many
// connections (P2037).
const PRISMA_UNAVAILABLE = new Set(["P1001", "P1002", "P1008", "P1017", "P2024", "P2037"]);
// Driver-adapter error kinds of the same failures (`meta.driverAdapterError.cause.kind`).
const ADAPTER_UNAVAILABLE = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);
// Operating-system errors: the socket to the database failed, or the disk (PGlite's data
// directory, temporary files) is full.
const SOCKET_ERRNOS = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND"]);
const STORAGE_ERRNOS = new Set(["ENOSPC", "EDQUOT"]);
// node-postgres reports a connection lost mid-query with a plain Error (no code).
// Prisma wraps it in an error whose message ends with the driver's.
const PG_CONNECTION_LOST = /Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect/;

function fromResourceFailure(code: string | undefined, error: DatabaseErrorLike): AppError | null {
  // PrismaClientInitializationError carries its code as `errorCode`.
  if (!code && typeof error.errorCode === "string") code = error.errorCode;
  if (code && PRISMA_UNAVAILABLE.has(code)) return serviceUnavailable();
  if (code && SOCKET_ERRNOS.has(code)) return serviceUnavailable();
  if (code && STORAGE_ERRNOS.has(code)) return insufficientStorage();
  const kind = error.meta?.driverAdapterError?.cause?.kind;
  if (typeof kind === "string" && ADAPTER_UNAVAILABLE.has(kind)) return serviceUnavailable();
  if (typeof error.message === "string" && PG_CONNECTION_LOST.test(error.message)) return serviceUnavailable();
  return null;
}

/** Maps known database errors to AppErrors; anything else is returned unchanged. */
export function fromDatabaseError(error: unknown, conflictMessage = "Resource already exists"): unknown {
  if (error instanceof AppError || !error || typeof error !== "object") return error;
  const e = error as DatabaseErrorLike;
  const code = typeof e.code === "string" ? e.code : undefined;
  switch (code) {
    case "P2002":
      return conflict(conflictMessage);
    case "P2025": {
      const model = typeof e.meta?.modelName === "string" ? e.meta.modelName : "Resource";
      return notFound(model);
    }
    case "P2003":
      return notFound(parentOfForeignKey(e));
    case "P2034":
      return conflict(RETRY_MESSAGE);
    case "P2028":
      // "Unable to start a transaction in the given time": the embedded database's one transaction
      // was held (a long import) past the transaction's maxWait. Nothing was applied: 503, retry.
      return new ServiceBusyError("The database is busy; retry shortly", DATABASE_BUSY_RETRY_AFTER_SECONDS);
    case "P2010": {
      // A raw query's failure: the SQLSTATE is `meta.code`, or (driver adapters: pg, PGlite) the
      // adapter's cause's original code.
      const adapterCause = e.meta?.driverAdapterError?.cause;
      const candidate = e.meta?.code ?? adapterCause?.originalCode ?? adapterCause?.code;
      const state = typeof candidate === "string" ? candidate : undefined;
      return (state && fromSqlState(state, e, conflictMessage)) ?? error;
    }
    default: {
      const resource = fromResourceFailure(code, e);
      if (resource) return resource;
      const adapterCause = e.meta?.driverAdapterError?.cause;
      const adapterState = adapterCause?.originalCode ?? adapterCause?.code;
      if (typeof adapterState === "string") return fromSqlState(adapterState, e, conflictMessage) ?? error;
      if (code && /^[0-9A-Z]{5}$/.test(code)) return fromSqlState(code, e, conflictMessage) ?? error;
      // Driver adapters wrap the driver's error; look one level down.
      if (e.cause && typeof e.cause === "object" && e.cause !== error) {
        const inner = fromDatabaseError(e.cause, conflictMessage);
        if (inner instanceof AppError) return inner;
      }
      return error;
    }
  }
}

export function isUniqueViolation(error: unknown): boolean {
  const mapped = fromDatabaseError(error);
  return mapped instanceof AppError && mapped.code === "CONFLICT" && mapped.message !== RETRY_MESSAGE;
}
