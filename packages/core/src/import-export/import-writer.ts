// The database side of an import: candidates arrive in batches and each batch is written with a
// handful of set-based statements inside the import's one transaction (unnest arrays): repeated
// keys are caught in memory (past SEEN_IN_MEMORY names, in a temporary table), keys are resolved
// or created (with what the quality gate needs of them), empty descriptions filled,
// and values written together with their history. Nothing here grows with the file: the api holds
// one batch, the project's keys stay in the database. A journaled import (import-journal.ts) runs
// each batch in a transaction of its own and lists what it wrote, so that it can be taken back.
//
// An import into a namespace that had no keys when it began (and, for dotted names, a project
// without namespaced keys) has nothing to match: its keys are inserted without probing for existing
// ones. A key a concurrent writer created meanwhile meets the unique index (ON CONFLICT DO
// NOTHING) and is then resolved like any existing key. Values of keys created by the same batch are
// inserted without looking for a translation: no other transaction can have written one.
import type { Tx } from "../activity/record-activity";
import type { Actor } from "../auth/actor";
import { hasErrors, type QaIssue } from "../qa";
import { type KeyFacts, QaGate, type QaProject, storedQaIssues } from "../quality/qa-gate";
import { recheckAfterSourceChange } from "../quality/qa-recheck";

export interface Candidate {
  key: string;
  value: string;
  description: string;
  /** False for POT entries, fuzzy entries and empty values: the key is created, the value is not. */
  takeValue: boolean;
}

export interface BatchOutcome {
  /** Values written (inserted, filled or replaced, each with a history entry). */
  written: number;
  /** Candidates whose key already came earlier in the file; nothing of them was written. */
  repeated: Candidate[];
  /** Candidates whose value failed an error-level quality check; their value was not written. */
  refused: { candidate: Candidate; issues: QaIssue[] }[];
}

export interface ImportTarget {
  projectId: string;
  language: string;
  /** Namespace of every key of the file ("" for none). */
  namespace: string;
  /** An explicit namespace turns off matching `ns.key` names onto namespaced keys. */
  namespaceGiven: boolean;
  overwrite: boolean;
  actor: Actor;
  /** The project, for the quality gate every value passes (docs/quality-checks.md). */
  qa: QaProject;
}

/** How many created key names the `key.imported` activity entry lists. */
export const IMPORTED_KEY_NAMES_IN_ACTIVITY = 50;

/** Key names of the file an import into an empty namespace remembers in memory (about 70 bytes each). */
export const SEEN_IN_MEMORY = 500_000;

/** Key ids in the batch's order, those created by it, and the gate's facts of the others. */
interface ResolvedKeys {
  ids: string[];
  created: string[];
  facts: Map<string, KeyFacts>;
}

export class ImportWriter {
  keysCreated = 0;
  /**
   * Set before the first batch when the import commits batch by batch (import-journal.ts): every
   * row written is then listed in ImportUndo under this id.
   */
  journalId: string | null = null;
  /** Values written over a different non-empty value (overwrite). */
  replaced = 0;
  /** The first created key names, for the activity entry. */
  readonly createdNames: string[] = [];
  private opened = false;
  /** Whether the project had namespaced keys when the import began (else `ns.key` names need no lookup). */
  private hasNamespacedKeys = false;
  /** Whether no name of the file could match a key that existed when the import began. */
  private nothingToMatch = false;
  /** The file's key names so far, while they are kept in memory (null: in the `import_seen` table, past `seenInMemory`). */
  private seen: Set<string> | null = null;

  private tx!: Tx;

  constructor(
    private readonly target: ImportTarget,
    /** How many key names the memory holds before they move to the table (tests lower it). */
    private readonly seenInMemory = SEEN_IN_MEMORY,
  ) {}

