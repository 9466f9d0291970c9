// The (namespace, key) order of a large project's keys, cached in memory and checked on every
// read against ProjectKeyStats.version (bumped by database triggers on any insert, delete or
// rename of a key, whoever makes it), so a deep page costs a lookup of its 200 ids instead of an
// OFFSET walk over tens of thousands of index entries. Names and namespaces are kept alongside
// (a rename changes the version), so a translation page needs no join with "Key" at all. A stale
// or missing order is brought up to date in the background; meanwhile a read takes the OFFSET
// query, except that it waits for a patch (below), which is quicker than a deep OFFSET.
//
// Bringing it up to date is cheap when few keys changed: the same triggers log which keys each
// version touched ("KeyOrderChange"), so the order is patched — touched keys are taken out, and
// those that still exist are put back after their predecessor in the database's own order
// (looked up through the unique index, so the database's collation decides, never JavaScript's).
// Only a gap in the log (a big statement, an order older than the log) costs a full rebuild.
// Writes from any process are seen alike, since the log is in the database.
import type { Database } from "@locale/db";
import type { RuntimeDeps } from "../runtime/core-runtime";

/** Below this many keys the OFFSET query is cheap and nothing is cached. */
export const KEY_ORDER_CACHE_MIN_KEYS = 1000;
/** Keys kept per database handle, over all projects (least recently used projects are dropped). */
const MAX_CACHED_KEYS = 300_000;
/** Versions the triggers keep in "KeyOrderChange" per project (see the key_order_changes migration). */
const LOGGED_VERSIONS = 1000;
/** More touched keys than this and a rebuild is cheaper than the predecessor look-ups. */
const MAX_PATCHED_KEYS = 2000;

/** One database's orders in one runtime. */
export interface DbCache {
  entries: Map<string, KeyOrder>;
  refreshing: Map<string, Promise<void>>;
  /** The patch step of a refresh under way (resolves true when the order was patched). */
  patching: Map<string, Promise<boolean>>;
  size: number;
  counters: KeyOrderCounters;
}

/** How cached orders were brought up to date (benchmarks and tests read these). */
export interface KeyOrderCounters {
  rebuilds: number;
  patches: number;
}

/**
 * The orders one process keeps (held by its CoreRuntime, never by this module). Keyed by the
 * database handle, so servers over different databases (tests) never share orders.
 */
export class KeyOrderCaches {
  private readonly caches = new WeakMap<Database, DbCache>();

  of(db: Database): DbCache {
    let cache = this.caches.get(db);
    if (!cache) {
      cache = { entries: new Map(), refreshing: new Map(), patching: new Map(), size: 0, counters: { rebuilds: 0, patches: 0 } };
      this.caches.set(db, cache);
    }
    return cache;
  }
}

const cacheOf = (on: RuntimeDeps): DbCache => on.runtime.keyOrders.of(on.db);

export interface KeyStats {
  keyCount: number;
  version: string;
}

export const KEY_STATS_SQL = `SELECT "keyCount", "version"::text AS version FROM "ProjectKeyStats" WHERE "projectId" = $1`;

const KEY_ORDER_SQL = `
SELECT COALESCE((SELECT "version"::text FROM "ProjectKeyStats" WHERE "projectId" = $1), '0') AS version,
       ARRAY(SELECT id FROM "Key" WHERE "projectId" = $1 ORDER BY namespace, key) AS ids,
       ARRAY(SELECT key FROM "Key" WHERE "projectId" = $1 ORDER BY namespace, key) AS keys,
       ARRAY(SELECT namespace FROM "Key" WHERE "projectId" = $1 ORDER BY namespace, key) AS namespaces`;

/**
 * $1 project, $2 the cached order's version. One statement, one snapshot: the version, the log
 * rows after $2 up to it, and the touched keys that exist in it, in (namespace, key) order, each
 * with the id of the key just before it in the project (null: it is the first).
 */
const KEY_ORDER_CHANGES_SQL = `
WITH st AS (
  SELECT COALESCE(max("version"), 0) AS version, COALESCE(max("keyCount"), 0)::int AS "keyCount"
  FROM "ProjectKeyStats" WHERE "projectId" = $1
), ch AS (
  SELECT c."keyIds" FROM "KeyOrderChange" c, st
  WHERE c."projectId" = $1 AND c."version" > $2::bigint AND c."version" <= st.version
), touched AS (
  SELECT DISTINCT unnest("keyIds") AS id FROM ch
), placed AS (
  SELECT k.id, k.key, k.namespace,
         (SELECT p.id FROM "Key" p
           WHERE p."projectId" = $1 AND (p.namespace, p.key) < (k.namespace, k.key)
           ORDER BY p.namespace DESC, p.key DESC LIMIT 1) AS prev
  FROM "Key" k
  WHERE k."projectId" = $1 AND k.id IN (SELECT id FROM touched) AND (SELECT count(*) FROM touched) <= ${MAX_PATCHED_KEYS}
)
SELECT st.version::text AS version, st."keyCount",
       (SELECT count(*)::int FROM ch) AS changes,
       (SELECT count(*)::int FROM ch WHERE COALESCE(cardinality("keyIds"), 0) = 0) AS gaps,
       ARRAY(SELECT id FROM touched) AS touched,
       ARRAY(SELECT id FROM placed ORDER BY namespace, key) AS ids,
       ARRAY(SELECT key FROM placed ORDER BY namespace, key) AS keys,
       ARRAY(SELECT namespace FROM placed ORDER BY namespace, key) AS namespaces,
       ARRAY(SELECT prev FROM placed ORDER BY namespace, key) AS prevs
FROM st`;

