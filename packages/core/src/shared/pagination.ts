// Offset pagination, the one rule for every paginated list (docs/api-rules.md, "Pagination").
import { badRequest } from "../errors/app-error";

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 200;

export interface PageRequest {
  page: number;
  limit: number;
}

export interface PageMeta {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
}

export interface Page<T> {
  data: T[];
  meta: PageMeta;
}

/**
 * Offsets beyond any real list; a page past it is simply empty (the database's offset is an
 * integer it may not be asked to exceed).
 */
const MAX_OFFSET = 2 ** 31 - 1;

/**
 * page < 1 → 1; limit > 200 → 200; limit < 1 or non-integers → 400. A page beyond the data is
 * empty; a page number past 2^53 − 1 (where integers stop being exact) → 400.
 */
export function normalizePage(page: number | undefined, limit: number | undefined): PageRequest {
  const p = page ?? 1;
  const l = limit ?? DEFAULT_LIMIT;
  if (!Number.isInteger(p)) throw badRequest("page must be an integer", [{ path: "page", message: "must be an integer" }]);
  if (p > Number.MAX_SAFE_INTEGER) {
    const message = `must be an integer from 1 to ${Number.MAX_SAFE_INTEGER}`;
    throw badRequest(`page: ${message}`, [{ path: "page", message }]);
  }
  if (!Number.isInteger(l)) throw badRequest("limit must be an integer", [{ path: "limit", message: "must be an integer" }]);
  if (l < 1) throw badRequest("limit must be at least 1", [{ path: "limit", message: "must be at least 1" }]);
  return { page: Math.max(1, p), limit: Math.min(MAX_LIMIT, l) };
}

export function skipTake(req: PageRequest): { skip: number; take: number } {
  return { skip: Math.min(MAX_OFFSET, (req.page - 1) * req.limit), take: req.limit };
}

export function pageOf<T>(data: T[], req: PageRequest, total: number): Page<T> {
  return { data, meta: { page: req.page, limit: req.limit, total, totalPages: Math.ceil(total / req.limit) } };
}
