// Walks an offset-paginated collection page by page (docs/api-rules.md, "Pagination": iterate
// until page >= meta.totalPages), yielding items one at a time.

export interface PageEnvelope<T> {
  data: T[];
  meta: { page: number; limit: number; total: number; totalPages: number };
}

export async function* paginate<T>(
  fetchPage: (page: number) => Promise<PageEnvelope<T> | { data: T[]; meta: { totalPages: number } }>,
): AsyncIterableIterator<T> {
  for (let page = 1; ; page++) {
    const res = await fetchPage(page);
    if (!res || !Array.isArray(res.data) || !res.meta) throw new TypeError("paginate: the response is not a paginated envelope");
    yield* res.data;
    if (page >= res.meta.totalPages || res.data.length === 0) return;
  }
}
