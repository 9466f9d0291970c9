// A local HTTP server that speaks the two provider wire formats the service uses — the Anthropic
// Messages API (POST /v1/messages, forced tool use) and the OpenAI Chat Completions API (POST
// [/v1]/chat/completions, json_schema response format) — so tests drive the real SDKs over a real
// socket. Each test decides the answer per request through `fake.reply`.
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { TestServer, TestUser } from "./test-server";

export type FakeProtocol = "anthropic" | "openai";

export interface FakeRequest {
  protocol: FakeProtocol;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: any;
  model: string;
  system: string;
  user: string;
  /** The string being translated, read back from the prompt. */
  sourceText: string;
  /** The key name, read back from the prompt. */
  keyName: string;
  receivedAt: number;
}

export type FakeReply =
  | { translation: string; confidence?: unknown; delayMs?: number }
  | { status: number; message: string; headers?: Record<string, string>; delayMs?: number };

export interface FakeAiProviders {
  url: string;
  /** Base URL for OPENAI_BASE_URL (the SDK appends /chat/completions). */
  openaiUrl: string;
  /** Base URL for ANTHROPIC_BASE_URL (the SDK appends /v1/messages). */
  anthropicUrl: string;
  requests: FakeRequest[];
  /** Times (ms since epoch) at which successful answers were sent. */
  answeredAt: number[];
  /** Requests being answered right now, and the most there were at once since the last reset. */
  inFlight: number;
  maxInFlight: number;
  reply: (req: FakeRequest) => FakeReply | Promise<FakeReply>;
  /** Default answer: `<lang>: <source>` with confidence 90, keeping placeholders intact. */
  defaultReply: (req: FakeRequest) => FakeReply;
  reset(): void;
  close(): Promise<void>;
}

export function sourceTextOf(user: string): string {
  const m = /Source text \([^)]*\):\n([\s\S]*)\n\nTranslate it into/.exec(user);
  return m?.[1] ?? "";
}

function keyNameOf(user: string): string {
  return /^Key: (.*)$/m.exec(user)?.[1] ?? "";
}

