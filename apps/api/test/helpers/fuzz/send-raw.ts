// Sends a fuzzed request byte for byte: node's http client keeps the target as given (fetch would
// resolve dot segments and re-encode the path, hiding exactly what is being tried).
import http from "node:http";

export interface RawResult {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  ms: number;
  /** No answer within the time limit. */
  hung: boolean;
  /** The connection failed or closed without a response. */
  error?: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

export function sendRaw(
  baseUrl: string,
  req: { method: string; target: string; headers: Record<string, string>; body?: Buffer },
  timeoutMs: number,
): Promise<RawResult> {
  const { hostname, port } = new URL(baseUrl);
  const started = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    const finish = (r: Omit<RawResult, "ms">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...r, ms: performance.now() - started });
    };
    const headers: Record<string, string> = { ...req.headers };
    if (req.body) headers["content-length"] = String(req.body.length);
    let outgoing: http.ClientRequest;
    try {
      outgoing = http.request({ host: hostname, port: Number(port), method: req.method, path: req.target, headers, agent });
    } catch (error) {
      finish({ status: 0, headers: {}, text: "", hung: false, error: `not sendable: ${(error as Error).message}` });
      return;
    }
    const timer = setTimeout(() => {
      outgoing.destroy();
      finish({ status: 0, headers: {}, text: "", hung: true });
    }, timeoutMs);
    outgoing.on("response", (res) => {
      // A stream never ends by itself: its head is the answer.
      if ((res.headers["content-type"] ?? "").startsWith("text/event-stream")) {
        res.destroy();
        finish({ status: res.statusCode ?? 0, headers: res.headers, text: "", hung: false });
        return;
      }
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        finish({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString("utf8"), hung: false }),
      );
      res.on("error", (e) => finish({ status: res.statusCode ?? 0, headers: res.headers, text: "", hung: false, error: e.message }));
    });
    outgoing.on("error", (e) => finish({ status: 0, headers: {}, text: "", hung: false, error: e.message }));
    outgoing.end(req.body);
  });
}

export function closeRawAgent(): void {
  agent.destroy();
}

/**
 * encodeURIComponent that never throws: a drawn lone surrogate goes out as the UTF-8 of U+FFFD
 * (encodeURIComponent throws URIError on it, which ended a long run).
 */
export function encodeComponent(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...Buffer.from(text, "utf8")].map((b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`).join("");
  }
}
