import { type Logger, pino } from "pino";

export function createLogger(level: string): Logger {
  return pino({
    level,
    // Secrets never reach the log: credentials travel in these headers.
    redact: {
      paths: ["req.headers.cookie", 'req.headers["x-api-key"]', "req.headers.authorization", 'res.headers["set-cookie"]'],
      censor: "[redacted]",
    },
  });
}