  /** Writes one batch in `tx` (the import's one transaction, or this batch's own when journaled). */
  async write(tx: Tx, batch: Candidate[]): Promise<BatchOutcome> {
    this.tx = tx;
    if (!this.opened) {
      // Read once, like the key list the import matched against before: a namespaced key created
      // meanwhile by a concurrent writer is not a target for dotted names of this file.
      const { projectId, namespace, namespaceGiven } = this.target;
      const [row] = await this.tx.$queryRaw<{ namespaced: boolean; taken: boolean }[]>`
        SELECT ${namespaceGiven} = false AND EXISTS (SELECT 1 FROM "Key" WHERE "projectId" = ${projectId} AND "namespace" > '') AS namespaced,
          EXISTS (SELECT 1 FROM "Key" WHERE "projectId" = ${projectId} AND "namespace" = ${namespace}) AS taken`;
      this.hasNamespacedKeys = row?.namespaced ?? true;
      this.nothingToMatch = row?.taken === false && !this.hasNamespacedKeys;
      // The file's names are the same whether or not keys exist: kept in memory up to the bound.
      this.seen = new Set();
      this.opened = true;
    }
    const { fresh, repeated } = await this.dropRepeated(batch);
    if (fresh.length === 0) return { written: 0, repeated, refused: [] };
    const ids = this.nothingToMatch ? await this.createKeys(fresh) : await this.resolveKeys(fresh);
    const createdIds = new Set(ids.created);
    let written = 0;
    const valued = fresh.flatMap((c, i) =>
      c.takeValue ? [{ keyId: ids.ids[i]!, value: c.value, candidate: c, qaIssues: [] as QaIssue[] }] : [],
    );
    const refused: BatchOutcome["refused"] = [];
    let accepted = valued;
    if (valued.length > 0) {
      // The same gate as every other write: an entry failing an error-level check is refused
      // (listed in the result's errors), the rest of the file is imported with its warnings.
      // A key created by this batch has no source value and no length limit yet; those of existing
      // keys came with their ids, so the gate reads nothing more.
      const facts = ids.facts;
      for (const id of ids.created) facts.set(id, { source: "", maxLength: null });
      const gate = await QaGate.load(
        this.tx,
        this.target.qa,
        valued.map((v) => v.keyId),
        [this.target.language],
        facts,
      );
      accepted = [];
      for (const v of valued) {
        const issues = gate.check(v.keyId, this.target.language, v.value);
        if (hasErrors(issues)) refused.push({ candidate: v.candidate, issues });
        else accepted.push({ ...v, qaIssues: storedQaIssues(issues) });
      }
    }
    const onCreated = accepted.filter((v) => createdIds.has(v.keyId));
    const onExisting = onCreated.length === 0 ? accepted : accepted.filter((v) => !createdIds.has(v.keyId));
    if (onCreated.length > 0) written += await this.insertTranslations(onCreated);
    if (onExisting.length > 0) {
      const keyIds = await this.writeTranslations(onExisting);
      written += keyIds.length;
      // New source values: the keys' other languages are checked against them now (a key created
      // by this batch has no other language yet).
      if (this.target.language === this.target.qa.sourceLanguage) await recheckAfterSourceChange(this.tx, this.target.qa, keyIds);
    }
    return { written, repeated, refused };
  }

  /** Drops what a journaled import kept between its transactions. */
  async close(tx: Tx): Promise<void> {
    if (this.journalId && this.opened && this.seen === null) await tx.$executeRawUnsafe(`DROP TABLE IF EXISTS pg_temp."import_seen"`);
  }

  private async createSeenTable(): Promise<void> {
    if (this.journalId) {
      // Kept across the batches' transactions (PGlite's one connection, one import at a time: import-gate.ts); dropped by close().
      await this.tx.$executeRawUnsafe(`DROP TABLE IF EXISTS pg_temp."import_seen"`);
      await this.tx.$executeRawUnsafe(`CREATE TEMP TABLE "import_seen" ("key" text PRIMARY KEY)`);
    } else {
      // Dropped at commit (or with the rolled-back transaction); per connection, so concurrent imports never meet.
      await this.tx.$executeRawUnsafe(`CREATE TEMP TABLE "import_seen" ("key" text PRIMARY KEY) ON COMMIT DROP`);
    }
  }

  /** Moves the names kept in memory into the `import_seen` table, which takes the rest of the file. */
  private async spillSeen(seen: Set<string>): Promise<void> {
    this.seen = null;
    await this.createSeenTable();
    const names = [...seen];
    seen.clear();
    for (let from = 0; from < names.length; from += 5000) {
      await this.tx.$executeRaw`INSERT INTO "import_seen" ("key") SELECT unnest(${names.slice(from, from + 5000)}::text[])`;
    }
  }

