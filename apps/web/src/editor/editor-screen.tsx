// The editor: a virtualized grid of keys × source and target languages, read page by page from
// the server; filters; inline editing; a side panel for the selected translation; key management,
// multi-select bulk actions, and the AI batch. Keyboard: arrows move between cells, Enter edits,
// Ctrl+Enter saves and moves to the next row, `?` lists every shortcut.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useCan } from "../api/session";
import { errorMessage, trpc } from "../api/trpc";
import { textDirection } from "../components/text-direction";
import { ErrorMessage, languageName, ProgressBar } from "../components/ui";
import { Link } from "../router/router";
import { AiBatchPanel } from "./ai-batch";
import { BulkEditPanel } from "./bulk-edit-panel";
import { CellEditor } from "./cell-editor";
import {
  type EditorFilters,
  type EditorRow,
  EMPTY_FILTERS,
  isFiltered,
  nextIssueIndex,
  nextUntranslatedIndex,
  patchCachedTranslation,
  useEditorPages,
  useFilterChoices,
} from "./editor-data";
import { useEditorPermissions } from "./editor-permissions";
import { parsePlural } from "./icu-plural";
import { BulkBar, KeyDialog } from "./key-dialogs";
import { keyTargetOf, targetLanguage, useTargetKey } from "./open-key";
import { PretranslatePanel } from "./pretranslate-panel";
import { openIssues, useQaSettings } from "./qa";
import { SearchBox } from "./search-box";
import { ShortcutSheet } from "./shortcut-sheet";
import { SidePanel, useTmSuggestions } from "./side-panel";
import { useStatusChange } from "./status-change";
import { NARROW_QUERY, useNarrow } from "./use-narrow";

const QA_FILTER_LABEL: Record<Exclude<EditorFilters["qa"], "">, string> = {
  any: "Any issue",
  error: "Errors",
  warning: "Warnings",
};

export interface Cell {
  index: number;
  language: string;
}

/** CSS gives every row but the edited one exactly this height (.grid-row in styles.css). */
const ROW_HEIGHT = 60;
const estimateRowSize = () => ROW_HEIGHT;

const STATUS_LABEL: Record<string, string> = {
  untranslated: "Untranslated",
  translated: "Translated",
  reviewed: "Reviewed",
  approved: "Approved",
};

