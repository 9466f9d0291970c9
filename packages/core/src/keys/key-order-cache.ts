// The (namespace, key) order of a large project's keys, cached in memory and checked on every
// read against ProjectKeyStats.version (bumped by database triggers on any insert, delete or
// rename of a key, whoever makes it), so a deep page costs a lookup of its 200 ids instead of an
// OFFSET walk over tens of thousands of index entries. Names and namespaces are kept alongside
// (a rename changes the version), so a translation page needs no join with "Key" at all. A stale
// or missing order is brought up to date in the background; meanwhile a read takes the OFFSET
// query, except that it waits for a patch (below), which is quicker than a deep OFFSET: one patch
// a process at a time, reads that arrive during it wait for it, and versions written meanwhile go
// into the next one (one patch covers every version since the cached one).
//
// Bringing it up to date is cheap when few keys changed: the same triggers log which keys each
// version touched ("KeyOrderChange"), so the order is patched — touched keys are taken out, and
// those that still exist are put back after their predecessor in the database's own order
// (looked up through the unique index, so the database's collation decides, never JavaScript's).
// Only a gap in the log (a big statement, an order older than the log) costs a full rebuild.
// Writes from any process are seen alike, since the log is in the database. The order is kept in
// chunks of about a thousand keys, never changed once made: a patch copies the few chunks it
// touches and the list of chunks, not the whole order (copying three 100,000-entry arrays took
// 6–10 ms per key creation on the loaded 2-core machine, with ~5 MB of garbage, in every process).
import type { Database } from "@locale/db";
import type { RuntimeDeps } from "../runtime/core-runtime";

/** Below this many keys the OFFSET query is cheap and nothing is cached. */
export const KEY_ORDER_CACHE_MIN_KEYS = 1000;
/** Keys kept per database handle, over all projects (least recently used projects are dropped). */
const MAX_CACHED_KEYS = 300_000;
/** Versions the triggers keep in "KeyOrderChange" per project (see the key_order_changes migration). */
const LOGGED_VERSIONS = 1000;
/** Keys per chunk of a rebuilt order; a patch splits a chunk that grows past twice this. */
const CHUNK = 1024;
/** More touched keys than this and a rebuild is cheaper than the predecessor look-ups. */
const MAX_PATCHED_KEYS = 2000;
/**
 * Patches a read waits through for its version before it takes the OFFSET query: keys written
 * while a patch was under way need the next one, and a busy project's writes may outrun a few.
 */
const PATCH_ROUNDS = 3;

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
export interface KeyOrderSlice {
  ids: string[];
  keys: string[];
  namespaces: string[];
}

/**
 * A project's order at one version: its chunks in order, each a KeyOrderSlice. Neither the chunks
 * nor their arrays change once made (a read holds an order across an await), so a patch makes a
 * new order that shares every chunk it did not touch.
 */
export interface KeyOrder {
  version: string;
  /** Keys in the order. */
  size: number;
  chunks: readonly KeyOrderSlice[];
  /** Position of each chunk's first key. */
  starts: readonly number[];
}

/** The keys at positions `from` up to (not including) `to` of the order. */
export function keyOrderSlice(order: KeyOrder, from: number, to: number): KeyOrderSlice {
  const out: KeyOrderSlice = { ids: [], keys: [], namespaces: [] };
  const end = Math.min(to, order.size);
  if (from >= end) return out;
  // The last chunk starting at or before `from`.
  let lo = 0;
  let hi = order.starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (order.starts[mid]! <= from) lo = mid;
    else hi = mid - 1;
  }
  for (let c = lo; c < order.chunks.length && order.starts[c]! < end; c++) {
    const chunk = order.chunks[c]!;
    const a = Math.max(0, from - order.starts[c]!);
    const b = Math.min(chunk.ids.length, end - order.starts[c]!);
    for (let i = a; i < b; i++) {
      out.ids.push(chunk.ids[i]!);
      out.keys.push(chunk.keys[i]!);
      out.namespaces.push(chunk.namespaces[i]!);
    }
  }
  return out;
}

function orderOf(version: string, chunks: KeyOrderSlice[]): KeyOrder {
  const starts: number[] = [];
  let size = 0;
  for (const chunk of chunks) {
    starts.push(size);
    size += chunk.ids.length;
  }
  return { version, size, chunks, starts };
}