  /** Keeps the first occurrence of every key, within the batch and across the file. */
  private async dropRepeated(batch: Candidate[]): Promise<{ fresh: Candidate[]; repeated: Candidate[] }> {
    const inBatch = new Set<string>();
    const unique: Candidate[] = [];
    const repeated: Candidate[] = [];
    for (const c of batch) {
      if (inBatch.has(c.key)) repeated.push(c);
      else {
        inBatch.add(c.key);
        unique.push(c);
      }
    }
    if (this.seen) {
      const seen = this.seen;
      const fresh: Candidate[] = [];
      for (const c of unique) (seen.has(c.key) ? repeated : fresh).push(c);
      for (const c of fresh) seen.add(c.key);
      if (seen.size > this.seenInMemory) await this.spillSeen(seen);
      return { fresh, repeated };
    }
    const seen = await this.tx.$queryRaw<{ key: string }[]>`
      WITH added AS (
        INSERT INTO "import_seen" ("key") SELECT unnest(${unique.map((c) => c.key)}::text[])
        ON CONFLICT DO NOTHING RETURNING "key"
      )
      SELECT t.k AS "key" FROM unnest(${unique.map((c) => c.key)}::text[]) AS t(k) WHERE t.k NOT IN (SELECT "key" FROM added)`;
    if (seen.length === 0) return { fresh: unique, repeated };
    const earlier = new Set(seen.map((r) => r.key));
    const fresh: Candidate[] = [];
    for (const c of unique) (earlier.has(c.key) ? repeated : fresh).push(c);
    return { fresh, repeated };
  }

  /**
   * `resolveKeys` where no key could match (`nothingToMatch`): the batch's keys are inserted as they
   * are; a name the unique index turns away was created meanwhile by a concurrent writer, and is
   * resolved like an existing key.
   */
  private async createKeys(batch: Candidate[]): Promise<ResolvedKeys> {
    const { projectId, namespace } = this.target;
    const journalId = this.journalId;
    const rows = await this.tx.$queryRaw<{ id: string; key: string }[]>`
      WITH created AS (
        INSERT INTO "Key" ("id", "projectId", "namespace", "key", "description", "createdAt", "updatedAt")
        SELECT uuid_v7(), ${projectId}, ${namespace}, t.k, t.d, now(), now()
        FROM unnest(${batch.map((c) => c.key)}::text[], ${batch.map((c) => c.description)}::text[]) AS t(k, d)
        ON CONFLICT ("projectId", "namespace", "key") DO NOTHING
        RETURNING "id", "key"
      ), journaled AS (
        INSERT INTO "ImportUndo" ("importId", "kind", "targetId")
        SELECT ${journalId}::text, 'key', c."id" FROM created c WHERE ${journalId}::text IS NOT NULL
      )
      SELECT "id", "key" FROM created`;
    const byName = new Map<string, string>();
    for (const r of rows) byName.set(r.key, r.id);
    const taken: Candidate[] = [];
    const ids: string[] = new Array(batch.length);
    let created = 0;
    batch.forEach((c, ord) => {
      const id = byName.get(c.key);
      if (id === undefined) {
        taken.push(c);
        return;
      }
      ids[ord] = id;
      if (this.createdNames.length < IMPORTED_KEY_NAMES_IN_ACTIVITY) this.createdNames.push(namespace ? `${namespace}.${c.key}` : c.key);
      created++;
    });
    this.keysCreated += created;
    const createdIds = rows.map((r) => r.id);
    if (taken.length === 0) return { ids, created: createdIds, facts: new Map() };
    const resolved = await this.resolveKeys(taken);
    let next = 0;
    batch.forEach((c, ord) => {
      if (!byName.has(c.key)) ids[ord] = resolved.ids[next++]!;
    });
    return { ids, created: [...createdIds, ...resolved.created], facts: resolved.facts };
  }

