// The editor's rows: fetched one server page at a time, only the pages the visible rows fall in.
// Saved cells are written into the cached page (the row stays where it is even if it no longer
// matches the filter, so "translate and move to the next" does not make rows jump).
import { type QueryClient, useQueries, useQuery } from "@tanstack/react-query";
import { queries } from "../api/queries";
import type { RouterInputs, RouterOutputs } from "../api/trpc";

export const PAGE_SIZE = 100;

export type EditorPage = RouterOutputs["keys"]["editorRows"];
export type EditorRow = EditorPage["data"][number];
export type Translation = EditorRow["translations"][string];

export interface EditorFilters {
  search: string;
  namespace: string;
  tag: string;
  untranslatedIn: string;
  status: "" | "untranslated" | "translated" | "reviewed" | "approved";
  statusIn: string;
  /** "true": only keys with comments. */
  hasComments: "" | "true";
  /** Keys with an open quality-check issue of this level ("any", "warning", "error") in `qaIn`. */
  qa: "" | "any" | "warning" | "error";
  /** "": every shown language. */
  qaIn: string;
  /** "ai": only keys with an AI-translated value in a shown language. */
  source: "" | "ai";
  /** A date (YYYY-MM-DD, from midnight UTC): keys with a value changed since, in a shown language. */
  changedSince: string;
  /** A contributor's id (or "ai"): keys whose last change in a shown language was theirs. */
  author: string;
  /** "": key order; "recent": last changed first; "untranslated:<lang>": the keys to do in <lang> first. */
  sort: string;
}

export const EMPTY_FILTERS: EditorFilters = {
  search: "",
  namespace: "",
  tag: "",
  untranslatedIn: "",
  status: "",
  statusIn: "",
  hasComments: "",
  qa: "",
  qaIn: "",
  source: "",
  changedSince: "",
  author: "",
  sort: "",
};

/** Whether any filter narrows the rows (the sort alone does not). */
export const isFiltered = (f: EditorFilters): boolean => Object.entries(f).some(([name, v]) => name !== "sort" && v !== "");

/** The sort as the API takes it. */
function sortQuery(sort: string): { sort?: "untranslated" | "recent"; sortIn?: string } {
  if (sort === "recent") return { sort: "recent" };
  const language = /^untranslated:(.+)$/.exec(sort)?.[1];
  return language ? { sort: "untranslated", sortIn: language } : {};
}

/** One page's input to `keys.editorRows` (its cache key too): empty filters are left out. */
function pageInput(projectId: string, filters: EditorFilters, languages: string[], page: number): RouterInputs["keys"]["editorRows"] {
  return {
    projectId,
    languages: languages.join(","),
    page,
    limit: PAGE_SIZE,
    ...(filters.search ? { search: filters.search } : {}),
    ...(filters.namespace ? { namespace: filters.namespace } : {}),
    ...(filters.tag ? { tag: filters.tag } : {}),
    ...(filters.untranslatedIn ? { untranslatedIn: filters.untranslatedIn } : {}),
    ...(filters.status && filters.statusIn ? { status: filters.status, statusIn: filters.statusIn } : {}),
    ...(filters.hasComments ? { hasComments: filters.hasComments } : {}),
    ...(filters.qa ? { qa: filters.qa, ...(filters.qaIn ? { qaIn: filters.qaIn } : {}) } : {}),
    ...(filters.source ? { source: filters.source } : {}),
    ...(filters.changedSince ? { changedSince: filters.changedSince } : {}),
    ...(filters.author ? { author: filters.author } : {}),
    ...sortQuery(filters.sort),
  };
}

/** What the filters offer to pick from: the project's tags and the people (and the AI) who changed values. */
export function useFilterChoices(projectId: string) {
  const tags = useQuery({ ...queries.keys.tags.queryOptions({ projectId }), staleTime: 60_000 });
  const authors = useQuery({
    ...queries.analytics.contributors.queryOptions({ projectId }),
    staleTime: 60_000,
  });
  return {
    tags: tags.data ?? [],
    authors: (authors.data ?? []).map((c) => ({ id: c.userId, name: c.userName })),
  };
}

