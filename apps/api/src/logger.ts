// The server's logger (pino, JSON lines on stdout) and its per-request log line.
import { IncomingMessage } from "node:http";
import { safeLogDestination } from "@locale/runtime";
import type { NextFunction, Request, Response } from "express";
import { type DestinationStream, type Logger, type LoggerOptions, pino } from "pino";

/** `destination` defaults to stdout (tests pass a stream to read the lines). */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options: LoggerOptions = {
    level,
    // Secrets never reach the log: credentials travel in these headers.
    redact: {
      paths: ["req.headers.cookie", 'req.headers["x-api-key"]', "req.headers.authorization", 'res.headers["set-cookie"]'],
      censor: "[redacted]",
    },
  };
  // Synchronous writes to stdout: pino's default hands every line to a libuv thread and back, a
  // cross-thread wake-up per request that cost more than writing the line here (BENCHMARKS.md,
  // issue 14); and a line is out before the request moves on, so a crash loses none. A line that
  // cannot be written (full disk, closed pipe) is dropped, never an error (log-destination.ts).
  return pino(options, destination ?? safeLogDestination());
}

declare module "http" {
  interface IncomingMessage {
    /** A logger bound to the request (see requestLogger). */
    log?: Logger;
  }
}

let nextRequestId = 0;
const REQUEST_ID = Symbol("requestId");
const REQUEST_LOGGER = Symbol("requestLogger");
const APP_LOGGER = Symbol("appLogger");

type LoggedRequest = Request & { [REQUEST_ID]?: number; [REQUEST_LOGGER]?: Logger; [APP_LOGGER]?: Logger };

const summaryOf = (req: LoggedRequest) => ({
  id: req[REQUEST_ID],
  method: req.method,
  url: req.originalUrl,
  remoteAddress: req.socket.remoteAddress,
});

// `req.log`: on node's own request prototype, which express's inherits from (REST reads the dispatcher
// answers in front of express keep node's), bound to the logger of the app that took the request.
Object.defineProperty(IncomingMessage.prototype, "log", {
  configurable: true,
  get(this: LoggedRequest) {
    if (this[REQUEST_LOGGER] === undefined && this[APP_LOGGER] !== undefined)
      this[REQUEST_LOGGER] = this[APP_LOGGER].child({ req: summaryOf(this) });
    return this[REQUEST_LOGGER];
  },
  set(this: LoggedRequest, value: Logger) {
    Object.defineProperty(this, "log", { value, writable: true, configurable: true, enumerable: true });
  },
});

/**
 * One line per request when its response is done (or the client went away): method, URL, the
 * client's address, status and time — what pino-http logged, minus the request and response
 * headers. pino-http serialised (and redacted) every request's headers into a child logger up
 * front, which cost more CPU than a small request itself (BENCHMARKS.md, issue 14). `req.log`
 * is still a logger bound to the request, made only when something logs through it.
 */
export function requestLogger(logger: Logger, ignore: (req: Request) => boolean) {
  const logLines = logger.isLevelEnabled("error");
  // The line carries no headers, so nothing to redact: redaction cloned its `req` part per request.
  const lines = logger.child({}, { redact: { paths: [] } });
  return (req: LoggedRequest, res: Response, next: NextFunction): void => {
    req[APP_LOGGER] = logger;
    req[REQUEST_ID] = ++nextRequestId;
    if (logLines && !ignore(req)) {
      const started = Date.now();
      // "close" follows "finish" on every response, and comes alone when the client went away.
      res.once("close", () => {
        const line = { req: summaryOf(req), res: { statusCode: res.statusCode }, responseTime: Date.now() - started };
        if (res.statusCode >= 500) lines.error(line, "request errored");
        else lines.info(line, res.writableFinished ? "request completed" : "request aborted");
      });
    }
    next();
  };
}
