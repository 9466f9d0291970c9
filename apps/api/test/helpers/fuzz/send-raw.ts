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

type RawRequest = { method: string; target: string; headers: Record<string, string>; body?: Buffer };

export async function sendRaw(baseUrl: string, req: RawRequest, timeoutMs: number): Promise<RawResult> {
  const first = await sendOnce(baseUrl, req, timeoutMs, agent);
  // The keep-alive race node's documentation describes (`request.reusedSocket`): the server closes
  // an idle connection (its keep-alive timeout) just as the agent hands it to the next request,
  // which then fails with a reset or "socket hang up" without the server having read it. That is
  // the client's socket, not an answer; send once more on a new connection.
  if (first.staleSocket) return sendOnce(baseUrl, req, timeoutMs, false);
  return first;
}

function sendOnce(
  baseUrl: string,
  req: RawRequest,
  timeoutMs: number,
  via: http.Agent | false,
): Promise<RawResult & { staleSocket?: boolean }> {
  const { hostname, port } = new URL(baseUrl);
  const started = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    const finish = (r: Omit<RawResult, "ms"> & { staleSocket?: boolean }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...r, ms: performance.now() - started });
    };
    const headers: Record<string, string> = { ...req.headers };
    if (req.body) headers["content-length"] = String(req.body.length);
    let outgoing: http.ClientRequest;
    try {
      outgoing = http.request({ host: hostname, port: Number(port), method: req.method, path: req.target, headers, agent: via });
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
    outgoing.on("error", (e: NodeJS.ErrnoException) => {
      const staleSocket = outgoing.reusedSocket && (e.code === "ECONNRESET" || e.message === "socket hang up");
      finish({ status: 0, headers: {}, text: "", hung: false, error: e.message, staleSocket });
    });
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