/** Cuts parallel arrays into chunks of at most `per` keys (copies; empty chunks are left out). */
function chunked(whole: KeyOrderSlice, per: number): KeyOrderSlice[] {
  const chunks: KeyOrderSlice[] = [];
  for (let i = 0; i < whole.ids.length; i += per)
    chunks.push({ ids: whole.ids.slice(i, i + per), keys: whole.keys.slice(i, i + per), namespaces: whole.namespaces.slice(i, i + per) });
  return chunks;
}

/** The cached order of a project, whether or not it is still current (check with isCurrentKeyOrder). */
export function peekKeyOrder(on: RuntimeDeps, projectId: string): KeyOrder | null {
  return cacheOf(on).entries.get(projectId) ?? null;
}

export function isCurrentKeyOrder(order: KeyOrder | null, stats: KeyStats): order is KeyOrder {
  return order !== null && stats.keyCount >= KEY_ORDER_CACHE_MIN_KEYS && order.version === stats.version;
}

/** The order is at `stats.version` or newer (keys written since `stats` was read), never older. */
export function isKeyOrderAtLeast(order: KeyOrder | null, stats: KeyStats): order is KeyOrder {
  return order !== null && stats.keyCount >= KEY_ORDER_CACHE_MIN_KEYS && BigInt(order.version) >= BigInt(stats.version);
}