interface ChangesRow {
  version: string;
  keyCount: number;
  changes: number;
  gaps: number;
  touched: string[];
  ids: string[];
  keys: string[];
  namespaces: string[];
  prevs: (string | null)[];
}

export async function readKeyStats(db: Database, projectId: string): Promise<KeyStats> {
  const [row] = await db.query<{ keyCount: number; version: string }>(KEY_STATS_SQL, [projectId]);
  return row ? { keyCount: Number(row.keyCount), version: row.version } : { keyCount: 0, version: "0" };
}

/** Parallel arrays in (namespace, key) order, which is unique per project and so deterministic. */
export interface KeyOrder {
  version: string;
  ids: string[];
  keys: string[];
  namespaces: string[];
}

/** The cached order of a project, whether or not it is still current (check with isCurrentKeyOrder). */
export function peekKeyOrder(on: RuntimeDeps, projectId: string): KeyOrder | null {
  return cacheOf(on).entries.get(projectId) ?? null;
}

export function isCurrentKeyOrder(order: KeyOrder | null, stats: KeyStats): order is KeyOrder {
  return order !== null && stats.keyCount >= KEY_ORDER_CACHE_MIN_KEYS && order.version === stats.version;
}

/** Marks a current order as recently used, or starts bringing a stale or missing one up to date. */
export function settleKeyOrder(on: RuntimeDeps, projectId: string, stats: KeyStats): void {
  if (stats.keyCount < KEY_ORDER_CACHE_MIN_KEYS) return;
  const cache = cacheOf(on);
  const entry = cache.entries.get(projectId);
  if (entry && entry.version === stats.version) {
    cache.entries.delete(projectId);
    cache.entries.set(projectId, entry);
    return;
  }
  refreshKeyOrder(on.db, cache, projectId, stats);
}

/** The refresh of a project's order under way in this process, if any (tests wait on it). */
export function keyOrderRefresh(on: RuntimeDeps, projectId: string): Promise<void> | null {
  return cacheOf(on).refreshing.get(projectId) ?? null;
}

export function keyOrderCounters(on: RuntimeDeps): KeyOrderCounters {
  return cacheOf(on).counters;
}

/**
 * The order at `stats.version` or later when this process can get it by a patch (one under way,
 * or started now), after waiting for that patch; null when only a rebuild can (never waited for).
 * A read that found its order stale uses this to stay off the OFFSET query: a patch costs a few
 * index look-ups, a deep OFFSET walks tens of thousands of entries.
 */
export async function patchedKeyOrder(on: RuntimeDeps, projectId: string, stats: KeyStats): Promise<KeyOrder | null> {
  settleKeyOrder(on, projectId, stats);
  const cache = cacheOf(on);
  const patch = cache.patching.get(projectId);
  if (!patch || !(await patch)) return null;
  const order = cache.entries.get(projectId) ?? null;
  return order && BigInt(order.version) >= BigInt(stats.version) ? order : null;
}

function refreshKeyOrder(db: Database, cache: DbCache, projectId: string, stats: KeyStats): void {
  if (cache.refreshing.has(projectId)) return;
  const base = cache.entries.get(projectId) ?? null;
  const patchable = base !== null && BigInt(stats.version) - BigInt(base.version) < LOGGED_VERSIONS;
  const patch = patchable ? patchKeyOrder(db, cache, projectId, base).catch(() => false) : Promise.resolve(false);
  if (patchable) cache.patching.set(projectId, patch);
  const work = patch
    .then((patched) => {
      cache.patching.delete(projectId);
      return patched ? undefined : rebuildKeyOrder(db, cache, projectId);
    })
    // Only an optimisation: if the refresh fails (the database is closing), reads keep using
    // the OFFSET query and the next read tries again.
    .catch(() => {})
    .finally(() => cache.refreshing.delete(projectId));
  cache.refreshing.set(projectId, work);
}

