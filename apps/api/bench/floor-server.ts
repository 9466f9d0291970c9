// The floor that bench/core-api.bench.ts compares the api with: a minimal node:http + pg server
// answering the benchmark's three GETs with the api's own SQL (the API key's actor query, the
// project's tenant check, the endpoint's query) and the same JSON (the core's record mappers),
// and nothing else: no framework, no validation, no logging. Run as its own process so the
// benchmark can read its CPU time from /proc, like the api's.
//   DATABASE_URL=postgres://... PORT=... PROJECT_ID=... node --import tsx bench/floor-server.ts
import { createHash } from "node:crypto";
import http from "node:http";
import { createRequire } from "node:module";
import { API_KEY_ACTOR_SQL, toProjectRecord } from "@locale/core";
import { toKeyRecord } from "@locale/core/keys";
import { LANGUAGE_VALUES_BY_KEYS_SQL, toTranslationRecord } from "@locale/core/translations";

// pg is a dependency of @locale/db, not of the api: resolve it from there.
const pg = createRequire(new URL("../../../packages/db/package.json", import.meta.url))("pg");
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const projectId = process.env.PROJECT_ID!;

// The api caches each large project's key order in memory (keys/key-order-cache.ts); so does the floor.
const order = (await pool.query(`SELECT id, key, namespace FROM "Key" WHERE "projectId" = $1 ORDER BY namespace, key`, [projectId]))
  .rows as { id: string; key: string; namespace: string }[];

function send(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

async function answer(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const url = new URL(req.url ?? "/", "http://floor");
  const apiKey = req.headers["x-api-key"];
  if (typeof apiKey !== "string") return send(res, 401, { statusCode: 401 });
  const [actor] = (await pool.query(API_KEY_ACTOR_SQL, [createHash("sha256").update(apiKey).digest("hex")])).rows;
  if (!actor || (actor.expiresAt && new Date(actor.expiresAt).getTime() <= Date.now())) return send(res, 401, { statusCode: 401 });
  const [, , , pid, resource, id] = url.pathname.split("/");
  const [project] = (await pool.query(`SELECT * FROM "Project" WHERE "id" = $1 AND "organizationId" = $2`, [pid, actor.organizationId]))
    .rows;
  if (!project) return send(res, 404, { statusCode: 404 });
  if (resource === undefined) return send(res, 200, toProjectRecord(project));
  if (resource === "keys") {
    const [key] = (await pool.query(`SELECT * FROM "Key" WHERE "id" = $1 AND "projectId" = $2`, [id, project.id])).rows;
    return key ? send(res, 200, toKeyRecord(key)) : send(res, 404, { statusCode: 404 });
  }
  const language = id!;
  const limit = Number(url.searchParams.get("limit"));
  const page = Number(url.searchParams.get("page"));
  const skip = (page - 1) * limit;
  const ids = order.slice(skip, skip + limit).map((k) => k.id);
  const values = (await pool.query(LANGUAGE_VALUES_BY_KEYS_SQL, [project.id, ids, [language, project.sourceLanguage]])).rows;
  const own = new Map<string, any>();
  const source = new Map<string, string>();
  for (const v of values) {
    if (v.keyId === null) continue;
    if (v.language === language) own.set(v.keyId, v);
    if (v.language === project.sourceLanguage) source.set(v.keyId, v.value);
  }
  const data = order.slice(skip, skip + limit).map((k) => toTranslationRecord(k, language, own.get(k.id) ?? null, source.get(k.id) ?? ""));
  const total = Number(values[0]?.keyCount ?? 0);
  send(res, 200, { data, meta: { page, limit, total, totalPages: Math.ceil(total / limit) } });
}

const server = http.createServer((req, res) => {
  answer(req, res).catch((error) => send(res, 500, { statusCode: 500, message: String(error) }));
});
server.listen(Number(process.env.PORT), "127.0.0.1", () => console.log("floor listening"));
process.on("SIGTERM", () => server.close(() => pool.end().then(() => process.exit(0))));