/** Page 1 (it carries the total) plus the pages of the rows currently visible. */
export function useEditorPages(projectId: string, filters: EditorFilters, languages: string[], visible: number[]) {
  const enabled = languages.length > 0;
  const first = useQuery({
    ...queries.keys.editorRows.queryOptions(pageInput(projectId, filters, languages, 1)),
    staleTime: Infinity,
    enabled,
  });
  const pages = [...new Set(visible.map((i) => Math.floor(i / PAGE_SIZE) + 1))].filter((p) => p !== 1);
  const rest = useQueries({
    queries: pages.map((p) => ({
      ...queries.keys.editorRows.queryOptions(pageInput(projectId, filters, languages, p)),
      staleTime: Infinity,
      enabled,
    })),
  });
  const byPage = new Map<number, EditorPage>();
  if (first.data) byPage.set(1, first.data);
  pages.forEach((p, i) => {
    const d = rest[i]?.data;
    if (d) byPage.set(p, d);
  });
  return {
    first,
    total: first.data?.meta.total ?? 0,
    rowAt: (index: number): EditorRow | undefined => byPage.get(Math.floor(index / PAGE_SIZE) + 1)?.data[index % PAGE_SIZE],
  };
}

/** Writes a saved translation into every cached page holding that key. */
export function patchCachedTranslation(qc: QueryClient, projectId: string, t: Translation): void {
  qc.setQueriesData<EditorPage>(queries.keys.editorRows.pathFilter({ projectId }), (page) => {
    if (!page?.data.some((r) => r.id === t.keyId && r.translations[t.language])) return page;
    return {
      ...page,
      data: page.data.map((r) =>
        r.id === t.keyId && r.translations[t.language] ? { ...r, translations: { ...r.translations, [t.language]: t } } : r,
      ),
    };
  });
}

/** Sets a key's comment count in every cached page holding it (from the side panel's fresh list). */
export function patchCachedCommentCount(qc: QueryClient, projectId: string, keyId: string, commentCount: number): void {
  qc.setQueriesData<EditorPage>(queries.keys.editorRows.pathFilter({ projectId }), (page) => {
    if (!page?.data.some((r) => r.id === keyId && r.commentCount !== commentCount)) return page;
    return { ...page, data: page.data.map((r) => (r.id === keyId ? { ...r, commentCount } : r)) };
  });
}

/** Updates one cell of a cached row from a batch job's progress event (value only; status "translated"). */
export function patchCachedValue(
  qc: QueryClient,
  projectId: string,
  keyId: string,
  language: string,
  value: string,
  confidence?: number,
  source: Translation["source"] = "ai",
): void {
  qc.setQueriesData<EditorPage>(queries.keys.editorRows.pathFilter({ projectId }), (page) => {
    if (!page?.data.some((r) => r.id === keyId)) return page;
    return {
      ...page,
      data: page.data.map((r) => {
        const cell = r.translations[language];
        if (r.id !== keyId || !cell) return r;
        const next: Translation = {
          ...cell,
          value,
          status: "translated",
          source,
          aiConfidence: source === "ai" ? (confidence ?? null) : null,
          updatedAt: new Date().toISOString(),
        };
        return { ...r, translations: { ...r.translations, [language]: next } };
      }),
    };
  });
}

/**
 * The next row below `from` whose value in `language` is still to do (empty or untranslated),
 * among the rows loaded so far; -1 when none is.
 */
export function nextUntranslatedIndex(rowAt: (i: number) => EditorRow | undefined, from: number, total: number, language: string): number {
  for (let i = from + 1; i < total; i++) {
    const row = rowAt(i);
    if (!row) continue;
    const t = row.translations[language];
    if (!t?.value || t.status === "untranslated") return i;
  }
  return -1;
}

/**
 * The next row below `from` whose value in `language` has an open quality-check issue (one nobody
 * ignored), among the rows loaded so far; -1 when none is.
 */
export function nextIssueIndex(rowAt: (i: number) => EditorRow | undefined, from: number, total: number, language: string): number {
  for (let i = from + 1; i < total; i++) {
    const issues = rowAt(i)?.translations[language]?.qaIssues;
    if (issues?.some((issue) => !issue.ignored)) return i;
  }
  return -1;
}
