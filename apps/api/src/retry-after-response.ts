// Every 503 and 507 the server sends says when to retry: the database is back within seconds
// after a restart or failover, and a full disk needs an operator. One place for every surface
// (REST, /trpc, GraphQL, express errors), at the moment the status is written: the server's
// response class (answers given in front of express) and the express application's response
// prototype (express swaps node's for its own on every request it takes).
import http from "node:http";
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from "@locale/core";
import type express from "express";

const RETRY_STATUSES = new Set([503, 507]);
const nodeWriteHead = http.ServerResponse.prototype.writeHead as (this: http.ServerResponse, ...args: unknown[]) => http.ServerResponse;

function writeHeadWithRetryAfter(this: http.ServerResponse, statusCode: number, ...rest: unknown[]): http.ServerResponse {
  if (RETRY_STATUSES.has(statusCode) && !this.hasHeader("retry-after"))
    this.setHeader("Retry-After", String(UNAVAILABLE_RETRY_AFTER_SECONDS));
  return nodeWriteHead.call(this, statusCode, ...rest);
}

export class RetryAfterResponse<Request extends http.IncomingMessage = http.IncomingMessage> extends http.ServerResponse<Request> {}
Object.defineProperty(RetryAfterResponse.prototype, "writeHead", { value: writeHeadWithRetryAfter, writable: true, configurable: true });

/** The same for the responses of one express application. */
export function retryAfterOnUnavailable(app: express.Express): void {
  Object.defineProperty(app.response, "writeHead", { value: writeHeadWithRetryAfter, writable: true, configurable: true });
}