/** Marks a current order as recently used, or starts bringing a stale or missing one up to date. */
export function settleKeyOrder(on: RuntimeDeps, projectId: string, stats: KeyStats): void {
  if (stats.keyCount < KEY_ORDER_CACHE_MIN_KEYS) return;
  const cache = cacheOf(on);
  const entry = cache.entries.get(projectId);
  // Newer than `stats` (patched since they were read) is as good: nothing to bring up to date.
  if (entry && BigInt(entry.version) >= BigInt(stats.version)) {
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
 * The patch of a project's order under way in this process, if any. Its order is stale (a read
 * found a newer version), so a read waits for it rather than look up a page in the order it replaces.
 */
export function keyOrderPatch(on: RuntimeDeps, projectId: string): Promise<boolean> | null {
  return cacheOf(on).patching.get(projectId) ?? null;
}

/**
 * The order at `stats.version` or later when this process can get it by patching, after waiting
 * for the patch under way (or one started now) and, when keys were written while it ran, for the
 * next one (up to PATCH_ROUNDS); null when only a rebuild can (never waited for). A read that found
 * its order stale uses this to stay off the OFFSET query: a patch costs a few index look-ups, a
 * deep OFFSET walks tens of thousands of entries.
 */
export async function patchedKeyOrder(on: RuntimeDeps, projectId: string, stats: KeyStats): Promise<KeyOrder | null> {
  const cache = cacheOf(on);
  for (let round = 0; round < PATCH_ROUNDS; round++) {
    const order = cache.entries.get(projectId) ?? null;
    if (isKeyOrderAtLeast(order, stats)) return order;
    if (!cache.patching.has(projectId)) settleKeyOrder(on, projectId, stats);
    const patch = cache.patching.get(projectId);
    if (!patch || !(await patch)) return null;
  }
  const order = cache.entries.get(projectId) ?? null;
  return isKeyOrderAtLeast(order, stats) ? order : null;
}

function refreshKeyOrder(db: Database, cache: DbCache, projectId: string, stats: KeyStats): void {
  if (cache.refreshing.has(projectId)) return;
  const base = cache.entries.get(projectId) ?? null;
  const patchable = base !== null && BigInt(stats.version) - BigInt(base.version) < LOGGED_VERSIONS;
  // A patch that lands clears both marks before anyone waiting for it resumes, so a read that
  // finds the order still behind (keys written during the patch) starts the next one at once.
  const patch = patchable
    ? patchKeyOrder(db, cache, projectId, base)
        .catch(() => false)
        .then((patched) => {
          cache.patching.delete(projectId);
          if (patched) cache.refreshing.delete(projectId);
          return patched;
        })
    : Promise.resolve(false);
  if (patchable) cache.patching.set(projectId, patch);
  const work: Promise<void> = patch
    .then((patched) => (patched ? undefined : rebuildKeyOrder(db, cache, projectId)))
    // Only an optimisation: if the refresh fails (the database is closing), reads keep using
    // the OFFSET query and the next read tries again.
    .catch(() => {})
    .finally(() => {
      if (cache.refreshing.get(projectId) === work) cache.refreshing.delete(projectId);
    });
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
  if (!order || order.size !== Number(row.keyCount)) return false;
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
  // Where the touched keys leave `base` and the runs join it, as cuts per chunk: only those
  // chunks are copied (with the keys of `row` spliced in), the others are shared with `base`.
  const at = positionsIn(base, [...touched, ...after.keys()]);
  const cuts = new Map<number, Cut[]>();
  const cut = (chunk: number, c: Cut) => {
    const list = cuts.get(chunk);
    if (list) list.push(c);
    else cuts.set(chunk, [c]);
  };
  for (const id of touched) {
    const found = at.get(id);
    if (found) cut(found.chunk, { at: found.at, drop: true, run: [] });
  }
  for (const [prev, js] of after) {
    const found = at.get(prev);
    // A predecessor that is not in `base`, or was itself touched, means the log does not fit.
    if (!found || touched.has(prev)) return null;
    cut(found.chunk, { at: found.at, drop: false, run: js });
  }
  if (head.length > 0) {
    if (base.chunks.length === 0) return null;
    cut(0, { at: -1, drop: false, run: head });
  }
  const chunks: KeyOrderSlice[] = [];
  for (let c = 0; c < base.chunks.length; c++) {
    const chunk = base.chunks[c]!;
    const list = cuts.get(c);
    if (!list) {
      chunks.push(chunk);
      continue;
    }
    list.sort((x, y) => x.at - y.at);
    const edited: KeyOrderSlice = {
      ids: splice(chunk.ids, row.ids, list),
      keys: splice(chunk.keys, row.keys, list),
      namespaces: splice(chunk.namespaces, row.namespaces, list),
    };
    if (edited.ids.length > 2 * CHUNK) chunks.push(...chunked(edited, CHUNK));
    else if (edited.ids.length > 0) chunks.push(edited);
  }
  return orderOf(row.version, chunks);
}

/** A cut of one chunk: drop the key at `at`, or put `row`'s keys `run` after it (-1: first). */
interface Cut {
  at: number;
  drop: boolean;
  run: number[];
}

/** One column of a chunk with its cuts (sorted by position) applied. */
function splice(from: string[], fresh: string[], cuts: Cut[]): string[] {
  const out: string[] = [];
  let next = 0;
  for (const c of cuts) {
    for (; next < (c.drop ? c.at : c.at + 1); next++) out.push(from[next]!);
    if (c.drop) next = c.at + 1;
    else for (const j of c.run) out.push(fresh[j]!);
  }
  for (; next < from.length; next++) out.push(from[next]!);
  return out;
}

/** Where each wanted id is in `order` (absent: not in the map); a few by indexOf, many by one walk. */
function positionsIn(order: KeyOrder, wanted: string[]): Map<string, { chunk: number; at: number }> {
  const found = new Map<string, { chunk: number; at: number }>();
  if (wanted.length <= 16) {
    for (const id of wanted)
      for (let c = 0; c < order.chunks.length; c++) {
        const at = order.chunks[c]!.ids.indexOf(id);
        if (at >= 0) {
          found.set(id, { chunk: c, at });
          break;
        }
      }
    return found;
  }
  const set = new Set(wanted);
  order.chunks.forEach((chunk, c) => {
    chunk.ids.forEach((id, at) => {
      if (set.has(id)) found.set(id, { chunk: c, at });
    });
  });
  return found;
}

async function rebuildKeyOrder(db: Database, cache: DbCache, projectId: string): Promise<void> {
  // One statement, one snapshot: the version read belongs to exactly the ids read with it.
  const [row] = await db.query<KeyOrderSlice & { version: string }>(KEY_ORDER_SQL, [projectId]);
  if (!row || row.ids.length > MAX_CACHED_KEYS) return;
  const current = cache.entries.get(projectId);
  if (current && BigInt(current.version) > BigInt(row.version)) return;
  install(cache, projectId, orderOf(row.version, chunked(row, CHUNK)));
  cache.counters.rebuilds++;
}

function install(cache: DbCache, projectId: string, order: KeyOrder): void {
  const previous = cache.entries.get(projectId);
  if (previous) cache.size -= previous.size;
  cache.entries.delete(projectId);
  cache.entries.set(projectId, order);
  cache.size += order.size;
  for (const [id, entry] of cache.entries) {
    if (cache.size <= MAX_CACHED_KEYS) break;
    cache.entries.delete(id);
    cache.size -= entry.size;
  }
}
