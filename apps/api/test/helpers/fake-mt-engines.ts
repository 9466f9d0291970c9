// Local HTTP servers speaking the four MT vendors' wire formats, one per vendor, so tests drive the
// real clients (deepl-node, @aws-sdk/client-translate, fetch for Google v2 and Azure v3) over a
// real socket: each checks its vendor's auth header and request shape, answers in the vendor's
// response shape, and can be told to answer with the vendor's error or 429 bodies.
import http from "node:http";
import type { AddressInfo } from "node:net";

export type Vendor = "deepl" | "google" | "azure" | "amazon";

export interface EngineRequest {
  vendor: Vendor;
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** Parsed body: form fields (DeepL), JSON otherwise. */
  body: any;
  /** The text to translate, read back from the vendor's request shape. */
  text: string;
  source: string;
  target: string;
}

export type EngineReply = { translation: string; delayMs?: number } | { rateLimited: true } | { fail: "auth" | "server" };

export interface FakeEngine {
  vendor: Vendor;
  url: string;
  key: string;
  requests: EngineRequest[];
  inFlight: number;
  maxInFlight: number;
  reply: (req: EngineRequest) => EngineReply | Promise<EngineReply>;
  reset(): void;
  close(): Promise<void>;
}

/** Default answer: `[target] ` before every run of words, tags left exactly as they came. */
export function mirror(text: string, target: string): string {
  return text.replace(/(^|>)([^<]+)/g, (_m, gt: string, words: string) => (words.trim() ? `${gt}[${target}]${words}` : `${gt}${words}`));
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = "";
    req.setEncoding("utf8");
    req.on("data", (c) => (data += c));
    req.on("end", () => resolve(data));
    req.on("error", reject);
  });
}

function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

// The vendors' own error bodies (their documentation's examples).
const ERRORS: Record<
  Vendor,
  { auth: [number, unknown, Record<string, string>?]; rate: [number, unknown, Record<string, string>?]; server: [number, unknown] }
> = {
  deepl: {
    auth: [403, { message: "Wrong endpoint or invalid auth key" }],
    rate: [429, { message: "Too many requests" }],
    server: [503, { message: "Service unavailable" }],
  },
  google: {
    auth: [400, { error: { code: 400, message: "API key not valid. Please pass a valid API key.", status: "INVALID_ARGUMENT" } }],
    rate: [
      429,
      {
        error: { code: 429, message: "Quota exceeded for quota metric 'v2 and v3 general model characters'", status: "RESOURCE_EXHAUSTED" },
      },
    ],
    server: [500, { error: { code: 500, message: "Internal error encountered.", status: "INTERNAL" } }],
  },
  azure: {
    auth: [401, { error: { code: 401000, message: "The request is not authorized because credentials are missing or invalid." } }],
    rate: [
      429,
      { error: { code: 429000, message: "The server rejected the request because the client has exceeded request limits." } },
      { "retry-after": "0" },
    ],
    server: [500, { error: { code: 500000, message: "An unexpected error occurred." } }],
  },
  amazon: {
    auth: [
      400,
      { __type: "UnrecognizedClientException", message: "The security token included in the request is invalid." },
      { "x-amzn-errortype": "UnrecognizedClientException" },
    ],
    rate: [400, { __type: "ThrottlingException", message: "Rate exceeded" }, { "x-amzn-errortype": "ThrottlingException" }],
    server: [500, { __type: "InternalServerException", message: "Internal server error" }],
  },
};

