// The editor's filter fields: search, the status, tag, author, date and quality filters, the sort,
// and which target languages are shown as columns. They only edit the filters; the grid reads them.
import type { Dispatch, Ref, SetStateAction } from "react";
import { languageName } from "../components/ui";
import type { EditorFilters } from "./editor-data";
import { SearchBox } from "./search-box";

const QA_FILTER_LABEL: Record<Exclude<EditorFilters["qa"], "">, string> = {
  any: "Any issue",
  error: "Errors",
  warning: "Warnings",
};

export const STATUS_LABEL: Record<string, string> = {
  untranslated: "Untranslated",
  translated: "Translated",
  reviewed: "Reviewed",
  approved: "Approved",
};

export function EditorFilterFields(props: {
  targetLanguages: string[];
  filters: EditorFilters;
  setFilters: Dispatch<SetStateAction<EditorFilters>>;
  onSearch: (text: string) => void;
  searchRef: Ref<HTMLInputElement>;
  /** A new value remounts the search box with the filters' text (it otherwise keeps its own). */
  searchSeed: number;
  choices: { tags: string[]; authors: { id: string; name: string }[] };
  /** The target languages shown as columns. */
  targets: string[];
  setShownTargets: (languages: string[]) => void;
}) {
  const { targetLanguages, filters, setFilters, onSearch, searchRef, searchSeed, choices, targets, setShownTargets } = props;
  const languageOptions = targetLanguages.map((l) => (
    <option key={l} value={l}>
      {languageName(l)} ({l})
    </option>
  ));
  return (
    <>
      <SearchBox key={searchSeed} ref={searchRef} initial={filters.search} onSearch={onSearch} />
      <label>
        Untranslated in
        <select value={filters.untranslatedIn} onChange={(e) => setFilters((f) => ({ ...f, untranslatedIn: e.target.value }))}>
          <option value="">Any language</option>
          {languageOptions}
        </select>
      </label>
      <label>
        Status
        <select
          value={filters.status}
          onChange={(e) =>
            setFilters((f) => ({
              ...f,
              status: e.target.value as EditorFilters["status"],
              statusIn: f.statusIn || targetLanguages[0] || "",
            }))
          }
        >
          <option value="">Any status</option>
          {Object.entries(STATUS_LABEL).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      {filters.status && (
        <label>
          Status in
          <select value={filters.statusIn} onChange={(e) => setFilters((f) => ({ ...f, statusIn: e.target.value }))}>
            {languageOptions}
          </select>
        </label>
      )}
      <label>
        Namespace
        <input value={filters.namespace} size={10} onChange={(e) => setFilters((f) => ({ ...f, namespace: e.target.value }))} />
      </label>
      <label>
        Tag
        <select value={filters.tag} onChange={(e) => setFilters((f) => ({ ...f, tag: e.target.value }))}>
          <option value="">Any tag</option>
          {choices.tags.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </label>
      <label>
        Last changed by
        <select value={filters.author} onChange={(e) => setFilters((f) => ({ ...f, author: e.target.value }))}>
          <option value="">Anyone</option>
          {choices.authors.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        Changed since
        <input type="date" value={filters.changedSince} onChange={(e) => setFilters((f) => ({ ...f, changedSince: e.target.value }))} />
      </label>
      <label>
        Quality
        <select value={filters.qa} onChange={(e) => setFilters((f) => ({ ...f, qa: e.target.value as EditorFilters["qa"] }))}>
          <option value="">Any quality</option>
          {Object.entries(QA_FILTER_LABEL).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      {filters.qa && (
        <label>
          Issues in
          <select value={filters.qaIn} onChange={(e) => setFilters((f) => ({ ...f, qaIn: e.target.value }))}>
            <option value="">Shown languages</option>
            {languageOptions}
          </select>
        </label>
      )}
      <label className="inline">
        <input
          type="checkbox"
          checked={filters.hasComments === "true"}
          onChange={(e) => setFilters((f) => ({ ...f, hasComments: e.target.checked ? "true" : "" }))}
        />{" "}
        Has comments
      </label>
      <label className="inline">
        <input
          type="checkbox"
          checked={filters.source === "ai"}
          onChange={(e) => setFilters((f) => ({ ...f, source: e.target.checked ? "ai" : "" }))}
        />{" "}
        AI-translated
      </label>
      <label>
        Sort
        <select value={filters.sort} onChange={(e) => setFilters((f) => ({ ...f, sort: e.target.value }))}>
          <option value="">Key order</option>
          {targetLanguages.map((l) => (
            <option key={l} value={`untranslated:${l}`}>
              Untranslated first in {languageName(l)} ({l})
            </option>
          ))}
          <option value="recent">Recently changed</option>
        </select>
      </label>
      <fieldset className="lang-toggle">
        <legend>Columns</legend>
        {targetLanguages.map((l) => (
          <label key={l} className="inline">
            <input
              type="checkbox"
              checked={targets.includes(l)}
              onChange={(e) => setShownTargets(e.target.checked ? [...targets, l] : targets.filter((x) => x !== l))}
            />{" "}
            {l}
          </label>
        ))}
      </fieldset>
    </>
  );
}
