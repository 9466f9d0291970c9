// The server's logger (pino, JSON lines on stdout) and its per-request log line.
import type { NextFunction, Request, Response } from "express";
import { type Logger, pino } from "pino";

export function createLogger(level: string): Logger {
  return pino(
    {
      level,
      // Secrets never reach the log: credentials travel in these headers.
      redact: {
        paths: ["req.headers.cookie", 'req.headers["x-api-key"]', "req.headers.authorization", 'res.headers["set-cookie"]'],
        censor: "[redacted]",
      },
    },
    // Asynchronous: under load, lines written while a write is under way go out together in the
    // next one instead of one blocking write(2) each; pino flushes what is left when the process exits.
    pino.destination({ dest: 1, sync: false }),
  );
}

declare module "http" {
  interface IncomingMessage {
    /** A logger bound to the request (see requestLogger). */
    log?: Logger;
  }
}

let nextRequestId = 0;

/**
 * One line per request when its response finishes (or the client goes away): method, URL, the
 * client's address, status and time — what pino-http logged, minus the request and response
 * headers. pino-http serialised (and redacted) every request's headers into a child logger up
 * front, which cost more CPU than a small request itself (BENCHMARKS.md, issue 14). `req.log`
 * is still a logger bound to the request, created only when something logs through it.
 */
export function requestLogger(logger: Logger, ignore: (req: Request) => boolean) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const id = ++nextRequestId;
    const started = Date.now();
    const summary = () => ({ id, method: req.method, url: req.originalUrl, remoteAddress: req.socket.remoteAddress });
    let child: Logger | undefined;
    Object.defineProperty(req, "log", {
      configurable: true,
      enumerable: false,
      get: () => {
        child ??= logger.child({ req: summary() });
        return child;
      },
    });
    if (!ignore(req) && logger.isLevelEnabled("error")) {
      let logged = false;
      const done = () => {
        if (logged) return;
        logged = true;
        const line = { req: summary(), res: { statusCode: res.statusCode }, responseTime: Date.now() - started };
        if (res.statusCode >= 500) logger.error(line, "request errored");
        else if (res.writableFinished) logger.info(line, "request completed");
        else logger.info(line, "request aborted");
      };
      res.once("finish", done);
      res.once("close", done);
    }
    next();
  };
}
