// Identical-source TM matches for many texts in one query: for each text with a stored entry of the
// same source text, the entry the TM search ranks first among its 100 % matches (usageCount, then
// newest, then id in "C" order: tm-rank-order.ts). The md5 expression index of the pair
// (migration tm_source_hash) makes it an index lookup per text, not a read of the whole pair.
import { createHash } from "node:crypto";
import type { Database, Prisma } from "@locale/db";

/** As PostgreSQL's md5(text): of the UTF-8 bytes, in hex. */
const md5 = (text: string) => createHash("md5").update(text, "utf8").digest("hex");

export interface ExactTmMatchInput {
  organizationId: string;
  sourceLanguage: string;
  targetLanguage: string;
  texts: string[];
}

type Queryable = Pick<Database["prisma"] | Prisma.TransactionClient, "$queryRawUnsafe">;

/** source text → the top entry's target text, for the texts that have an identical stored source. */
export async function findExactTmMatches(db: Queryable, input: ExactTmMatchInput): Promise<Map<string, string>> {
  const texts = [...new Set(input.texts)];
  if (texts.length === 0) return new Map();
  const rows = await db.$queryRawUnsafe<{ sourceText: string; targetText: string }[]>(
    `SELECT DISTINCT ON (e."sourceText") e."sourceText", e."targetText"
     FROM "TmEntry" e
     WHERE e."organizationId" = $1 AND e."sourceLanguage" = $2 AND e."targetLanguage" = $3
       AND md5(e."sourceText") = ANY($4::text[]) AND e."sourceText" = ANY($5::text[])
     ORDER BY e."sourceText", e."usageCount" DESC, e."createdAt" DESC, e.id COLLATE "C"`,
    input.organizationId,
    input.sourceLanguage,
    input.targetLanguage,
    texts.map(md5),
    texts,
  );
  return new Map(rows.map((r) => [r.sourceText, r.targetText]));
}