function parse(
  vendor: Vendor,
  req: http.IncomingMessage,
  raw: string,
  url: URL,
): Omit<EngineRequest, "vendor" | "method" | "path" | "headers"> | null {
  if (vendor === "deepl") {
    if (url.pathname !== "/v2/translate") return null;
    const form = new URLSearchParams(raw);
    const body = Object.fromEntries(form);
    return { body, text: form.get("text") ?? "", source: form.get("source_lang") ?? "", target: form.get("target_lang") ?? "" };
  }
  const body = raw ? JSON.parse(raw) : null;
  if (vendor === "google") {
    if (url.pathname !== "/language/translate/v2") return null;
    return { body, text: body?.q?.[0] ?? "", source: body?.source ?? "", target: body?.target ?? "" };
  }
  if (vendor === "azure") {
    if (url.pathname !== "/translate" || url.searchParams.get("api-version") !== "3.0") return null;
    return { body, text: body?.[0]?.Text ?? "", source: url.searchParams.get("from") ?? "", target: url.searchParams.get("to") ?? "" };
  }
  if (url.pathname !== "/" || req.headers["x-amz-target"] !== "AWSShineFrontendService_20170701.TranslateText") return null;
  return { body, text: body?.Text ?? "", source: body?.SourceLanguageCode ?? "", target: body?.TargetLanguageCode ?? "" };
}

function authorized(vendor: Vendor, req: http.IncomingMessage, url: URL, key: string): boolean {
  const h = req.headers;
  switch (vendor) {
    case "deepl":
      return h.authorization === `DeepL-Auth-Key ${key}`;
    case "google":
      return h["x-goog-api-key"] === key || url.searchParams.get("key") === key;
    case "azure":
      return h["ocp-apim-subscription-key"] === key;
    case "amazon":
      // Signature Version 4: the credential scope names the access key id, the region and the service.
      return (
        typeof h.authorization === "string" &&
        new RegExp(
          `^AWS4-HMAC-SHA256 Credential=${key}/\\d{8}/[a-z0-9-]+/translate/aws4_request, SignedHeaders=[^,]+, Signature=[0-9a-f]{64}$`,
        ).test(h.authorization) &&
        typeof h["x-amz-date"] === "string"
      );
  }
}

function answer(vendor: Vendor, res: http.ServerResponse, parsed: { source: string; target: string }, translation: string): void {
  if (vendor === "deepl")
    return send(res, 200, { translations: [{ detected_source_language: parsed.source.toUpperCase(), text: translation }] });
  if (vendor === "google") return send(res, 200, { data: { translations: [{ translatedText: translation }] } });
  if (vendor === "azure") return send(res, 200, [{ translations: [{ text: translation, to: parsed.target }] }]);
  res.writeHead(200, { "content-type": "application/x-amz-json-1.1", "x-amzn-requestid": "00000000-0000-0000-0000-000000000000" });
  res.end(JSON.stringify({ TranslatedText: translation, SourceLanguageCode: parsed.source, TargetLanguageCode: parsed.target }));
}

export async function startFakeEngine(vendor: Vendor, key = `${vendor}-test-key`): Promise<FakeEngine> {
  const engine: FakeEngine = {
    vendor,
    url: "",
    key,
    requests: [],
    inFlight: 0,
    maxInFlight: 0,
    reply: (req) => ({ translation: mirror(req.text, req.target) }),
    reset() {
      engine.requests = [];
      engine.inFlight = 0;
      engine.maxInFlight = 0;
      engine.reply = (req) => ({ translation: mirror(req.text, req.target) });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer(async (req, res) => {
    const raw = await readBody(req);
    const url = new URL(req.url ?? "/", "http://x");
    const errors = ERRORS[vendor];
    if (req.method !== "POST") return send(res, 405, { message: "Method not allowed" });
    if (!authorized(vendor, req, url, key)) return send(res, errors.auth[0], errors.auth[1], errors.auth[2]);
    const parsed = parse(vendor, req, raw, url);
    if (!parsed) return send(res, 404, { message: "Not found" });
    const request: EngineRequest = { vendor, method: req.method, path: req.url ?? "", headers: req.headers, ...parsed };
    engine.requests.push(request);
    engine.inFlight++;
    engine.maxInFlight = Math.max(engine.maxInFlight, engine.inFlight);
    try {
      const reply = await engine.reply(request);
      if ("rateLimited" in reply) return send(res, errors.rate[0], errors.rate[1], errors.rate[2]);
      if ("fail" in reply) {
        const [status, body, headers] = reply.fail === "auth" ? errors.auth : [...errors.server, undefined];
        return send(res, status, body, headers);
      }
      if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
      answer(vendor, res, parsed, reply.translation);
    } finally {
      engine.inFlight--;
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  engine.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return engine;
}
