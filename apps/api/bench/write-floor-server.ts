// The floor that bench/write-path.bench.ts compares the api's two commonest writes with: a minimal
// node:http + pg server that writes the same rows as the api, in one transaction each, and
// answers the same JSON (the core's record mappers), and nothing else: no framework, no
// validation, no ORM, no logging. Run as its own process so the benchmark reads its CPU time
// from /proc, like the api's.
//   PUT  /api/projects/:id/keys/:keyId/translations/:lang  {value}
//        the API key's actor, the project's tenant check, the key; then in one transaction the
//        translation's write lock, its current row and the key's source value, the glossary
//        terms the checks need, the quality checks (the core's pure runChecks, warnings stored),
//        the upserted translation, its history row, the activity row and the webhook lookup.
//   POST /api/projects/:id/keys  {key, description?}
//        actor and project; then in one transaction the key row (the Key triggers keep the
//        project's key stats), the activity row and the webhook lookup.
// A value save (no status) puts nothing in the translation memory, neither here nor in the api.
//   DATABASE_URL=postgres://... PORT=... node --import tsx bench/write-floor-server.ts
import { createHash } from "node:crypto";
import http from "node:http";
import { createRequire } from "node:module";
import { API_KEY_ACTOR_SQL } from "@locale/core";
import { toKeyRecord } from "@locale/core/keys";
import { readQaSettings, runChecks, severitiesFor } from "@locale/core/qa";
import { toTranslationRecord } from "@locale/core/translations";

// pg is a dependency of @locale/db, not of the api: resolve it from there.
const pg = createRequire(new URL("../../../packages/db/package.json", import.meta.url))("pg");
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

function send(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

async function readBody(req: http.IncomingMessage): Promise<any> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString("utf8"));
}

