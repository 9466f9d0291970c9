// Requests sent byte for byte as written: fetch normalises dot segments and encodes the path,
// which would hide exactly what these tests are about.
import net from "node:net";

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: any;
  text: string;
}

/** Sends `method target HTTP/1.1` with the given headers and body over a fresh socket. */
export function rawRequest(
  baseUrl: string,
  method: string,
  target: string,
  options: { headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  const body = options.body ?? "";
  const headers: Record<string, string> = { host: `${hostname}:${port}`, connection: "close", ...options.headers };
  if (body) headers["content-length"] ??= String(Buffer.byteLength(body));
  const head = [`${method} ${target} HTTP/1.1`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)].join("\r\n");
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(`${head}\r\n\r\n${body}`));
    const chunks: Buffer[] = [];
    socket.on("data", (c) => chunks.push(c));
    socket.on("error", reject);
    socket.on("close", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const [headText = "", ...rest] = raw.split("\r\n\r\n");
      const [statusLine = "", ...headerLines] = headText.split("\r\n");
      const parsedHeaders: Record<string, string> = {};
      for (const line of headerLines) {
        const i = line.indexOf(":");
        if (i > 0) parsedHeaders[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
      }
      let text = rest.join("\r\n\r\n");
      if (parsedHeaders["transfer-encoding"] === "chunked") text = unchunk(text);
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        // not JSON
      }
      resolve({ status: Number(statusLine.split(" ")[1] ?? 0), headers: parsedHeaders, body: parsed, text });
    });
  });
}

function unchunk(text: string): string {
  let out = "";
  let rest = text;
  for (;;) {
    const eol = rest.indexOf("\r\n");
    if (eol < 0) return out;
    const size = Number.parseInt(rest.slice(0, eol), 16);
    if (!size) return out;
    out += rest.slice(eol + 2, eol + 2 + size);
    rest = rest.slice(eol + 2 + size + 2);
  }
}
