// Saves many translation-memory values of a pre-translation in the caller's transaction: the same
// rows saveMachineTranslationInTx writes for origin `tm`, value by value, with a handful of
// statements for all of them instead of about ten per value (the values, their history, the
// `translation.tm_applied` activity with its webhook outbox, and the TM usage of context and 100 %
// matches). A value someone saved meanwhile is left alone ("taken"); one the quality gate refuses
// gets the gate's 422 while the others are saved.
import type { Prisma } from "@locale/db";
import { AppError } from "../errors/app-error";
import type { TmMatchOrigin } from "../pretranslate/tm-match";
import { tmPairHash } from "../tm/add-tm-entry";
import { normalizeTmText } from "../tm/tm-similarity";
import { enqueueWebhookDeliveriesMany } from "../webhooks/enqueue-deliveries-many";
import { lockTranslations, type TranslationAuthor, type TranslationWrite, writeTranslations } from "./write-translations";

type Tx = Prisma.TransactionClient;

export interface TmMatchSave {
  keyId: string;
  key: string;
  sourceText: string;
  translation: string;
  match: TmMatchOrigin;
  similarity: number;
}

export interface TmMatchesSaveInput {
  organizationId: string;
  projectId: string;
  sourceLanguage: string;
  targetLanguage: string;
  jobId?: string;
  /** Distinct keys. */
  items: TmMatchSave[];
}

/** Per item: saved, taken (no longer untranslated, nothing written), or the quality gate's 422. */
export type TmMatchSaveResult = "saved" | "taken" | AppError;

const TM_AUTHOR: TranslationAuthor = { changedBy: "tm", changedByName: "Translation memory" };

const isRefusal = (err: unknown): err is AppError => err instanceof AppError && err.code === "UNPROCESSABLE_ENTITY";

export async function saveTmMatchesInTx(tx: Tx, input: TmMatchesSaveInput): Promise<TmMatchSaveResult[]> {
  const { items, targetLanguage: language } = input;
  if (items.length === 0) return [];
  await lockTranslations(
    tx,
    items.map((i) => ({ keyId: i.keyId, language })),
  );
  const current = await tx.translation.findMany({
    where: { keyId: { in: items.map((i) => i.keyId) }, language },
    select: { keyId: true, status: true },
  });
  const taken = new Set(current.filter((c) => c.status !== "untranslated").map((c) => c.keyId));
  const results: TmMatchSaveResult[] = items.map((i) => (taken.has(i.keyId) ? "taken" : "saved"));
  const writeOf = (i: TmMatchSave): TranslationWrite => ({
    keyId: i.keyId,
    language,
    value: i.translation,
    status: "translated",
    source: "tm",
  });
  const open = items.flatMap((_, n) => (results[n] === "saved" ? [n] : []));
  try {
    await writeTranslations(
      tx,
      input.projectId,
      TM_AUTHOR,
      open.map((n) => writeOf(items[n]!)),
    );
  } catch (err) {
    if (!isRefusal(err)) throw err;
    // The gate refuses before anything is written: value by value, so only the refused ones fail.
    for (const n of open) {
      try {
        await writeTranslations(tx, input.projectId, TM_AUTHOR, [writeOf(items[n]!)]);
      } catch (one) {
        if (!isRefusal(one)) throw one;
        results[n] = one;
      }
    }
  }
  const saved = items.filter((_, n) => results[n] === "saved");
  if (saved.length === 0) return results;

  const entries = await tx.activity.createManyAndReturn({
    data: saved.map((i) => ({
      organizationId: input.organizationId,
      projectId: input.projectId,
      userId: null,
      userName: "tm",
      tokenId: null,
      action: "translation.tm_applied",
      targetId: i.keyId,
      targetType: "translation",
      metadata: {
        key: i.key,
        language,
        match: i.match,
        similarity: i.similarity,
        ...(input.jobId ? { jobId: input.jobId } : {}),
      },
    })),
  });
  await enqueueWebhookDeliveriesMany(tx, entries);

  // Context and 100 % matches are used again (usageCount grows by one per value, as addTmEntry's
  // upsert would grow it value by value); a fuzzy match's text belongs to another source.
  if (input.sourceLanguage !== input.targetLanguage) {
    const pairs = new Map<string, { source: string; target: string; count: number }>();
    for (const i of saved) {
      if (i.match === "fuzzy" || i.sourceText.trim() === "" || i.translation.trim() === "") continue;
      const hash = tmPairHash(i.sourceText, i.translation);
      const pair = pairs.get(hash);
      if (pair) pair.count++;
      else pairs.set(hash, { source: i.sourceText, target: i.translation, count: 1 });
    }
    if (pairs.size > 0) {
      const list = [...pairs.entries()];
      await tx.$executeRawUnsafe(
        `INSERT INTO "TmEntry" ("id", "organizationId", "sourceLanguage", "targetLanguage", "sourceText", "targetText", "sourceNorm", "pairHash", "usageCount", "createdAt", "updatedAt")
         SELECT uuid_v7(), $1, $2, $3, u.s, u.t, u.n, u.h, u.c, now(), now()
         FROM unnest($4::text[], $5::text[], $6::text[], $7::text[], $8::int[]) AS u(s, t, n, h, c)
         ON CONFLICT ("organizationId", "sourceLanguage", "targetLanguage", "pairHash")
         DO UPDATE SET "usageCount" = "TmEntry"."usageCount" + EXCLUDED."usageCount", "updatedAt" = now()`,
        input.organizationId,
        input.sourceLanguage,
        input.targetLanguage,
        list.map(([, p]) => p.source),
        list.map(([, p]) => p.target),
        list.map(([, p]) => normalizeTmText(p.source)),
        list.map(([h]) => h),
        list.map(([, p]) => p.count),
      );
    }
  }
  return results;
}