/** The activity row and its webhook lookup (the api's recordActivity). */
async function activity(
  client: any,
  actor: any,
  projectId: string,
  action: string,
  targetId: string,
  targetType: string,
  metadata: unknown,
) {
  await client.query(
    `INSERT INTO "Activity" ("id", "organizationId", "projectId", "userId", "userName", "tokenId", "action", "targetId", "targetType", "metadata")
     VALUES (uuid_v7(), $1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [actor.organizationId, projectId, actor.createdById, actor.userName, actor.id, action, targetId, targetType, JSON.stringify(metadata)],
  );
  const hooks = await client.query(
    `SELECT "id" FROM "Webhook" WHERE "organizationId" = $1 AND "active" AND ("projectId" IS NULL OR "projectId" = $2)
       AND ("events" @> ARRAY[$3] OR "events" @> ARRAY['*'])`,
    [actor.organizationId, projectId, action],
  );
  if (hooks.rows.length > 0) throw new Error("the floor writes no webhook deliveries: the benchmark creates no webhooks");
}

async function inTransaction<T>(work: (client: any) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const result = await work(client);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK");
    throw error;
  } finally {
    client.release();
  }
}

async function saveTranslation(res: http.ServerResponse, actor: any, project: any, keyId: string, language: string, body: any) {
  const [key] = (await pool.query(`SELECT * FROM "Key" WHERE "id" = $1 AND "projectId" = $2`, [keyId, project.id])).rows;
  if (!key) return send(res, 404, { statusCode: 404 });
  const value = String(body.value);
  const record = await inTransaction(async (client) => {
    await client.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`${key.id}:${language}`]);
    const current = (
      await client.query(`SELECT * FROM "Translation" WHERE "keyId" = $1 AND "language" = ANY($2::text[])`, [
        key.id,
        [language, project.sourceLanguage],
      ])
    ).rows as any[];
    const row = current.find((t) => t.language === language) ?? null;
    const source = current.find((t) => t.language === project.sourceLanguage)?.value ?? "";
    if (row && row.value === value) return toTranslationRecord(key, language, row, source);
    const settings = readQaSettings(project.qaSettings);
    const severities = severitiesFor(settings, language);
    const glossary =
      severities.glossary_term !== "off" || severities.glossary_do_not_translate !== "off"
        ? (
            await client.query(
              `SELECT "term", "doNotTranslate", "caseSensitive", "translations" FROM "GlossaryTerm"
                WHERE "organizationId" = $1 AND ("doNotTranslate" OR "translations" <> '[]'::jsonb)`,
              [project.organizationId],
            )
          ).rows
        : [];
    const issues = runChecks(
      {
        source,
        value,
        sourceLanguage: project.sourceLanguage,
        language,
        maxLength: key.maxLength,
        glossary: glossary.map((t: any) => ({
          term: t.term,
          doNotTranslate: t.doNotTranslate,
          caseSensitive: t.caseSensitive,
          approved: (t.translations as any[]).filter((x) => x.language === language && x.approved === true).map((x) => x.value),
        })),
        format: settings.format,
      },
      { severities },
    );
    if (issues.some((i) => i.severity === "error")) throw new Error("the benchmark's values pass every error-level check");
    const warnings = issues.filter((i) => i.severity === "warning");
    const status = value === "" ? "untranslated" : "translated";
    const [saved] = (
      await client.query(
        `INSERT INTO "Translation" ("id", "projectId", "keyId", "language", "value", "status", "source", "aiConfidence", "qaIssues", "createdAt", "updatedAt")
         VALUES (uuid_v7(), $1, $2, $3, $4, $5::"TranslationStatus", 'human', NULL, $6::jsonb, now(), now())
         ON CONFLICT ("keyId", "language") DO UPDATE SET "value" = EXCLUDED."value", "status" = EXCLUDED."status",
           "source" = EXCLUDED."source", "aiConfidence" = NULL, "qaIssues" = EXCLUDED."qaIssues", "updatedAt" = EXCLUDED."updatedAt"
         RETURNING *`,
        [project.id, key.id, language, value, status, JSON.stringify(warnings)],
      )
    ).rows;
    await client.query(
      `INSERT INTO "TranslationHistory" ("id", "translationId", "projectId", "keyId", "language", "previousValue", "newValue",
         "previousStatus", "newStatus", "changedBy", "changedByName", "source", "createdAt")
       VALUES (uuid_v7(), $1, $2, $3, $4, $5, $6, $7::"TranslationStatus", $8::"TranslationStatus", $9, $10, 'human', $11)`,
      [
        saved.id,
        project.id,
        key.id,
        language,
        row?.value ?? null,
        value,
        row?.status ?? "untranslated",
        status,
        actor.createdById,
        actor.userName,
        saved.updatedAt,
      ],
    );
    await activity(client, actor, project.id, row ? "translation.updated" : "translation.created", saved.id, "translation", {
      keyId: key.id,
      key: key.key,
      namespace: key.namespace,
      language,
      source: "human",
      previousStatus: row?.status ?? "untranslated",
      newStatus: status,
    });
    return toTranslationRecord(key, language, saved, source);
  });
  send(res, 200, record);
}

async function createKey(res: http.ServerResponse, actor: any, project: any, body: any) {
  const key = await inTransaction(async (client) => {
    const [row] = (
      await client.query(
        `INSERT INTO "Key" ("id", "projectId", "key", "namespace", "description", "tags", "maxLength", "createdAt", "updatedAt")
         VALUES (uuid_v7(), $1, $2, $3, $4, $5::text[], $6, now(), now()) RETURNING *`,
        [project.id, body.key, body.namespace ?? "", body.description ?? "", body.tags ?? [], body.maxLength ?? null],
      )
    ).rows;
    await activity(client, actor, project.id, "key.created", row.id, "key", { keyId: row.id, key: row.key, namespace: row.namespace });
    return row;
  });
  send(res, 201, toKeyRecord(key));
}

async function answer(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const apiKey = req.headers["x-api-key"];
  if (typeof apiKey !== "string") return send(res, 401, { statusCode: 401 });
  const [actor] = (await pool.query(API_KEY_ACTOR_SQL, [createHash("sha256").update(apiKey).digest("hex")])).rows;
  if (!actor || (actor.expiresAt && new Date(actor.expiresAt).getTime() <= Date.now())) return send(res, 401, { statusCode: 401 });
  const body = await readBody(req);
  const [, , , pid, resource, keyId, , language] = new URL(req.url ?? "/", "http://floor").pathname.split("/");
  const [project] = (await pool.query(`SELECT * FROM "Project" WHERE "id" = $1 AND "organizationId" = $2`, [pid, actor.organizationId]))
    .rows;
  if (!project) return send(res, 404, { statusCode: 404 });
  if (project.archived) return send(res, 409, { statusCode: 409 });
  if (req.method === "PUT" && resource === "keys" && language) return saveTranslation(res, actor, project, keyId!, language, body);
  if (req.method === "POST" && resource === "keys" && !keyId) return createKey(res, actor, project, body);
  send(res, 404, { statusCode: 404 });
}

const server = http.createServer((req, res) => {
  answer(req, res).catch((error) => send(res, 500, { statusCode: 500, message: String(error) }));
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.PORT), "127.0.0.1", () => console.log("floor listening"));
process.on("SIGTERM", () => server.close(() => pool.end().then(() => process.exit(0))));