  /**
   * The key id of every candidate, in order: the existing key of that name or, without an explicit
   * namespace, the namespaced key a dotted name `ns.key` stands for (every export writes namespaced
   * keys that way, so a re-import lands on the same keys); otherwise a key created here. Empty
   * descriptions of existing keys are filled from the file, never replaced. An existing key comes
   * with what the quality gate needs of it (its length limit and source value), read by the same
   * probe instead of a query of the gate's own.
   */
  private async resolveKeys(batch: Candidate[]): Promise<ResolvedKeys> {
    const { projectId, namespace } = this.target;
    const journalId = this.journalId;
    const splitOrd: number[] = [];
    const splitNs: string[] = [];
    const splitKey: string[] = [];
    if (this.hasNamespacedKeys) {
      batch.forEach((c, ord) => {
        for (let dot = c.key.indexOf("."); dot > 0; dot = c.key.indexOf(".", dot + 1)) {
          splitOrd.push(ord);
          splitNs.push(c.key.slice(0, dot));
          splitKey.push(c.key.slice(dot + 1));
        }
      });
    }
    const { sourceLanguage } = this.target.qa;
    const rows = await this.tx.$queryRaw<
      { ord: number; id: string; created: boolean; fill: boolean; maxLength: number | null; source: string | null }[]
    >`
      WITH input AS (
        SELECT (t.ord - 1)::int AS ord, t.k, t.d FROM unnest(${batch.map((c) => c.key)}::text[], ${batch.map((c) => c.description)}::text[])
          WITH ORDINALITY AS t(k, d, ord)
      ), exact AS (
        -- LATERAL … LIMIT 1 (here, for dotted names, and for translations below) keeps this to one
        -- unique-index probe per name: as a plain join, the planner, whose statistics do not yet
        -- count the rows this import wrote, read all of the project's keys for every batch, so
        -- batches got slower as the import went on. The project id is a sub-select, a value the
        -- planner does not see: given the id, it took a project its statistics do not know (a new
        -- one, after ANALYZE) for empty and probed through ("projectId", "createdAt"), reading all
        -- of the project's keys for every name; without it, only the unique index fits one row.
        SELECT i.ord, k."id", (k."description" = '' AND i.d <> '') AS fill, k."maxLength" FROM input i
        CROSS JOIN LATERAL (
          SELECT k."id", k."description", k."maxLength" FROM "Key" k
          WHERE k."projectId" = (SELECT ${projectId}::text) AND k."namespace" = ${namespace} AND k."key" = i.k LIMIT 1
        ) k
      ), dotted AS (
        SELECT DISTINCT ON (s.ord) s.ord, k."id", (k."description" = '' AND i.d <> '') AS fill, k."maxLength"
        FROM unnest(${splitOrd}::int[], ${splitNs}::text[], ${splitKey}::text[]) AS s(ord, ns, k)
        JOIN input i ON i.ord = s.ord
        CROSS JOIN LATERAL (
          SELECT k."id", k."description", k."maxLength" FROM "Key" k
          WHERE k."projectId" = (SELECT ${projectId}::text) AND k."namespace" = s.ns AND k."key" = s.k LIMIT 1
        ) k
        WHERE NOT EXISTS (SELECT 1 FROM exact e WHERE e.ord = s.ord)
        ORDER BY s.ord, length(s.ns)
      ), found AS (
        SELECT * FROM exact UNION ALL SELECT * FROM dotted
      ), created AS (
        INSERT INTO "Key" ("id", "projectId", "namespace", "key", "description", "createdAt", "updatedAt")
        SELECT uuid_v7(), ${projectId}, ${namespace}, i.k, i.d, now(), now()
        FROM input i WHERE NOT EXISTS (SELECT 1 FROM found f WHERE f.ord = i.ord)
        ON CONFLICT ("projectId", "namespace", "key") DO NOTHING -- created meanwhile by a concurrent writer
        RETURNING "id", "key"
      ), journaled AS (
        INSERT INTO "ImportUndo" ("importId", "kind", "targetId")
        SELECT ${journalId}::text, 'key', c."id" FROM created c WHERE ${journalId}::text IS NOT NULL
      )
      SELECT f.ord, f."id", false AS created, f.fill, f."maxLength",
        (SELECT s."value" FROM "Translation" s WHERE s."keyId" = f."id" AND s."language" = ${sourceLanguage} LIMIT 1) AS source
      FROM found f
      UNION ALL
      SELECT i.ord, c."id", true AS created, false AS fill, NULL, NULL FROM created c JOIN input i ON i.k = c."key"`;
    const ids: (string | undefined)[] = new Array(batch.length);
    const fills: { id: string; description: string }[] = [];
    const created: number[] = [];
    const facts = new Map<string, KeyFacts>();
    for (const r of rows) {
      ids[r.ord] = r.id;
      if (r.created) created.push(r.ord);
      else facts.set(r.id, { source: r.source ?? "", maxLength: r.maxLength });
      if (r.fill) fills.push({ id: r.id, description: batch[r.ord]!.description });
    }
    created.sort((a, b) => a - b);
    this.keysCreated += created.length;
    for (const ord of created) {
      if (this.createdNames.length >= IMPORTED_KEY_NAMES_IN_ACTIVITY) break;
      const key = batch[ord]!.key;
      this.createdNames.push(namespace ? `${namespace}.${key}` : key);
    }
    const lost = batch.flatMap((c, ord) => (ids[ord] === undefined ? [{ ord, key: c.key }] : []));
    if (lost.length > 0) {
      // A concurrent writer created these keys after this statement began: use its rows.
      const found = await this.tx.$queryRaw<{ id: string; key: string }[]>`
        SELECT k."id", k."key" FROM "Key" k
        WHERE k."projectId" = ${projectId} AND k."namespace" = ${namespace} AND k."key" = ANY(${lost.map((l) => l.key)}::text[])`;
      const byName = new Map(found.map((k) => [k.key, k.id]));
      for (const l of lost) ids[l.ord] = byName.get(l.key);
    }
    if (fills.length > 0) {
      await this.tx.$executeRaw`
        WITH filled AS (
          UPDATE "Key" k SET "description" = t.d, "updatedAt" = now()
          FROM unnest(${fills.map((f) => f.id)}::text[], ${fills.map((f) => f.description)}::text[]) AS t(id, d)
          WHERE k."id" = t.id AND k."description" = ''
          RETURNING k."id"
        )
        INSERT INTO "ImportUndo" ("importId", "kind", "targetId")
        SELECT ${journalId}::text, 'description', f."id" FROM filled f WHERE ${journalId}::text IS NOT NULL`;
    }
    return {
      ids: ids.map((id, ord) => {
        if (id === undefined) throw new Error(`import: no key id for "${batch[ord]!.key}"`);
        return id;
      }),
      created: rows.filter((r) => r.created).map((r) => r.id),
      facts,
    };
  }

