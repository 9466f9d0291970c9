// One mapping from database failures to documented statuses, and every 500 logged with its cause.
import { Writable } from "node:stream";
import { AppError, fromDatabaseError } from "@locale/core";
import { TRPCError } from "@trpc/server";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { errorBodyOf } from "../../src/trpc/init";
import { logInternalError } from "../../src/trpc/log-internal-error";

function capturingLogger() {
  const lines: Record<string, any>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { logger: pino({ level: "info" }, stream), lines };
}

const UNAVAILABLE = "The database is not reachable; retry shortly";
const FULL = "The server has no storage space left for this change; retry once space is freed";
const prismaError = (code: string, meta: Record<string, unknown> = {}) => Object.assign(new Error(`prisma ${code}`), { code, meta });

describe("database errors → documented statuses", () => {
  it.each([
    [prismaError("P2002"), 409, "Resource already exists"],
    [prismaError("P2025", { modelName: "Key" }), 404, "Key not found"],
    [prismaError("P2003", { field_name: "Translation_keyId_fkey (index)" }), 404, "Key not found"],
    [prismaError("P2034"), 409, "The record was changed by a concurrent request; retry"],
    [prismaError("P2010", { code: "40001" }), 409, "The record was changed by a concurrent request; retry"],
    // A raw query's unique violation through a driver adapter: the SQLSTATE is only in the adapter's cause.
    [
      prismaError("P2010", { driverAdapterError: { cause: { kind: "UniqueConstraintViolation", originalCode: "23505" } } }),
      409,
      "Resource already exists",
    ],
    [Object.assign(new Error("deadlock"), { code: "40P01" }), 409, "The record was changed by a concurrent request; retry"],
    [Object.assign(new Error("fk"), { code: "23503", constraint: "Comment_projectId_fkey" }), 404, "Related record not found"],
    [Object.assign(new Error("wrapped"), { cause: { code: "23505" } }), 409, "Resource already exists"],
    [Object.assign(new Error("nul"), { code: "22021" }), 400, "Text must not contain NUL characters or invalid Unicode"],
    [
      prismaError("P2039", { modelName: "Organization", driverAdapterError: { cause: { kind: "postgres", originalCode: "22021" } } }),
      400,
      "Text must not contain NUL characters or invalid Unicode",
    ],
    [
      prismaError("P2039", { driverAdapterError: { cause: { kind: "postgres", originalCode: "40001" } } }),
      409,
      "The record was changed by a concurrent request; retry",
    ],
    // The database away or out of space: not a bug (500) but 503 / 507, retried by clients.
    [Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }), 503, UNAVAILABLE],
    [Object.assign(new Error("the database system is starting up"), { code: "57P03" }), 503, UNAVAILABLE],
    [Object.assign(new Error("connection failure"), { code: "08006" }), 503, UNAVAILABLE],
    [
      Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED", syscall: "connect", errno: -111 }),
      503,
      UNAVAILABLE,
    ],
    [prismaError("P1001"), 503, UNAVAILABLE],
    [Object.assign(new Error("init"), { errorCode: "P1001" }), 503, UNAVAILABLE],
    [prismaError("P2024"), 503, UNAVAILABLE],
    [prismaError("P2039", { driverAdapterError: { cause: { kind: "DatabaseNotReachable" } } }), 503, UNAVAILABLE],
    [new Error("Connection terminated unexpectedly"), 503, UNAVAILABLE],
    [Object.assign(new Error("too many clients"), { code: "53300" }), 503, "The database is out of resources; retry shortly"],
    [Object.assign(new Error("could not extend file: No space left on device"), { code: "53100" }), 507, FULL],
    [prismaError("P2010", { code: "53100" }), 507, FULL],
    [prismaError("P2039", { driverAdapterError: { cause: { kind: "postgres", originalCode: "53100" } } }), 507, FULL],
    [Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" }), 507, FULL],
  ])("maps %s", (error, status, message) => {
    const mapped = fromDatabaseError(error);
    expect(mapped).toBeInstanceOf(AppError);
    expect((mapped as AppError).toBody()).toMatchObject({ statusCode: status, message });
    expect(errorBodyOf(new TRPCError({ code: "INTERNAL_SERVER_ERROR", cause: error }))).toMatchObject({ statusCode: status, message });
  });

  it("leaves unknown errors alone (they are 500s)", () => {
    const error = Object.assign(new Error("division by zero"), { code: "22012" });
    expect(fromDatabaseError(error)).toBe(error);
    expect(errorBodyOf(new TRPCError({ code: "INTERNAL_SERVER_ERROR", cause: error })).statusCode).toBe(500);
  });
});

describe("logging of 500s", () => {
  it("logs a failure whose cause carries a code, with that code", () => {
    const { logger, lines } = capturingLogger();
    const cause = Object.assign(new Error("disk full"), { code: "53100" });
    logInternalError(logger, new TRPCError({ code: "INTERNAL_SERVER_ERROR", cause }), "keys.create");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 50,
      msg: "procedure failed",
      path: "keys.create",
      err: { message: "disk full", code: "53100" },
    });
  });

  it("does not log failures that answer a 4xx", () => {
    const { logger, lines } = capturingLogger();
    logInternalError(
      logger,
      new TRPCError({ code: "INTERNAL_SERVER_ERROR", cause: prismaError("P2025", { modelName: "Key" }) }),
      "keys.delete",
    );
    logInternalError(logger, new TRPCError({ code: "NOT_FOUND", cause: new AppError("NOT_FOUND", "Key not found") }), "keys.get");
    expect(lines).toEqual([]);
  });
});
