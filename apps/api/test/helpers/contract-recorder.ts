// The contract check every black-box suite runs without knowing it: the test server records each
// response it sends (success and error, whoever made the request), matches the request to an
// operation of the served OpenAPI document (method + path template, under /api and /api/v1),
// and validates status, content type and JSON body with Ajv against that operation. A status
// the operation does not document, or a body its schema rejects, fails the test file (afterAll).
// Requests that match no operation (unknown routes, /graphql, /trpc, the documents) are out of scope.
// With CONTRACT_STATS_DIR set, each file also writes its counts there (responses validated,
// operations and "operation status" pairs seen).
import { mkdirSync, writeFileSync } from "node:fs";
import type http from "node:http";
import { join } from "node:path";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { afterAll, expect } from "vitest";

// ajv-formats is CommonJS: its default export arrives wrapped once more under ESM interop.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => void;

type Json = Record<string, any>;

export interface Exchange {
  method: string;
  /** Request URL as sent (path and query). */
  url: string;
  status: number;
  contentType: string | undefined;
  body: Buffer;
}

const METHODS = new Set(["get", "put", "post", "delete", "patch"]);

interface Route {
  method: string;
  template: string;
  regex: RegExp;
  /** Per segment: true when templated. Literal segments win over templated ones. */
  shape: boolean[];
}

/** Validates exchanges against one OpenAPI document. */
export class ContractChecker {
  private readonly ajv: Ajv2020;
  private readonly routes: Route[] = [];
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(private readonly doc: Json) {
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats(this.ajv);
    this.ajv.addFormat("binary", true);
    this.ajv.addSchema(doc, "openapi.json");
    for (const [template, item] of Object.entries(doc.paths as Json)) {
      const segments = template.split("/").slice(1);
      const regex = new RegExp(
        `^/${segments.map((s) => (/^\{\w+\}$/.test(s) ? "[^/]+" : s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))).join("/")}$`,
      );
      const shape = segments.map((s) => /^\{\w+\}$/.test(s));
      for (const method of Object.keys(item as Json)) if (METHODS.has(method)) this.routes.push({ method, template, regex, shape });
    }
  }

  /** `"METHOD /template"` of the operation a request reaches, or null when none does. */
  match(method: string, url: string): { method: string; template: string } | null {
    const path = url.split("?", 1)[0] ?? "";
    const rest = path.startsWith("/api/v1/") ? path.slice(7) : path.startsWith("/api/") ? path.slice(4) : null;
    if (rest === null) return null;
    const m = method.toLowerCase();
    const candidates = this.routes.filter((r) => r.method === m && r.regex.test(rest));
    candidates.sort((a, b) => {
      for (let i = 0; i < a.shape.length; i++) if (a.shape[i] !== b.shape[i]) return a.shape[i] ? 1 : -1;
      return 0;
    });
    const best = candidates[0];
    return best ? { method: best.method, template: best.template } : null;
  }

  /** Problems with one exchange (empty when it conforms); null when no operation is reached. */
  check(x: Exchange): { operation: string; problems: string[] } | null {
    const op = this.match(x.method, x.url);
    if (!op) return null;
    const operation = `${op.method.toUpperCase()} ${op.template}`;
    const where = `${x.method} ${x.url} → ${x.status}`;
    const responses = this.doc.paths[op.template][op.method].responses as Json;
    const response = responses[String(x.status)] as Json | undefined;
    if (!response) return { operation, problems: [`${where}: status ${x.status} is not documented for ${operation}`] };
    const content = response.content as Json | undefined;
    if (x.body.length === 0) return { operation, problems: [] };
    if (!content) return { operation, problems: [`${where}: a body came, the document describes none`] };
    const mediaType = (x.contentType ?? "").split(";", 1)[0]!.trim().toLowerCase();
    if (!(mediaType in content)) {
      return { operation, problems: [`${where}: content type "${mediaType}" is not documented (${Object.keys(content).join(", ")})`] };
    }
    if (mediaType !== "application/json") return { operation, problems: [] };
    let body: unknown;
    try {
      body = JSON.parse(x.body.toString("utf8"));
    } catch {
      return { operation, problems: [`${where}: the body is not JSON`] };
    }
    const problems: string[] = [];
    const validate = this.validator(op.template, op.method, String(x.status), mediaType);
    if (!validate(body)) {
      const errors = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || "/"} ${e.message}`);
      problems.push(`${where}: body does not match the schema: ${errors.join("; ")} — ${x.body.toString("utf8").slice(0, 200)}`);
    }
    if (x.status >= 400 && (body as { statusCode?: unknown })?.statusCode !== x.status) {
      problems.push(`${where}: error body statusCode ${(body as { statusCode?: unknown })?.statusCode} differs from the status`);
    }
    return { operation, problems };
  }

  private validator(template: string, method: string, status: string, mediaType: string): ValidateFunction {
    const pointer = ["paths", template, method, "responses", status, "content", mediaType, "schema"]
      .map((p) => p.replace(/~/g, "~0").replace(/\//g, "~1"))
      .map(encodeURIComponent)
      .join("/");
    const key = `openapi.json#/${pointer}`;
    let fn = this.validators.get(key);
    if (!fn) {
      fn = this.ajv.compile({ $ref: key });
      this.validators.set(key, fn);
    }
    return fn;
  }
}

