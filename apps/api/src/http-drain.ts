// Stops an HTTP server the way a restart should look to clients: no new connections, requests
// already received run to completion, idle keep-alive connections are closed as soon as they are
// idle, and whatever is still open when the drain time is up (event streams) is cut.
import type http from "node:http";

export function drainHttpServer(server: http.Server, drainMs: number): Promise<void> {
  return new Promise((resolve) => {
    const closeIdle = setInterval(() => server.closeIdleConnections(), 50);
    const cut = setTimeout(() => server.closeAllConnections(), drainMs);
    server.close(() => {
      clearInterval(closeIdle);
      clearTimeout(cut);
      resolve();
    });
    server.closeIdleConnections();
  });
}
