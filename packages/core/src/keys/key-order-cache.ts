// The (namespace, key) order of a large project's keys, cached in memory and checked on every
// read against ProjectKeyStats.version (bumped by database triggers on any insert, delete or
// rename of a key, whoever makes it), so a deep page costs a lookup of its 200 ids instead of an
// OFFSET walk over tens of thousands of index entries. Names and namespaces are kept alongside
// (a rename changes the version), so a translation page needs no join with "Key" at all. A stale
// or missing order never delays a read: that read takes the OFFSET query, and the order is
// rebuilt in the background.
import type { Database } from "@locale/db";

/** Below this many keys the OFFSET query is cheap and nothing is cached. */
export const KEY_ORDER_CACHE_MIN_KEYS = 1000;
/** Keys kept per database handle, over all projects (least recently used projects are dropped). */
const MAX_CACHED_KEYS = 300_000;

interface DbCache {
  entries: Map<string, KeyOrder>;
  building: Set<string>;
  size: number;
}

// Keyed by the database handle, so servers over different databases (tests) never share orders.
const caches = new WeakMap<Database, DbCache>();

function cacheOf(db: Database): DbCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = { entries: new Map(), building: new Set(), size: 0 };
    caches.set(db, cache);
  }
  return cache;
}

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
export function peekKeyOrder(db: Database, projectId: string): KeyOrder | null {
  return cacheOf(db).entries.get(projectId) ?? null;
}

export function isCurrentKeyOrder(order: KeyOrder | null, stats: KeyStats): order is KeyOrder {
  return order !== null && stats.keyCount >= KEY_ORDER_CACHE_MIN_KEYS && order.version === stats.version;
}

/** Marks a current order as recently used, or starts rebuilding a stale or missing one. */
export function settleKeyOrder(db: Database, projectId: string, stats: KeyStats): void {
  if (stats.keyCount < KEY_ORDER_CACHE_MIN_KEYS) return;
  const cache = cacheOf(db);
  const entry = cache.entries.get(projectId);
  if (entry && entry.version === stats.version) {
    cache.entries.delete(projectId);
    cache.entries.set(projectId, entry);
    return;
  }
  rebuildKeyOrder(db, cache, projectId);
}

function rebuildKeyOrder(db: Database, cache: DbCache, projectId: string): void {
  if (cache.building.has(projectId)) return;
  cache.building.add(projectId);
  // One statement, one snapshot: the version read belongs to exactly the ids read with it.
  db.query<KeyOrder>(KEY_ORDER_SQL, [projectId])
    .then(([row]) => {
      if (!row || row.ids.length > MAX_CACHED_KEYS) return;
      const previous = cache.entries.get(projectId);
      if (previous) cache.size -= previous.ids.length;
      cache.entries.delete(projectId);
      cache.entries.set(projectId, { version: row.version, ids: row.ids, keys: row.keys, namespaces: row.namespaces });
      cache.size += row.ids.length;
      for (const [id, entry] of cache.entries) {
        if (cache.size <= MAX_CACHED_KEYS) break;
        cache.entries.delete(id);
        cache.size -= entry.ids.length;
      }
    })
    // Only an optimisation: if the rebuild fails (the database is closing), reads keep using
    // the OFFSET query and the next read tries again.
    .catch(() => {})
    .finally(() => cache.building.delete(projectId));
}
