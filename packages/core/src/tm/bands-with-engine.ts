// How far the best TM match of each of many source texts reaches, through the native engine's
// in-process copy of the pair (tm-engine-copies.ts): one searchBands call per slice of texts, in
// parallel on the engine's threads, instead of one ranking per text. The answer per text is the
// highest threshold the best similarity reaches, as rankTmEntries(limit 1) ranks it, with one
// difference the caller handles: an entry whose normalised source equals the text's reaches 100
// here, where the ranking gives 100 only to an identical source text (99 otherwise).
import type { Database } from "@locale/db";
import type { TmEngineIndex } from "@locale/tm-engine";
import type { RuntimeDeps } from "../runtime/core-runtime";
import { tmEngineCopies } from "./tm-engine-copies";

/**
 * Texts per engine call: a call holds the index's read lock, and a refresh of the copy (on the
 * JavaScript thread) waits for it, so slices stay well under a second.
 */
const SLICE = 200;
/** Entries deleted since the copy read them are dropped and their texts searched again, this often at most. */
const MAX_ATTEMPTS = 4;

export interface BandsInput {
  organizationId: string;
  sourceLang: string;
  targetLang: string;
  /** Normalised texts (normalizeTmText), none empty. */
  norms: string[];
  /** Ascending whole numbers from 1 to 100. */
  thresholds: number[];
}

/**
 * Per text, the highest threshold its best match reaches (0: none reaches the lowest), or null when
 * the pair has no ready copy (the caller then ranks each text in the database).
 */
export async function bandsWithEngine(on: RuntimeDeps, input: BandsInput): Promise<number[] | null> {
  const { db } = on;
  const copies = tmEngineCopies(on);
  if (!copies) return null;
  const out: number[] = [];
  for (let from = 0; from < input.norms.length; from += SLICE) {
    const slice = input.norms.slice(from, from + SLICE);
    const bands = await copies.withIndex(input.organizationId, input.sourceLang, input.targetLang, (index) =>
      bandsOnIndex(db, index, input, slice),
    );
    if (!bands) return null;
    out.push(...bands);
  }
  return out;
}

async function bandsOnIndex(db: Database, index: TmEngineIndex, input: BandsInput, norms: string[]): Promise<number[] | null> {
  const bands: number[] = new Array(norms.length).fill(0);
  let pending = norms.map((_, i) => i);
  for (let attempt = 0; attempt < MAX_ATTEMPTS && pending.length; attempt++) {
    const found = await index.searchBands(
      pending.map((i) => norms[i]!),
      input.thresholds,
    );
    // A band is only as good as its witness: an entry deleted since the copy read it may have set
    // it. The copy holds every live entry, so with a live witness the band is exact.
    const witnesses = [...new Set(found.ids.filter((id): id is string => id !== null))];
    const live = new Set(
      witnesses.length
        ? (
            await db.query<{ id: string }>(
              `SELECT "id" FROM "TmEntry"
               WHERE "id" = ANY($1::text[]) AND "organizationId" = $2 AND "sourceLanguage" = $3 AND "targetLanguage" = $4`,
              [witnesses, input.organizationId, input.sourceLang, input.targetLang],
            )
          ).map((r) => r.id)
        : [],
    );
    const gone = witnesses.filter((id) => !live.has(id));
    if (gone.length) index.remove(gone);
    const again: number[] = [];
    for (const [j, i] of pending.entries()) {
      const id = found.ids[j];
      if (id && !live.has(id)) again.push(i);
      else bands[i] = found.bands[j]!;
    }
    pending = again;
  }
  return pending.length ? null : bands;
}
