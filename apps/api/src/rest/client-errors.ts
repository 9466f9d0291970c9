// Requests node's HTTP parser refuses before express sees them (header section over
// MAX_HEADER_BYTES, a malformed request line, a request that timed out) still get the documented
// JSON error body where the protocol allows — node's default answer is an empty 431/400.
import type { Socket } from "node:net";
import { type ErrorBody, errorBodyForStatus } from "@locale/core";

/** The request line plus headers; node's own default, named so it is a visible choice. */
export const MAX_HEADER_BYTES = 16 * 1024;

function bodyFor(code: string | undefined): ErrorBody {
  if (code === "HPE_HEADER_OVERFLOW") return errorBodyForStatus(431, "Request line and headers must not exceed 16 KB");
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") return errorBodyForStatus(408, "Request timed out");
  return errorBodyForStatus(400, "Malformed HTTP request");
}

/** `clientError` handler for the HTTP server. */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  // A reset connection, or a response already under way on this socket: nothing can be written.
  const current = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (error.code === "ECONNRESET" || !socket.writable || current?.headersSent) {
    socket.destroy();
    return;
  }
  const errorBody = bodyFor(error.code);
  const body = JSON.stringify(errorBody);
  socket.end(
    `HTTP/1.1 ${errorBody.statusCode} ${errorBody.error}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