  /**
   * One statement per batch: new translations are inserted, empty ones filled, and (with
   * overwrite) differing ones replaced; every row written gets its history entry with the previous
   * value and status read in the same statement. Returns the keys whose value was written.
   * Only for keys that existed before this batch.
   */
  private async writeTranslations(values: { keyId: string; value: string; qaIssues: QaIssue[] }[]): Promise<string[]> {
    const { projectId, language, overwrite, actor } = this.target;
    const journalId = this.journalId;
    const [row] = await this.tx.$queryRaw<{ keys: string[]; replaced: number }[]>`
      WITH input AS (
        SELECT t.key_id, t.v, t.qa::jsonb AS qa
        FROM unnest(${values.map((c) => c.keyId)}::text[], ${values.map((c) => c.value)}::text[], ${values.map((c) => JSON.stringify(c.qaIssues))}::text[])
          AS t(key_id, v, qa)
      ), cur AS (
        SELECT i.key_id, i.v, i.qa, tr."id" AS tid, tr."value" AS old_value, tr."status" AS old_status,
          tr."source" AS old_source, tr."aiConfidence" AS old_ai, tr."qaIssues" AS old_qa, tr."updatedAt" AS old_updated
        FROM input i LEFT JOIN LATERAL (
          SELECT tr."id", tr."value", tr."status", tr."source", tr."aiConfidence", tr."qaIssues", tr."updatedAt" FROM "Translation" tr
          WHERE tr."keyId" = i.key_id AND tr."language" = ${language} LIMIT 1
        ) tr ON true
      ), inserted AS (
        INSERT INTO "Translation" ("id", "projectId", "keyId", "language", "value", "status", "source", "qaIssues", "createdAt", "updatedAt")
        SELECT uuid_v7(), ${projectId}, c.key_id, ${language}, c.v, 'translated', 'import', c.qa, now(), now()
        FROM cur c WHERE c.tid IS NULL
        ON CONFLICT ("keyId", "language") DO NOTHING -- created meanwhile by a concurrent writer: theirs stands
        RETURNING "id", "keyId", "value"
      ), updated AS (
        UPDATE "Translation" tr
        SET "value" = c.v, "status" = 'translated', "source" = 'import', "aiConfidence" = NULL, "qaIssues" = c.qa, "updatedAt" = now()
        FROM cur c
        WHERE tr."id" = c.tid AND (c.old_value = '' OR (${overwrite} AND c.old_value <> c.v))
        RETURNING tr."id", tr."keyId", tr."value", c.old_value, c.old_status,
          -- Only a journaled import keeps the previous state; built for every row, it cost time for nothing.
          CASE WHEN ${journalId}::text IS NOT NULL THEN
            jsonb_build_object('value', c.old_value, 'status', c.old_status, 'source', c.old_source, 'aiConfidence', c.old_ai,
              'qaIssues', c.old_qa, 'updatedAt', c.old_updated, 'importedAt', tr."updatedAt")
          END AS previous
      ), history AS (
        INSERT INTO "TranslationHistory" ("id", "translationId", "projectId", "keyId", "language", "previousValue", "newValue",
          "previousStatus", "newStatus", "changedBy", "changedByName", "source", "createdAt")
        SELECT uuid_v7(), h.id, ${projectId}, h."keyId", ${language}, h.prev, h."value", h.prev_status,
          'translated', ${actor.userId}, ${actor.userName}, 'import', now()
        FROM (
          SELECT "id", "keyId", "value", NULL::text AS prev, 'untranslated'::"TranslationStatus" AS prev_status FROM inserted
          UNION ALL
          SELECT "id", "keyId", "value", old_value, old_status FROM updated
        ) h
        RETURNING "id", "translationId", "keyId"
      ), journaled AS (
        -- What taking the import back needs (values of keys this batch created are not written
        -- here: they go with their key, see insertTranslations).
        INSERT INTO "ImportUndo" ("importId", "kind", "targetId", "previous")
        SELECT ${journalId}::text, j.kind, j.target, j.previous FROM (
          SELECT 'translation' AS kind, n."id" AS target, NULL::jsonb AS previous FROM inserted n
          UNION ALL SELECT 'translation', u."id", u.previous FROM updated u
          UNION ALL SELECT 'history', h."id", NULL FROM history h JOIN updated u ON u."id" = h."translationId"
        ) j WHERE ${journalId}::text IS NOT NULL
      )
      SELECT ARRAY(SELECT "keyId" FROM history) AS keys, (SELECT count(*) FROM updated WHERE old_value <> '')::int AS replaced`;
    this.replaced += row?.replaced ?? 0;
    return row?.keys ?? [];
  }

