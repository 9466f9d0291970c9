// The order of TM search results (docs/tm-search.md): similarity, then usageCount, then newest,
// then id (as PostgreSQL's "C" collation sorts it), both for the database and the engine.
import type { RankedTmEntry } from "./rank-tm-entries";

export const byRank = (a: RankedTmEntry, b: RankedTmEntry) =>
  b.similarity - a.similarity ||
  b.usageCount - a.usageCount ||
  b.createdAt.getTime() - a.createdAt.getTime() ||
  (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
