// The in-process copies of large language pairs that the native TM engine searches
// (docs/tm-search.md, "The in-process engine"). A pair gets a copy once it holds `minEntries`
// entries; the copy is loaded in the background (searches use the database meanwhile), refreshed
// from the database before every search, and dropped, least recently used first, when the copies
// together exceed `maxBytes`.
//
// Staying in step with every replica's writes: each entry records the transaction that wrote it
// ("changeXid"). A read at a snapshot whose oldest running transaction is H has seen every
// committed row with an id below H, so the next refresh reads the pair's rows with changeXid ≥ H,
// in whatever order replicas commit. Deleted entries stay in the copy until the ranking reads them
// back and finds them gone (rank-with-engine.ts).
import type { Database } from "@locale/db";
import { loadTmEngine, type TmEngine, type TmEngineIndex, tmEngineLoadError } from "@locale/tm-engine";
import type { RuntimeDeps } from "../runtime/core-runtime";

export interface TmEngineSettings {
  /** TM_ENGINE=off turns the engine off: every search reads the database. */
  enabled: boolean;
  /** A language pair gets a copy from this many entries on (TM_ENGINE_MIN_ENTRIES). */
  minEntries: number;
  /** The copies of one process together stay below this (TM_ENGINE_MAX_MB). */
  maxBytes: number;
  /** How long a pair found too small is not counted again. */
  recheckMs: number;
}

export const DEFAULT_TM_ENGINE_SETTINGS: TmEngineSettings = {
  enabled: true,
  minEntries: 20_000,
  maxBytes: 1024 * 1024 * 1024,
  recheckMs: 5 * 60_000,
};

/** Rows read per statement while loading a copy. */
const LOAD_CHUNK = 50_000;

interface Copy {
  key: string;
  organizationId: string;
  sourceLang: string;
  targetLang: string;
  index: TmEngineIndex | null;
  /** Settles when the background load ends; null once loaded (or never started). */
  loading: Promise<void> | null;
  /** Oldest transaction still running at the last read: the next refresh starts there. */
  horizon: string;
  /** Entries read with changeXid ≥ horizon, and that id: a refresh skips them unless rewritten. */
  recent: Map<string, string>;
  /** A refresh not started yet (callers arriving now share it), and the one running. */
  queued: Promise<void> | null;
  running: Promise<void> | null;
  checkedAt: number;
  lastUsed: number;
  /** Searches running on the index: it is closed only when none is. */
  inFlight: number;
  retired: boolean;
  closed: boolean;
}

type ChangedRow = [id: string, sourceNorm: string, changeXid: string];

const pairKey = (organizationId: string, sourceLang: string, targetLang: string) =>
  JSON.stringify([organizationId, sourceLang, targetLang]);

export class TmEngineCopies {
  private readonly copies = new Map<string, Copy>();
  private searches = 0;

  constructor(
    private readonly db: Database,
    readonly settings: TmEngineSettings,
    private readonly engine: TmEngine,
  ) {}

  /**
   * Runs `search` on the pair's copy, refreshed to a snapshot taken after this call, or returns
   * null when the pair has no ready copy (the caller then searches the database). Counts a pair
   * not seen for `recheckMs`, and starts loading it when it is large enough.
   */
  async withIndex<T>(
    organizationId: string,
    sourceLang: string,
    targetLang: string,
    search: (index: TmEngineIndex) => Promise<T>,
  ): Promise<T | null> {
    const key = pairKey(organizationId, sourceLang, targetLang);
    let copy = this.copies.get(key);
    const now = Date.now();
    if (!copy || (!copy.index && !copy.loading && now - copy.checkedAt >= this.settings.recheckMs)) {
      copy = this.blank(key, organizationId, sourceLang, targetLang);
      this.copies.set(key, copy);
      if (await this.isLarge(copy)) this.startLoading(copy);
      return null;
    }
    if (!copy.index || copy.loading) return null;
    copy.lastUsed = now;
    copy.inFlight++;
    try {
      await this.refresh(copy);
      this.searches++;
      return await search(copy.index);
    } finally {
      copy.inFlight--;
      if (copy.retired && copy.inFlight === 0) closeIndex(copy);
    }
  }

  /** Loads the pair's copy now (a benchmark's or an operator's warm-up); false when it is too small. */
  async prepare(organizationId: string, sourceLang: string, targetLang: string): Promise<boolean> {
    const key = pairKey(organizationId, sourceLang, targetLang);
    let copy = this.copies.get(key);
    if (!copy?.index) {
      copy = copy?.loading ? copy : this.blank(key, organizationId, sourceLang, targetLang);
      this.copies.set(key, copy);
      if (!copy.loading) {
        if (!(await this.isLarge(copy))) return false;
        this.startLoading(copy);
      }
      await copy.loading;
    }
    return this.copies.get(key)?.index != null;
  }