function targetOf(user: string): string {
  return /Translate it into (.*)\.$/m.exec(user)?.[1] ?? "xx";
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

const textOf = (content: unknown): string =>
  typeof content === "string" ? content : Array.isArray(content) ? content.map((b: { text?: string }) => b.text ?? "").join("") : "";

function errorBody(protocol: FakeProtocol, status: number, message: string): unknown {
  const type = status === 429 ? "rate_limit_error" : status >= 500 ? "api_error" : "invalid_request_error";
  return protocol === "anthropic" ? { type: "error", error: { type, message } } : { error: { message, type, param: null, code: null } };
}

function successBody(protocol: FakeProtocol, model: string, translation: string, confidence: unknown): unknown {
  if (protocol === "anthropic") {
    return {
      id: `msg_${Math.random().toString(36).slice(2)}`,
      type: "message",
      role: "assistant",
      model,
      content: [
        {
          type: "tool_use",
          id: `toolu_${Math.random().toString(36).slice(2)}`,
          name: "submit_translation",
          input: { translation, confidence },
        },
      ],
      stop_reason: "tool_use",
      stop_sequence: null,
      usage: { input_tokens: 100, output_tokens: 20 },
    };
  }
  return {
    id: `chatcmpl-${Math.random().toString(36).slice(2)}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: { role: "assistant", content: JSON.stringify({ translation, confidence }), refusal: null },
        finish_reason: "stop",
        logprobs: null,
      },
    ],
    usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
  };
}

export async function startFakeAiProviders(): Promise<FakeAiProviders> {
  const defaultReply = (req: FakeRequest): FakeReply => ({ translation: `${targetOf(req.user)}: ${req.sourceText}`, confidence: 90 });
  const fake = {
    requests: [] as FakeRequest[],
    answeredAt: [] as number[],
    inFlight: 0,
    maxInFlight: 0,
    defaultReply,
    reply: defaultReply as FakeAiProviders["reply"],
  };
  const server = http.createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      const path = req.url ?? "";
      const protocol: FakeProtocol | null = path.endsWith("/v1/messages")
        ? "anthropic"
        : path.endsWith("/chat/completions")
          ? "openai"
          : null;
      if (req.method !== "POST" || !protocol) {
        res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "not found" } }));
        return;
      }
      const body = JSON.parse(raw);
      const system =
        protocol === "anthropic" ? textOf(body.system) : textOf(body.messages?.find((m: { role: string }) => m.role === "system")?.content);
      const user = textOf(body.messages?.find((m: { role: string }) => m.role === "user")?.content);
      const request: FakeRequest = {
        protocol,
        path,
        headers: req.headers,
        body,
        model: body.model,
        system,
        user,
        sourceText: sourceTextOf(user),
        keyName: keyNameOf(user),
        receivedAt: Date.now(),
      };
      fake.requests.push(request);
      fake.inFlight++;
      fake.maxInFlight = Math.max(fake.maxInFlight, fake.inFlight);
      const reply = await fake.reply(request);
      if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
      fake.inFlight--;
      if ("status" in reply) {
        res.writeHead(reply.status, { "content-type": "application/json", ...(reply.headers ?? {}) });
        res.end(JSON.stringify(errorBody(protocol, reply.status, reply.message)));
        return;
      }
      fake.answeredAt.push(Date.now());
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(successBody(protocol, body.model, reply.translation, reply.confidence ?? 90)));
    })().catch((err: unknown) => {
      res.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: String(err) } }));
    });
  });
  // Idle connections stay open for the whole test: with node's 5 s default, a loaded test process
  // can reuse a kept-alive socket just as this server closes it, and the SDK's retry would then
  // ask the same item twice, which the exactly-once assertions would blame on the product.
  server.keepAliveTimeout = 10 * 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(fake, {
    url,
    openaiUrl: `${url}/v1`,
    anthropicUrl: url,
    reset() {
      fake.requests.length = 0;
      fake.answeredAt.length = 0;
      fake.maxInFlight = fake.inFlight;
      fake.reply = defaultReply;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

// ---- Fixtures and an SSE reader shared by the AI test files ----

export interface SeedKey {
  key: string;
  source: string;
  namespace?: string;
  description?: string;
  /** Existing target values by language. */
  targets?: Record<string, string>;
}

/** A project (created over HTTP) with keys and values written straight to the database. */
export async function seedProject(
  server: TestServer,
  user: TestUser,
  keys: SeedKey[],
  options: { targetLanguages?: string[]; preferredModel?: string } = {},
): Promise<{ projectId: string; keyIds: Record<string, string> }> {
  const res = await server.request("POST", "/api/projects", {
    apiKey: user.apiKey,
    body: {
      name: `P${Math.random().toString(36).slice(2, 8)}`,
      sourceLanguage: "en",
      targetLanguages: options.targetLanguages ?? ["de", "fr"],
      ...(options.preferredModel ? { preferredModel: options.preferredModel } : {}),
    },
  });
  if (res.status !== 201) throw new Error(`project: ${res.status} ${res.text}`);
  const projectId = res.body._id as string;
  const keyIds: Record<string, string> = {};
  const prisma = server.db.prisma;
  for (const k of keys) {
    const row = await prisma.key.create({
      data: { projectId, key: k.key, namespace: k.namespace ?? "", description: k.description ?? "" },
    });
    keyIds[k.key] = row.id;
    const values = { en: k.source, ...(k.targets ?? {}) };
    for (const [language, value] of Object.entries(values)) {
      if (value === "") continue;
      await prisma.translation.create({ data: { projectId, keyId: row.id, language, value, status: "translated", source: "human" } });
    }
  }
  return { projectId, keyIds };
}

export async function patchSettings(server: TestServer, user: TestUser, settings: Record<string, unknown>): Promise<void> {
  const res = await server.request("PATCH", `/api/organizations/${user.orgId}`, { cookie: user.cookie, body: { settings } });
  if (res.status !== 200) throw new Error(`settings: ${res.status} ${res.text}`);
}

export interface SseEvent {
  id: string;
  event: string;
  data: any;
  /** Arrival time (ms since epoch), for latency measurements. */
  receivedAt: number;
}

export interface SseStream {
  status: number;
  headers: Headers;
  events: SseEvent[];
  comments: string[];
  /** Resolves when the server ends the stream (or the limit/abort stops reading). */
  done: Promise<void>;
  /** Resolves once `n` events have arrived. */
  waitFor(n: number, timeoutMs?: number): Promise<void>;
  close(): void;
}

/** Opens an SSE stream with fetch and parses `id:`/`event:`/`data:` blocks as they arrive. */
export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { accept: "text/event-stream", ...headers }, signal: controller.signal });
  const events: SseEvent[] = [];
  const comments: string[] = [];
  const waiters: { n: number; resolve: () => void }[] = [];
  const notify = () => {
    for (const w of [...waiters]) {
      if (events.length < w.n) continue;
      w.resolve();
      waiters.splice(waiters.indexOf(w), 1);
    }
  };
  const done = (async () => {
    if (!res.body || !(res.headers.get("content-type") ?? "").startsWith("text/event-stream")) return;
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let at: number;
        while ((at = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          const e: Partial<SseEvent> = { receivedAt: Date.now() };
          for (const line of block.split("\n")) {
            if (line.startsWith(":")) comments.push(line.slice(1).trim());
            else if (line.startsWith("id: ")) e.id = line.slice(4);
            else if (line.startsWith("event: ")) e.event = line.slice(7);
            else if (line.startsWith("data: ")) e.data = JSON.parse(line.slice(6));
          }
          if (e.event) {
            events.push(e as SseEvent);
            notify();
          }
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  return {
    status: res.status,
    headers: res.headers,
    events,
    comments,
    done,
    close: () => controller.abort(),
    waitFor(n, timeoutMs = 20_000) {
      if (events.length >= n) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`timed out waiting for ${n} events (got ${events.length})`)), timeoutMs);
        waiters.push({
          n,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
  };
}

/** Holds every answer (the requests are received and recorded) until the returned release is called. */
export function holdAnswers(fake: FakeAiProviders): () => void {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  fake.reply = async (req) => {
    await gate;
    return fake.defaultReply(req);
  };
  return release;
}

/** Polls `check` until it returns true (bounded). */
export async function waitUntil(check: () => Promise<boolean> | boolean, timeoutMs = 20_000, stepMs = 25): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, stepMs));
  }
}
