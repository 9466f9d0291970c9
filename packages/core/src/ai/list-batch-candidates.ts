// Which keys a batch translates (docs/api-rules.md, "AI translation"): untranslated keys of the target
// language (no value stored, or status `untranslated`) in namespace/key order, those with an
// empty source value counted as skipped. Keys still pending in another active job of the same
// language are left to that job (of any kind: AI batch or pre-translation), so two jobs never
// translate one key. A pre-translation narrows the keys (a namespace, chosen keys) and takes them all.
import type { Database } from "@locale/db";

export interface BatchCandidate {
  keyId: string;
  key: string;
  namespace: string;
  description: string;
  sourceText: string;
}

export interface BatchCandidates {
  /** Untranslated keys in the language before the batch. */
  totalKeys: number;
  /** Untranslated keys with an empty source value. */
  skipped: number;
  /** Eligible keys already pending in another active job. */
  inFlight: number;
  /** Eligible keys not in another job (before the limit). */
  available: number;
  keys: BatchCandidate[];
}

export interface BatchKeyFilter {
  /** Only keys of this namespace. */
  namespace?: string;
  /** Only these keys. */
  keyIds?: string[];
}

// $4: the namespace or null, $5: the key ids or null.
const UNTRANSLATED = `
  FROM "Key" k
  LEFT JOIN "Translation" t ON t."keyId" = k.id AND t.language = $2
  LEFT JOIN "Translation" s ON s."keyId" = k.id AND s.language = $3
  WHERE k."projectId" = $1 AND (t.id IS NULL OR t.status = 'untranslated')
    AND ($4::text IS NULL OR k.namespace = $4::text) AND ($5::text[] IS NULL OR k.id = ANY($5::text[]))`;

const IN_ACTIVE_JOB = `EXISTS (
  SELECT 1 FROM "AiJobItem" i JOIN "AiJob" j ON j.id = i."jobId"
  WHERE i."keyId" = k.id AND i.status = 'pending' AND j.status IN ('queued', 'running') AND j."targetLanguage" = $2)`;

export async function listBatchCandidates(
  db: Database,
  input: { projectId: string; sourceLanguage: string; targetLanguage: string; limit: number | null; filter?: BatchKeyFilter },
): Promise<BatchCandidates> {
  const params = [
    input.projectId,
    input.targetLanguage,
    input.sourceLanguage,
    input.filter?.namespace ?? null,
    input.filter?.keyIds ?? null,
  ];
  // Outside Prisma: a pre-translation takes every key, and Prisma's decoding of 100,000 rows cost a second.
  const [counts] = await db.query<{ total: number; skipped: number; inflight: number }>(
    `SELECT count(*)::int AS total,
            count(*) FILTER (WHERE COALESCE(s.value, '') = '')::int AS skipped,
            count(*) FILTER (WHERE COALESCE(s.value, '') <> '' AND ${IN_ACTIVE_JOB})::int AS inflight
     ${UNTRANSLATED}`,
    params,
  );
  const keys = await db.query<BatchCandidate>(
    `SELECT k.id AS "keyId", k.key, k.namespace, k.description, s.value AS "sourceText"
     ${UNTRANSLATED} AND COALESCE(s.value, '') <> '' AND NOT ${IN_ACTIVE_JOB}
     ORDER BY k.namespace, k.key${input.limit === null ? "" : ` LIMIT ${Math.max(1, Math.floor(input.limit))}`}`,
    params,
  );
  const totalKeys = counts?.total ?? 0;
  const skipped = counts?.skipped ?? 0;
  const inFlight = counts?.inflight ?? 0;
  return { totalKeys, skipped, inFlight, available: totalKeys - skipped - inFlight, keys };
}
