// A local HTTP server in front of the real one that misbehaves on demand (5xx, dropped
// connections, no answer at all), so retries and timeouts are tested over a real socket.
import http from "node:http";
import type { AddressInfo } from "node:net";

export type Behaviour = "pass" | "503" | "drop" | "hang";

export interface FlakyServer {
  url: string;
  /** Every request seen, as "METHOD /path". */
  seen: string[];
  /** Decides what happens to the n-th request (0-based). */
  plan: (n: number, req: http.IncomingMessage) => Behaviour;
  close(): Promise<void>;
}

export async function startFlakyServer(target: string): Promise<FlakyServer> {
  const hanging = new Set<http.ServerResponse>();
  const state: FlakyServer = {
    url: "",
    seen: [],
    plan: () => "pass",
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = http.createServer(async (req, res) => {
    const n = state.seen.push(`${req.method} ${req.url}`) - 1;
    const behaviour = state.plan(n, req);
    if (behaviour === "drop") return void req.socket.destroy();
    if (behaviour === "hang") return void hanging.add(res);
    if (behaviour === "503") {
      res.writeHead(503, { "content-type": "application/json" });
      return void res.end(JSON.stringify({ statusCode: 503, message: "Service Unavailable", error: "Service Unavailable" }));
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([k]) => !["host", "connection", "content-length"].includes(k)),
    ) as Record<string, string>;
    const upstream = await fetch(target + req.url, {
      method: req.method,
      headers,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
    });
    res.writeHead(
      upstream.status,
      Object.fromEntries([...upstream.headers].filter(([k]) => !["content-encoding", "transfer-encoding", "content-length"].includes(k))),
    );
    res.end(Buffer.from(await upstream.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}