/** Applies the logged changes since `base`; false when the log cannot say (then rebuild). */
async function patchKeyOrder(db: Database, cache: DbCache, projectId: string, base: KeyOrder): Promise<boolean> {
  const [row] = await db.query<ChangesRow>(KEY_ORDER_CHANGES_SQL, [projectId, base.version]);
  if (!row) return false;
  const versions = BigInt(row.version) - BigInt(base.version);
  if (versions <= 0n) return versions === 0n;
  // Every version in between must be logged, with its keys, and few enough keys to place.
  if (BigInt(row.changes) !== versions || row.gaps > 0 || row.touched.length > MAX_PATCHED_KEYS) return false;
  const order = applyChanges(base, row);
  if (!order || order.ids.length !== Number(row.keyCount)) return false;
  if (cache.entries.get(projectId) !== base) return true; // replaced meanwhile (only by something newer)
  install(cache, projectId, order);
  cache.counters.patches++;
  return true;
}

/**
 * The new order: `base` without the touched keys, and the touched keys that still exist inserted
 * after their predecessors. They come in database order, so a predecessor that was itself touched
 * is the one just before in `row`; the others hang after a key kept from `base`, or at the head.
 * Returns null if anything does not fit (the caller rebuilds).
 */
function applyChanges(base: KeyOrder, row: ChangesRow): KeyOrder | null {
  const touched = new Set(row.touched);
  const head: number[] = [];
  const after = new Map<string, number[]>();
  let run: number[] = head;
  for (let j = 0; j < row.ids.length; j++) {
    const prev = row.prevs[j] ?? null;
    if (prev !== null && touched.has(prev)) {
      if (j === 0 || row.ids[j - 1] !== prev) return null;
    } else if (prev === null) {
      if (j !== 0) return null;
      run = head;
    } else {
      if (after.has(prev)) return null;
      run = [];
      after.set(prev, run);
    }
    run.push(j);
  }
  // Where the touched keys leave `base` and the runs join it. A creation touches one key, so
  // finding these few positions by indexOf and copying the untouched stretches as whole slices
  // costs a fraction of a walk that pushes 100,000 entries one by one into three new arrays.
  const at = positionsIn(base.ids, [...touched, ...after.keys()]);
  const cuts: { at: number; drop: boolean; run: number[] }[] = [];
  for (const id of touched) {
    const i = at.get(id) ?? -1;
    if (i >= 0) cuts.push({ at: i, drop: true, run: [] });
  }
  for (const [prev, js] of after) {
    const i = at.get(prev) ?? -1;
    // A predecessor that is not in `base`, or was itself touched, means the log does not fit.
    if (i < 0 || touched.has(prev)) return null;
    cuts.push({ at: i, drop: false, run: js });
  }
  cuts.sort((a, b) => a.at - b.at);
  const splice = (column: (o: KeyOrder | ChangesRow) => string[]): string[] => {
    const from = column(base);
    const fresh = column(row);
    const parts: string[][] = [head.map((j) => fresh[j]!)];
    let next = 0;
    for (const cut of cuts) {
      parts.push(from.slice(next, cut.drop ? cut.at : cut.at + 1));
      if (!cut.drop) parts.push(cut.run.map((j) => fresh[j]!));
      next = cut.at + 1;
    }
    parts.push(from.slice(next));
    return ([] as string[]).concat(...parts);
  };
  return {
    version: row.version,
    ids: splice((o) => o.ids),
    keys: splice((o) => o.keys),
    namespaces: splice((o) => o.namespaces),
  };
}

/** Where each wanted id is in `ids` (absent: not in the map); a few by indexOf, many by one walk. */
function positionsIn(ids: string[], wanted: string[]): Map<string, number> {
  const found = new Map<string, number>();
  if (wanted.length <= 16) {
    for (const id of wanted) {
      const i = ids.indexOf(id);
      if (i >= 0) found.set(id, i);
    }
    return found;
  }
  const set = new Set(wanted);
  for (let i = 0; i < ids.length; i++) if (set.has(ids[i]!)) found.set(ids[i]!, i);
  return found;
}

async function rebuildKeyOrder(db: Database, cache: DbCache, projectId: string): Promise<void> {
  // One statement, one snapshot: the version read belongs to exactly the ids read with it.
  const [row] = await db.query<KeyOrder>(KEY_ORDER_SQL, [projectId]);
  if (!row || row.ids.length > MAX_CACHED_KEYS) return;
  const current = cache.entries.get(projectId);
  if (current && BigInt(current.version) > BigInt(row.version)) return;
  install(cache, projectId, { version: row.version, ids: row.ids, keys: row.keys, namespaces: row.namespaces });
  cache.counters.rebuilds++;
}

function install(cache: DbCache, projectId: string, order: KeyOrder): void {
  const previous = cache.entries.get(projectId);
  if (previous) cache.size -= previous.ids.length;
  cache.entries.delete(projectId);
  cache.entries.set(projectId, order);
  cache.size += order.ids.length;
  for (const [id, entry] of cache.entries) {
    if (cache.size <= MAX_CACHED_KEYS) break;
    cache.entries.delete(id);
    cache.size -= entry.ids.length;
  }
}