  /**
   * Values of keys created by this batch, with their history: inserted without looking for a
   * translation, as none can exist (the key is not visible to any other transaction yet). Not
   * journaled: taking the import back deletes the key, and its values with it.
   */
  private async insertTranslations(values: { keyId: string; value: string; qaIssues: QaIssue[] }[]): Promise<number> {
    const { projectId, language, actor } = this.target;
    const [row] = await this.tx.$queryRaw<{ written: number }[]>`
      WITH inserted AS (
        INSERT INTO "Translation" ("id", "projectId", "keyId", "language", "value", "status", "source", "qaIssues", "createdAt", "updatedAt")
        SELECT uuid_v7(), ${projectId}, t.key_id, ${language}, t.v, 'translated', 'import', t.qa::jsonb, now(), now()
        FROM unnest(${values.map((c) => c.keyId)}::text[], ${values.map((c) => c.value)}::text[], ${values.map((c) => (c.qaIssues.length > 0 ? JSON.stringify(c.qaIssues) : "[]"))}::text[])
          AS t(key_id, v, qa)
        RETURNING "id", "keyId", "value"
      ), history AS (
        INSERT INTO "TranslationHistory" ("id", "translationId", "projectId", "keyId", "language", "previousValue", "newValue",
          "previousStatus", "newStatus", "changedBy", "changedByName", "source", "createdAt")
        SELECT uuid_v7(), n."id", ${projectId}, n."keyId", ${language}, NULL, n."value", 'untranslated',
          'translated', ${actor.userId}, ${actor.userName}, 'import', now()
        FROM inserted n
        RETURNING 1
      )
      SELECT count(*)::int AS written FROM history`;
    return row?.written ?? 0;
  }
}