export default function EditorScreen({ projectId }: { projectId: string }) {
  const qc = useQueryClient();
  const can = useCan();
  const project = useQuery({ queryKey: ["project", projectId], queryFn: () => trpc.projects.get.query({ id: projectId }) });
  const p = project.data;
  const [shownTargets, setShownTargets] = useState<string[] | null>(null);
  const targets = useMemo(
    () => shownTargets?.filter((l) => p?.targetLanguages.includes(l)) ?? p?.targetLanguages.slice(0, 2) ?? [],
    [shownTargets, p],
  );
  const languages = useMemo(() => (p ? [p.sourceLanguage, ...targets] : []), [p, targets]);
  const narrow = useNarrow();
  // Narrow screens: one column, the first shown target (the source is shown under each key).
  const columns = useMemo(
    () => (narrow ? languages.slice(languages.length > 1 ? 1 : 0, languages.length > 1 ? 2 : 1) : languages),
    [narrow, languages],
  );
  const [panelOpen, setPanelOpen] = useState(() => !window.matchMedia(NARROW_QUERY).matches);
  const [filterDraft, setFilterDraft] = useState<EditorFilters>(() => {
    const q = new URLSearchParams(location.search);
    return { ...EMPTY_FILTERS, untranslatedIn: q.get("untranslated") ?? "", search: q.get("q") ?? "" };
  });
  // The search box keeps its own text (a keystroke re-renders only the box); the grid follows the
  // debounced value through filterDraft.search.
  const filters = filterDraft;
  // A notification's link names a key: search for it, then select it with its comments (open-key.ts).
  const [keyTarget, setKeyTarget] = useState(() => keyTargetOf(location.search));
  const targetKey = useTargetKey(projectId, keyTarget);
  const [searchSeed, setSearchSeed] = useState(0);
  const [focusComments, setFocusComments] = useState(false);
  const onCommentsFocused = useCallback(() => setFocusComments(false), []);
  useEffect(() => {
    const name = targetKey.data?.key;
    if (name === undefined) return;
    setFilterDraft({ ...EMPTY_FILTERS, search: name });
    // The search box holds its own text: a new one shows the key's name.
    setSearchSeed((n) => n + 1);
  }, [targetKey.data?.key]);
  const onSearch = useCallback((search: string) => setFilterDraft((f) => (f.search === search ? f : { ...f, search })), []);
  const [active, setActive] = useState<Cell | null>(null);
  // `seq` tells apart two edits of the same cell: a suggestion used while the cell is open
  // replaces the editor (a new key), rather than being ignored by the one already mounted.
  const [editing, setEditing] = useState<{ cell: Cell; initial?: string; seq: number } | null>(null);
  const editSeq = useRef(0);
  const [selected, setSelected] = useState<Map<string, EditorRow>>(new Map());
  const [keyDialog, setKeyDialog] = useState<null | { mode: "create" } | { mode: "edit"; row: EditorRow }>(null);
  const [showShortcuts, setShowShortcuts] = useState(false);
  const [showAi, setShowAi] = useState(false);
  const [showPretranslate, setShowPretranslate] = useState(false);
  const [showBulk, setShowBulk] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  // A refused action (an edit the role or the project's state does not allow) is said, not ignored.
  const [refusal, setRefusal] = useState<string | null>(null);
  const pendingFocus = useRef<Cell | null>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);

  const progress = useQuery({
    queryKey: ["progress", projectId],
    queryFn: () => trpc.analytics.progress.query({ projectId }),
    enabled: !!p,
  });

  const qaSettings = useQaSettings(projectId);
  const choices = useFilterChoices(projectId);

  // Rows: page 1 first (for the total), then whichever pages the visible rows need.
  const [visibleRange, setVisibleRange] = useState<number[]>([0]);
  const data = useEditorPages(projectId, filters, languages, visibleRange);
  const total = languages.length ? data.total : 0;
  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scrollRef.current,
    estimateSize: estimateRowSize,
    overscan: 6,
    // No getItemKey: rows are keyed by index. A getItemKey made in render is a new function each
    // time, and the virtualizer then recomputes every row's position (all 100,000) on each
    // scroll event and keystroke.
  });
  const items = virtualizer.getVirtualItems();
  useEffect(() => {
    const page = data.first.data;
    if (!keyTarget || !targetKey.data || filters.search !== targetKey.data.key || !page || data.first.isFetching) return;
    const index = page.data.findIndex((r) => r.id === keyTarget.keyId);
    const language = targetLanguage(keyTarget, columns);
    setKeyTarget(null);
    if (index < 0 || !language) return;
    setActive({ index, language });
    setPanelOpen(true);
    setFocusComments(true);
    virtualizer.scrollToIndex(index);
  }, [keyTarget, targetKey.data, filters.search, data.first.data, data.first.isFetching, columns, virtualizer]);
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? 0;
  useEffect(() => {
    setVisibleRange((prev) => (prev[0] === first && prev[1] === last ? prev : [first, last]));
  }, [first, last]);

  // A new filter or language set starts from the top with nothing selected.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on filter/language change only
  useEffect(() => {
    setActive(null);
    setEditing(null);
    setSelected(new Map());
    virtualizer.scrollToIndex(0);
  }, [filters, languages.join(",")]);

  const focusCell = useCallback(
    (cell: Cell) => {
      setActive(cell);
      pendingFocus.current = cell;
      virtualizer.scrollToIndex(cell.index, { align: "auto" });
      requestAnimationFrame(() => {
        const el = document.querySelector<HTMLElement>(`[data-cell="${cell.index}:${cell.language}"]`);
        if (el) {
          el.focus();
          pendingFocus.current = null;
        }
      });
    },
    [virtualizer],
  );
  // Cells scrolled into view after a move get focus once rendered.
  useEffect(() => {
    const want = pendingFocus.current;
    if (!want || editing) return;
    const el = document.querySelector<HTMLElement>(`[data-cell="${want.index}:${want.language}"]`);
    if (el) {
      el.focus();
      pendingFocus.current = null;
    }
  });

  const allowed = useEditorPermissions(p);
  const save = useMutation({
    mutationFn: (v: { row: EditorRow; language: string; value: string }) =>
      trpc.translations.upsert.mutate({ projectId, keyId: v.row.id, language: v.language, value: v.value }),
    onSuccess: (t) => {
      patchCachedTranslation(qc, projectId, t);
      void qc.invalidateQueries({ queryKey: ["progress", projectId] });
      void qc.invalidateQueries({ queryKey: ["history", projectId, t.keyId, t.language] });
    },
  });

  const statusChange = useStatusChange(projectId);
  // The selected string's TM suggestions (the side panel's cached answer): Alt+1…9 uses one.
  const selectedRow = active ? data.rowAt(active.index) : undefined;
  const tm = useTmSuggestions(
    (p && selectedRow?.translations[p.sourceLanguage]?.value) || "",
    p?.sourceLanguage ?? "",
    active?.language ?? "",
    can("tm.read"),
  );
  const approve = async (cell: Cell) => {
    const row = data.rowAt(cell.index);
    if (!row) return;
    if (!allowed.review) {
      setRefusal(p?.archived ? "This project is archived and read-only." : "Your role cannot approve translations.");
      return;
    }
    if (!row.translations[cell.language]?.value) {
      setRefusal("Nothing to approve: this string is empty.");
      return;
    }
    try {
      await statusChange.mutateAsync({ keyId: row.id, language: cell.language, status: "approved" });
    } catch (e) {
      setRefusal(errorMessage(e));
    }
  };
  const goToNextUntranslated = () => {
    const language = active?.language ?? targets[0] ?? "";
    const next = nextUntranslatedIndex(data.rowAt, active?.index ?? -1, total, language);
    if (next < 0) setRefusal("No string to do further down (among the rows loaded so far).");
    else focusCell({ index: next, language });
  };

  const goToNextIssue = () => {
    const language = active?.language ?? targets[0] ?? "";
    const next = nextIssueIndex(data.rowAt, active?.index ?? -1, total, language);
    if (next < 0) setRefusal("No string with an open issue further down (among the rows loaded so far).");
    else focusCell({ index: next, language });
  };

  const startEdit = (cell: Cell, initial?: string) => {
    if (!allowed.editTranslations) {
      setRefusal(allowed.editRefusal);
      return;
    }
    setRefusal(null);
    setSaveError(null);
    setActive(cell);
    setEditing({ cell, seq: ++editSeq.current, ...(initial !== undefined ? { initial } : {}) });
  };
  const saveAndNext = async (cell: Cell, value: string, options?: { approve?: boolean }) => {
    const row = data.rowAt(cell.index);
    if (!row) return;
    try {
      setSaveError(null);
      await save.mutateAsync({ row, language: cell.language, value });
      if (options?.approve) {
        if (allowed.review) await statusChange.mutateAsync({ keyId: row.id, language: cell.language, status: "approved" });
        else setRefusal("Saved, but your role cannot approve translations.");
      }
      const next = { index: Math.min(total - 1, cell.index + 1), language: cell.language };
      if (next.index !== cell.index) {
        setEditing({ cell: next, seq: ++editSeq.current });
        setActive(next);
        virtualizer.scrollToIndex(next.index, { align: "auto" });
      } else {
        setEditing(null);
        focusCell(cell);
      }
    } catch (e) {
      setSaveError(errorMessage(e));
    }
  };

  // Grid keyboard: arrows between cells, Enter to edit, Space to select the row.
  const onGridKey = (e: React.KeyboardEvent) => {
    if (editing || !active) return;
    const cols = columns;
    const col = cols.indexOf(active.language);
    let next: Cell | null = null;
    if (e.key === "ArrowDown") next = { index: Math.min(total - 1, active.index + 1), language: active.language };
    else if (e.key === "ArrowUp") next = { index: Math.max(0, active.index - 1), language: active.language };
    else if (e.key === "ArrowRight") next = { index: active.index, language: cols[Math.min(cols.length - 1, col + 1)]! };
    else if (e.key === "ArrowLeft") next = { index: active.index, language: cols[Math.max(0, col - 1)]! };
    else if (e.key === "PageDown") next = { index: Math.min(total - 1, active.index + 10), language: active.language };
    else if (e.key === "PageUp") next = { index: Math.max(0, active.index - 10), language: active.language };
    else if (e.key === "Enter" && !e.ctrlKey && !e.metaKey && !(e.target as HTMLElement).matches("input")) {
      e.preventDefault();
      startEdit(active);
      return;
    } else if (e.key === " " && (e.target as HTMLElement).dataset.cell && allowed.bulkActions) {
      e.preventDefault();
      const row = data.rowAt(active.index);
      if (row) toggleSelected(row);
      return;
    }
    if (next) {
      e.preventDefault();
      focusCell(next);
    }
  };

  const toggleSelected = (row: EditorRow) =>
    setSelected((s) => {
      const n = new Map(s);
      if (n.has(row.id)) n.delete(row.id);
      else n.set(row.id, row);
      return n;
    });

  // Screen-wide shortcuts (ignored while typing in a field).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement;
      if (t.closest("dialog")) return;
      // Alt+1…9: use that translation-memory suggestion, also from inside the open editor.
      const digit = /^Digit([1-9])$/.exec(e.code);
      if (e.altKey && !e.ctrlKey && !e.metaKey && digit && active) {
        const value = tm.data?.[Number(digit[1]) - 1]?.targetText;
        if (value !== undefined) {
          e.preventDefault();
          startEdit(active, value);
        }
        return;
      }
      const typing = t.matches("input, textarea, select, [contenteditable]");
      if (typing) return;
      if (e.key === "Enter" && (e.ctrlKey || e.metaKey) && e.shiftKey && active && !editing) {
        e.preventDefault();
        void approve(active);
        return;
      }
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key === "?") {
        e.preventDefault();
        setShowShortcuts(true);
      } else if (e.key === "/") {
        e.preventDefault();
        searchRef.current?.focus();
      } else if (e.key === "n" && allowed.manageKeys) {
        e.preventDefault();
        setKeyDialog({ mode: "create" });
      } else if (e.key === "a" && allowed.ai) {
        e.preventDefault();
        setShowAi(true);
      } else if (e.key === "g") {
        e.preventDefault();
        focusCell(active ?? { index: 0, language: targets[0] ?? languages[0] ?? "" });
      } else if (e.key === "u") {
        e.preventDefault();
        goToNextUntranslated();
      } else if (e.key === "i") {
        e.preventDefault();
        goToNextIssue();
      } else if (e.key === "d" && active) {
        e.preventDefault();
        setPanelOpen((o) => !o);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  if (project.isError) return <ErrorMessage error={errorMessage(project.error)} />;
  if (!p) return <p role="status">Loading…</p>;
  const activeRow = active ? data.rowAt(active.index) : undefined;
  const progressOf = (l: string) => progress.data?.languages.find((x) => x.language === l)?.completionPercent ?? 0;
  const qaCountOf = (l: string) => {
    const x = progress.data?.languages.find((y) => y.language === l);
    return x ? { issues: x.qaIssues, errors: x.qaErrors } : null;
  };
  const gridCols = narrow
    ? "1.8rem minmax(0, 1fr) minmax(0, 1.3fr)"
    : `2.2rem minmax(12rem, 1.1fr) repeat(${columns.length}, minmax(14rem, 2fr))`;

  return (
    <div className="editor">
      <div className="editor-head">
        <p className="crumbs">
          <Link to="/">Projects</Link> / {p.name}
        </p>
        <h1>{p.name}</h1>
        <div className="head-links">
          <Link to={`/projects/${p._id}/files`}>Import / export</Link>
          <Link to={`/projects/${p._id}/leverage`}>Leverage</Link>
          <Link to={`/projects/${p._id}/releases`}>Releases</Link>
          {can("screenshots.read") && <Link to={`/projects/${p._id}/screenshots`}>Screenshots</Link>}
          {can("projects.write") && <Link to={`/projects/${p._id}/settings`}>Settings</Link>}
          <button type="button" className="link" onClick={() => setShowShortcuts(true)}>
            Keyboard shortcuts <kbd>?</kbd>
          </button>
        </div>
      </div>
      {p.archived && (
        <p className="banner" role="status">
          This project is archived and read-only.
        </p>
      )}
      <section className="editor-progress" aria-label="Progress per language">
        {p.targetLanguages.map((l) => (
          <ProgressBar key={l} label={`${languageName(l)} (${l})`} percent={progressOf(l)} note={<QaCount count={qaCountOf(l)} />} />
        ))}
      </section>

      {/* biome-ignore lint/a11y/useSemanticElements: <search> is not yet in every supported browser */}
      <form className="toolbar" role="search" onSubmit={(e) => e.preventDefault()}>
        <SearchBox key={searchSeed} ref={searchRef} initial={filterDraft.search} onSearch={onSearch} />
        <label>
          Untranslated in
          <select value={filterDraft.untranslatedIn} onChange={(e) => setFilterDraft((f) => ({ ...f, untranslatedIn: e.target.value }))}>
            <option value="">Any language</option>
            {p.targetLanguages.map((l) => (
              <option key={l} value={l}>
                {languageName(l)} ({l})
              </option>
            ))}
          </select>
        </label>
        <label>
          Status
          <select
            value={filterDraft.status}
            onChange={(e) =>
              setFilterDraft((f) => ({
                ...f,
                status: e.target.value as EditorFilters["status"],
                statusIn: f.statusIn || p.targetLanguages[0] || "",
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
        {filterDraft.status && (
          <label>
            Status in
            <select value={filterDraft.statusIn} onChange={(e) => setFilterDraft((f) => ({ ...f, statusIn: e.target.value }))}>
              {p.targetLanguages.map((l) => (
                <option key={l} value={l}>
                  {languageName(l)} ({l})
                </option>
              ))}
            </select>
          </label>
        )}
        <label>
          Namespace
          <input value={filterDraft.namespace} size={10} onChange={(e) => setFilterDraft((f) => ({ ...f, namespace: e.target.value }))} />
        </label>
        <label>
          Tag
          <select value={filterDraft.tag} onChange={(e) => setFilterDraft((f) => ({ ...f, tag: e.target.value }))}>
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
          <select value={filterDraft.author} onChange={(e) => setFilterDraft((f) => ({ ...f, author: e.target.value }))}>
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
          <input
            type="date"
            value={filterDraft.changedSince}
            onChange={(e) => setFilterDraft((f) => ({ ...f, changedSince: e.target.value }))}
          />
        </label>
        <label>
          Quality
          <select value={filterDraft.qa} onChange={(e) => setFilterDraft((f) => ({ ...f, qa: e.target.value as EditorFilters["qa"] }))}>
            <option value="">Any quality</option>
            {Object.entries(QA_FILTER_LABEL).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        {filterDraft.qa && (
          <label>
            Issues in
            <select value={filterDraft.qaIn} onChange={(e) => setFilterDraft((f) => ({ ...f, qaIn: e.target.value }))}>
              <option value="">Shown languages</option>
              {p.targetLanguages.map((l) => (
                <option key={l} value={l}>
                  {languageName(l)} ({l})
                </option>
              ))}
            </select>
          </label>
        )}
        <label className="inline">
          <input
            type="checkbox"
            checked={filterDraft.hasComments === "true"}
            onChange={(e) => setFilterDraft((f) => ({ ...f, hasComments: e.target.checked ? "true" : "" }))}
          />{" "}
          Has comments
        </label>
        <label className="inline">
          <input
            type="checkbox"
            checked={filterDraft.source === "ai"}
            onChange={(e) => setFilterDraft((f) => ({ ...f, source: e.target.checked ? "ai" : "" }))}
          />{" "}
          AI-translated
        </label>
        <label>
          Sort
          <select value={filterDraft.sort} onChange={(e) => setFilterDraft((f) => ({ ...f, sort: e.target.value }))}>
            <option value="">Key order</option>
            {p.targetLanguages.map((l) => (
              <option key={l} value={`untranslated:${l}`}>
                Untranslated first in {languageName(l)} ({l})
              </option>
            ))}
            <option value="recent">Recently changed</option>
          </select>
        </label>
        <fieldset className="lang-toggle">
          <legend>Columns</legend>
          {p.targetLanguages.map((l) => (
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
        <div className="toolbar-actions">
          {allowed.manageKeys && (
            <button type="button" onClick={() => setKeyDialog({ mode: "create" })}>
              New key <kbd>n</kbd>
            </button>
          )}
          {allowed.ai && (
            <button type="button" onClick={() => setShowAi((s) => !s)} aria-expanded={showAi}>
              AI translate <kbd>a</kbd>
            </button>
          )}
          {allowed.ai && (
            <button type="button" onClick={() => setShowPretranslate((s) => !s)} aria-expanded={showPretranslate}>
              Pre-translate
            </button>
          )}
          {can("translations.status") && !p.archived && (
            <button type="button" onClick={() => setShowBulk((s) => !s)} aria-expanded={showBulk}>
              Bulk edit
            </button>
          )}
          <button type="button" onClick={() => setPanelOpen((o) => !o)} aria-pressed={panelOpen} disabled={!activeRow}>
            Details <kbd>d</kbd>
          </button>
        </div>
      </form>
      {showAi && <AiBatchPanel project={p} onClose={() => setShowAi(false)} />}
      {showPretranslate && (
        <PretranslatePanel project={p} selectedKeyIds={[...selected.keys()]} onClose={() => setShowPretranslate(false)} />
      )}
      {refusal && (
        <div className="refusal" role="alert">
          <p>{refusal}</p>
          <button type="button" className="small" onClick={() => setRefusal(null)}>
            Dismiss
          </button>
        </div>
      )}
      {showBulk && (
        <BulkEditPanel
          project={p}
          filters={filters}
          shownLanguages={languages}
          selectedKeyIds={[...selected.keys()]}
          canWrite={allowed.editTranslations}
          canReview={allowed.review}
          onClose={() => setShowBulk(false)}
        />
      )}
      {allowed.bulkActions && selected.size > 0 && (
        <BulkBar projectId={projectId} rows={[...selected.values()]} onDone={() => setSelected(new Map())} />
      )}

      <div className="editor-body">
        <div className="grid-wrap">
          <div className="grid-head" style={{ gridTemplateColumns: gridCols }} aria-hidden="true">
            <span />
            <span>Key</span>
            {columns.map((l) => (
              <span key={l}>
                {languageName(l)} ({l}){l === p.sourceLanguage ? " · source" : ""}
              </span>
            ))}
          </div>
          <p className="grid-count" role="status">
            {data.first.isPending ? "Loading keys…" : `${total} key${total === 1 ? "" : "s"}`}
          </p>
          <ErrorMessage error={data.first.error ? errorMessage(data.first.error) : null} />
          {data.first.isSuccess && total === 0 && (
            <div className="empty-grid">
              {isFiltered(filters) ? (
                <p>No key matches these filters.</p>
              ) : (
                <p>
                  This project has no keys yet. {allowed.import && <Link to={`/projects/${p._id}/files`}>Import a translation file</Link>}
                  {allowed.manageKeys && (
                    <>
                      {" "}
                      or press <kbd>n</kbd> to create a key.
                    </>
                  )}
                </p>
              )}
            </div>
          )}
          <section className="grid-scroll" ref={scrollRef} onKeyDown={onGridKey} aria-label="Translations">
            <div style={{ height: virtualizer.getTotalSize(), position: "relative" }}>
              {items.map((item) => {
                const row = data.rowAt(item.index);
                // One row at a time is in the Tab order (the active one), so Tab leaves the grid for the side panel.
                const rowTabIndex = (active ? active.index : 0) === item.index ? 0 : -1;
                return (
                  <div
                    key={item.key}
                    data-index={item.index}
                    ref={virtualizer.measureElement}
                    className={`grid-row${active?.index === item.index ? " active" : ""}${editing?.cell.index === item.index ? " editing" : ""}`}
                    style={{ transform: `translateY(${item.start}px)`, gridTemplateColumns: gridCols }}
                  >
                    {!row ? (
                      <span className="placeholder-row">Loading…</span>
                    ) : (
                      <>
                        {allowed.bulkActions ? (
                          <input
                            type="checkbox"
                            tabIndex={rowTabIndex}
                            aria-label={`Select ${row.key}`}
                            checked={selected.has(row.id)}
                            onChange={() => toggleSelected(row)}
                          />
                        ) : (
                          <span />
                        )}
                        <div className="key-cell">
                          <button
                            type="button"
                            tabIndex={rowTabIndex}
                            className="key-name"
                            title={row.description || undefined}
                            onClick={() => allowed.manageKeys && setKeyDialog({ mode: "edit", row })}
                            disabled={!allowed.manageKeys}
                          >
                            {row.namespace && <span className="ns">{row.namespace}.</span>}
                            {row.key}
                          </button>
                          {narrow && !columns.includes(p.sourceLanguage) && (
                            <span className="key-source" lang={p.sourceLanguage} dir={textDirection(p.sourceLanguage)}>
                              {row.translations[p.sourceLanguage]?.value}
                            </span>
                          )}
                          {row.commentCount > 0 && (
                            <span className="comment-count" title={`${row.commentCount} comment${row.commentCount === 1 ? "" : "s"}`}>
                              <CommentIcon /> {row.commentCount}
                              <span className="sr-only"> comment{row.commentCount === 1 ? "" : "s"}</span>
                            </span>
                          )}
                          {row.tags.length > 0 && (
                            <span className="tags">
                              {row.tags.map((t) => (
                                <span key={t} className="tag">
                                  {t}
                                </span>
                              ))}
                            </span>
                          )}
                        </div>
                        {columns.map((l) => {
                          const t = row.translations[l];
                          const cell = { index: item.index, language: l };
                          const isEditing = editing?.cell.index === item.index && editing.cell.language === l;
                          if (isEditing)
                            return (
                              <CellEditor
                                key={`${row.id}:${l}:${editing.seq}`}
                                language={l}
                                sourceValue={l === p.sourceLanguage ? "" : (row.translations[p.sourceLanguage]?.value ?? "")}
                                sourceLanguage={p.sourceLanguage}
                                qaSettings={qaSettings.data}
                                maxLength={row.maxLength}
                                initialValue={editing.initial ?? t?.value ?? ""}
                                saving={save.isPending}
                                error={saveError}
                                onSave={(v, o) => void saveAndNext(cell, v, o)}
                                onCancel={() => {
                                  setEditing(null);
                                  focusCell(cell);
                                }}
                              />
                            );
                          const status = t?.status ?? "untranslated";
                          return (
                            <button
                              type="button"
                              key={l}
                              data-cell={`${item.index}:${l}`}
                              className={`cell status-${status}${active?.index === item.index && active.language === l ? " selected" : ""}`}
                              tabIndex={
                                active
                                  ? active.index === item.index && active.language === l
                                    ? 0
                                    : -1
                                  : item.index === 0 && l === (columns.length > 1 ? columns[1] : columns[0])
                                    ? 0
                                    : -1
                              }
                              onFocus={() => setActive(cell)}
                              onClick={(e) => {
                                setActive(cell);
                                // A tap edits at once: touch has no double click.
                                if ((e.nativeEvent as PointerEvent).pointerType === "touch") startEdit(cell);
                              }}
                              onDoubleClick={() => startEdit(cell)}
                            >
                              <span className="sr-only">
                                {row.key} in {languageName(l)}:{" "}
                              </span>
                              <span className="cell-value" lang={l} dir={textDirection(l)}>
                                {t?.value ? <CellValue value={t.value} /> : <em className="empty">Empty</em>}
                              </span>
                              <span className="sr-only">, </span>
                              {/* The badges line up with the value: from the right in a right-to-left language. */}
                              <span className="cell-meta" dir={textDirection(l)}>
                                <span className={`badge ${status}`}>{STATUS_LABEL[status]}</span>
                                {t?.source === "ai" && (
                                  <span className="badge ai">AI{t.aiConfidence !== null ? ` ${t.aiConfidence}%` : ""}</span>
                                )}
                                <QaBadge issues={t?.qaIssues} />
                              </span>
                            </button>
                          );
                        })}
                      </>
                    )}
                  </div>
                );
              })}
            </div>
          </section>
        </div>
        {active && activeRow && panelOpen && (
          <SidePanel
            key={`${activeRow.id}:${active.language}`}
            project={p}
            row={activeRow}
            language={active.language}
            onUseSuggestion={(value) => startEdit(active, value)}
            onEditKey={() => setKeyDialog({ mode: "edit", row: activeRow })}
            onClose={() => setPanelOpen(false)}
            focusComments={focusComments}
            onCommentsFocused={onCommentsFocused}
          />
        )}
      </div>
      {keyDialog && (
        <KeyDialog projectId={projectId} sourceLanguage={p.sourceLanguage} state={keyDialog} onClose={() => setKeyDialog(null)} />
      )}
      <ShortcutSheet open={showShortcuts} onClose={() => setShowShortcuts(false)} />
    </div>
  );
}

/** A value as the grid shows it: an ICU plural as its forms, one per line; anything else as written. */
function CellValue({ value }: { value: string }) {
  const plural = parsePlural(value);
  if (!plural) return <>{value}</>;
  return (
    <span className="plural-view">
      {[...plural.forms].map(([cat, text]) => (
        <span key={cat}>
          <span className="plural-cat">{cat}</span> {text}
        </span>
      ))}
    </span>
  );
}

/** A speech bubble (drawn, so it needs no emoji font). */
function CommentIcon() {
  return (
    <svg className="comment-icon" viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
      <path d="M2 2h12v9H6l-3 3v-3H2z" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
    </svg>
  );
}

/** A cell's open stored issues, as one badge (the side panel lists them). */
function QaBadge({ issues }: { issues: Parameters<typeof openIssues>[0] }) {
  const open = openIssues(issues);
  if (open.length === 0) return null;
  const errors = open.filter((i) => i.severity === "error").length;
  const text = `${open.length} issue${open.length === 1 ? "" : "s"}`;
  return (
    <span className={`badge ${errors ? "qa-error" : "warn"}`} title={open.map((i) => i.message).join("\n")}>
      ⚠ {text}
    </span>
  );
}

function QaCount({ count }: { count: { issues: number; errors: number } | null }) {
  if (!count || count.issues === 0) return null;
  return (
    <span className="progress-qa">
      {count.issues} with issues{count.errors ? `, ${count.errors} errors` : ""}
    </span>
  );
}