  /** What the process holds: loaded pairs, their bytes, and the searches they have answered. */
  stats(): { pairs: number; entries: number; bytes: number; searches: number } {
    const loaded = [...this.copies.values()].filter((c) => c.index && !c.loading && !c.closed);
    return {
      pairs: loaded.length,
      entries: loaded.reduce((sum, c) => sum + c.index!.size, 0),
      bytes: loaded.reduce((sum, c) => sum + c.index!.bytes, 0),
      searches: this.searches,
    };
  }

  /** Frees every copy (a closing database). */
  close(): void {
    for (const copy of this.copies.values()) this.retire(copy);
    this.copies.clear();
  }

  private blank(key: string, organizationId: string, sourceLang: string, targetLang: string): Copy {
    return {
      key,
      organizationId,
      sourceLang,
      targetLang,
      index: null,
      loading: null,
      horizon: "0",
      recent: new Map(),
      queued: null,
      running: null,
      checkedAt: Date.now(),
      lastUsed: Date.now(),
      inFlight: 0,
      retired: false,
      closed: false,
    };
  }

  /** Whether the pair holds minEntries entries, counting no further than that. */
  private async isLarge(copy: Copy): Promise<boolean> {
    const [row] = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS "n" FROM (SELECT 1 FROM "TmEntry"
         WHERE "organizationId" = $1 AND "sourceLanguage" = $2 AND "targetLanguage" = $3 LIMIT $4) AS t`,
      [copy.organizationId, copy.sourceLang, copy.targetLang, this.settings.minEntries],
    );
    return (row?.n ?? 0) >= this.settings.minEntries;
  }

  private startLoading(copy: Copy): void {
    copy.loading = this.load(copy).then(
      () => {
        copy.loading = null;
        this.evict(copy);
      },
      () => {
        // the database search keeps working; the pair is counted again after recheckMs
        copy.loading = null;
        if (copy.index) this.retire(copy);
        copy.index = null;
        copy.checkedAt = Date.now();
      },
    );
  }

  /**
   * Reads the pair in chunks, one statement each (no long transaction: on the embedded database it
   * would stop every other query). The horizon is taken first, so whatever a chunk misses (written
   * after its statement) has a changeXid at or after it and comes with the first refresh.
   */
  private async load(copy: Copy): Promise<void> {
    const [first] = await this.db.query<{ horizon: string }>(`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS "horizon"`);
    copy.horizon = first!.horizon;
    const index = this.engine.createIndex();
    copy.index = index;
    let after = "";
    for (;;) {
      const rows = await this.db.query<{ id: string; sourceNorm: string }>(
        `SELECT "id", "sourceNorm" FROM "TmEntry"
         WHERE "organizationId" = $1 AND "sourceLanguage" = $2 AND "targetLanguage" = $3 AND "id" > $4
         ORDER BY "id" LIMIT ${LOAD_CHUNK}`,
        [copy.organizationId, copy.sourceLang, copy.targetLang, after],
      );
      if (copy.retired) throw new Error("the copy was dropped while loading");
      if (rows.length === 0) break;
      index.add(
        rows.map((r) => r.id),
        rows.map((r) => r.sourceNorm),
      );
      after = rows.at(-1)!.id;
      if (rows.length < LOAD_CHUNK) break;
    }
    await this.pull(copy); // what was written during the load
  }

  /** One refresh at a time per copy; a caller shares a refresh only if it has not started yet. */
  private refresh(copy: Copy): Promise<void> {
    if (copy.queued) return copy.queued;
    const previous = copy.running ?? Promise.resolve();
    const next: Promise<void> = previous
      .catch(() => undefined)
      .then(() => {
        copy.queued = null;
        copy.running = next;
        return this.pull(copy);
      });
    copy.queued = next;
    return next;
  }

  /** Applies the rows written since the horizon and moves the horizon to this snapshot's. */
  private async pull(copy: Copy): Promise<void> {
    const [result] = await this.db.query<{ horizon: string; rows: ChangedRow[] | string }>(
      `SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS "horizon",
         (SELECT coalesce(json_agg(json_build_array("id", "sourceNorm", "changeXid"::text)), '[]'::json) FROM "TmEntry"
          WHERE "organizationId" = $1 AND "sourceLanguage" = $2 AND "targetLanguage" = $3
            AND "changeXid" >= $4::text::xid8) AS "rows"`,
      [copy.organizationId, copy.sourceLang, copy.targetLang, copy.horizon],
    );
    const rows: ChangedRow[] = typeof result!.rows === "string" ? JSON.parse(result!.rows) : result!.rows;
    const horizon = BigInt(result!.horizon);
    const changed = rows.filter(([id, , xid]) => copy.recent.get(id) !== xid);
    if (changed.length && copy.index) {
      const ids = changed.map(([id]) => id);
      copy.index.remove(ids); // a rewritten source replaces the old one
      copy.index.add(
        ids,
        changed.map(([, text]) => text),
      );
    }
    copy.recent = new Map(rows.filter(([, , xid]) => BigInt(xid) >= horizon).map(([id, , xid]) => [id, xid]));
    copy.horizon = result!.horizon;
  }

  /** Keeps the copies within maxBytes, dropping the least recently used first. */
  private evict(keep: Copy): void {
    const loaded = () => [...this.copies.values()].filter((c) => c.index && !c.loading);
    let total = loaded().reduce((sum, c) => sum + c.index!.bytes, 0);
    for (const copy of loaded().sort((a, b) => a.lastUsed - b.lastUsed)) {
      if (total <= this.settings.maxBytes) break;
      if (copy === keep && loaded().length > 1) continue;
      total -= copy.index!.bytes;
      this.copies.set(copy.key, { ...this.blank(copy.key, copy.organizationId, copy.sourceLang, copy.targetLang) });
      this.retire(copy);
    }
  }

  private retire(copy: Copy): void {
    copy.retired = true;
    if (copy.inFlight === 0) closeIndex(copy);
  }
}

/** Frees a copy's native memory, once. */
function closeIndex(copy: Copy): void {
  if (!copy.index || copy.closed) return;
  copy.closed = true;
  copy.index.close();
}

/**
 * The copies of each database one process searches (held by its CoreRuntime, never by this module,
 * so two runtimes in one process never share copies). Keyed by the database handle, as one runtime
 * may serve several (a test's primary and replica).
 */
export class TmEngines {
  private readonly byDatabase = new WeakMap<Database, TmEngineCopies | null>();

  /** Sets the engine's settings for a database (the api and the worker do at start-up, from their environment). */
  configure(db: Database, settings: TmEngineSettings): TmEngineCopies | null {
    this.byDatabase.get(db)?.close();
    const engine = settings.enabled ? loadTmEngine() : null;
    const copies = engine ? new TmEngineCopies(db, settings, engine) : null;
    this.byDatabase.set(db, copies);
    return copies;
  }

  /** The copies of a database, with the default settings unless configured; null without the native engine. */
  copiesOf(db: Database): TmEngineCopies | null {
    if (!this.byDatabase.has(db)) this.configure(db, DEFAULT_TM_ENGINE_SETTINGS);
    return this.byDatabase.get(db) ?? null;
  }
}

/** Sets the engine's settings for the runtime's copies of `on.db`. */
export function configureTmEngine(on: RuntimeDeps, settings: TmEngineSettings): TmEngineCopies | null {
  return on.runtime.tmEngines.configure(on.db, settings);
}

/** The runtime's copies of `on.db`, with the default settings unless configured; null without the native engine. */
export function tmEngineCopies(on: RuntimeDeps): TmEngineCopies | null {
  return on.runtime.tmEngines.copiesOf(on.db);
}

/** Which search large language pairs get, for the start-up log. */
export function describeTmEngine(on: RuntimeDeps): string {
  const copies = tmEngineCopies(on);
  if (copies) return `native engine (${loadTmEngine()?.simd}) for language pairs from ${copies.settings.minEntries} entries`;
  const error = tmEngineLoadError();
  if (!error) return "database search (TM_ENGINE=off)";
  return `database search (the native engine is not available: ${error instanceof Error ? error.message : String(error)})`;
}

/** TM_ENGINE (on|off), TM_ENGINE_MIN_ENTRIES and TM_ENGINE_MAX_MB, for processes without the api's configuration schema. */
export function tmEngineSettingsFromEnv(env: Record<string, string | undefined>): TmEngineSettings {
  const whole = (name: string, fallback: number) => {
    const raw = env[name];
    if (raw === undefined || raw === "") return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 1) throw new Error(`${name}: expected a positive integer, got "${raw}"`);
    return n;
  };
  const switched = env.TM_ENGINE ?? "on";
  if (switched !== "on" && switched !== "off") throw new Error(`TM_ENGINE: expected on or off, got "${switched}"`);
  return {
    ...DEFAULT_TM_ENGINE_SETTINGS,
    enabled: switched === "on",
    minEntries: whole("TM_ENGINE_MIN_ENTRIES", DEFAULT_TM_ENGINE_SETTINGS.minEntries),
    maxBytes: whole("TM_ENGINE_MAX_MB", DEFAULT_TM_ENGINE_SETTINGS.maxBytes / 1024 / 1024) * 1024 * 1024,
  };
}
