// The seeded webhooks' peer: a loopback receiver answering 204, so deliveries and test pings the
// suites and the fuzzer trigger reach a real socket (and never a stranger's address).
import http from "node:http";
import type { AddressInfo } from "node:net";

export async function startWebhookReceiver(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => res.writeHead(204).end());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