/** What one test file's servers answered, checked against the document they served. */
class ContractRecorder {
  validated = 0;
  readonly operations = new Set<string>();
  /** `"METHOD /template status"` seen, for the coverage numbers. */
  readonly statuses = new Set<string>();
  readonly problems: string[] = [];
  private checker: ContractChecker | null = null;
  private docText = "";

  /** Records every response of `server`. */
  attach(server: http.Server): void {
    server.prependListener("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
      if (req.method === "HEAD" || req.method === "OPTIONS") return;
      // Routing rewrites req.url (mount prefixes); keep the URL as the client sent it.
      const url = req.url ?? "/";
      const method = req.method ?? "GET";
      const chunks: Buffer[] = [];
      const keep = (chunk: unknown, encoding?: unknown) => {
        if (chunk === undefined || chunk === null || typeof chunk === "function") return;
        chunks.push(
          Buffer.isBuffer(chunk)
            ? chunk
            : Buffer.from(chunk as string, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"),
        );
      };
      const write = res.write.bind(res) as (...args: unknown[]) => boolean;
      const end = res.end.bind(res) as (...args: unknown[]) => http.ServerResponse;
      (res as unknown as { write: (...a: unknown[]) => boolean }).write = (...args: unknown[]) => {
        keep(args[0], args[1]);
        return write(...args);
      };
      (res as unknown as { end: (...a: unknown[]) => http.ServerResponse }).end = (...args: unknown[]) => {
        keep(args[0], args[1]);
        return end(...args);
      };
      let done = false;
      const record = () => {
        if (done) return;
        done = true;
        const header = res.getHeader("content-type");
        this.record({
          method,
          url,
          status: res.statusCode,
          contentType: typeof header === "string" ? header : undefined,
          body: Buffer.concat(chunks),
        });
      };
      res.on("finish", record);
      res.on("close", record);
    });
  }

  /** Reads the document the server serves; responses are checked against it from then on. */
  async load(url: string): Promise<void> {
    const text = await (await fetch(`${url}/api/openapi.json`)).text();
    if (text !== this.docText) {
      this.docText = text;
      this.checker = new ContractChecker(JSON.parse(text));
    }
    this.judge();
  }

  /** Responses that came before the document was read (only the document itself, normally). */
  private readonly early: Exchange[] = [];

  private record(x: Exchange): void {
    if (this.checker) this.checkOne(x);
    else this.early.push(x);
  }

  private checkOne(x: Exchange): void {
    const result = this.checker?.check(x);
    if (!result) return;
    this.validated++;
    this.operations.add(result.operation);
    this.statuses.add(`${result.operation} ${x.status}`);
    this.problems.push(...result.problems);
  }

  /** Checks what is still waiting; a response nothing could be checked against is a failure. */
  judge(): void {
    if (!this.checker) {
      if (this.early.length > 0) this.problems.push(`${this.early.length} responses recorded but the OpenAPI document was never read`);
      return;
    }
    for (const x of this.early.splice(0)) this.checkOne(x);
  }
}

export const contractRecorder = new ContractRecorder();

/** Called by startTestServer: every response of this server is checked when the file ends. */
export async function recordContract(server: http.Server, url: string): Promise<void> {
  contractRecorder.attach(server);
  await contractRecorder.load(url);
}

afterAll(() => {
  contractRecorder.judge();
  const dir = process.env.CONTRACT_STATS_DIR;
  const file = expect.getState().testPath ?? "unknown";
  if (dir && contractRecorder.validated > 0) {
    mkdirSync(dir, { recursive: true });
    const name = `${file.replace(/[^\w.-]+/g, "_")}.${process.env.TEST_DB_BACKEND ?? "pglite"}.json`;
    const stats = {
      file,
      validated: contractRecorder.validated,
      operations: [...contractRecorder.operations].sort(),
      statuses: [...contractRecorder.statuses].sort(),
    };
    writeFileSync(join(dir, name), JSON.stringify(stats));
  }
  expect(contractRecorder.problems, "responses that do not match the OpenAPI document").toEqual([]);
});
