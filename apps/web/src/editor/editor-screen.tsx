// The editor: a virtualized grid of keys × source and target languages, read page by page from
// the server; filters; inline editing; a side panel for the selected translation; key management,
// multi-select bulk actions, and the AI batch. The screen composes hooks that each own one part:
// the rows (editor-data), the active cell (use-grid-navigation), editing and saving
// (use-cell-editing), the ticked rows (use-row-selection) and the keyboard (use-editor-shortcuts).
import { useQuery } from "@tanstack/react-query";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { queries } from "../api/queries";
import { useCan } from "../api/session";
import { errorMessage } from "../api/trpc";
import { ErrorMessage, languageName, ProgressBar } from "../components/ui";
import { Link } from "../router/router";
import { AiBatchPanel } from "./ai-batch";
import { BulkEditPanel } from "./bulk-edit-panel";
import { type EditorFilters, type EditorRow, EMPTY_FILTERS, isFiltered, useEditorPages, useFilterChoices } from "./editor-data";
import { EditorFilterFields } from "./editor-filters";
import { GridRow } from "./editor-grid-row";
import { useEditorPermissions } from "./editor-permissions";
import { BulkBar, KeyDialog } from "./key-dialogs";
import { keyTargetOf, targetLanguage, useTargetKey } from "./open-key";
import { PretranslatePanel } from "./pretranslate-panel";
import { useQaSettings } from "./qa";
import { ShortcutSheet } from "./shortcut-sheet";
import { SidePanel, useTmSuggestions } from "./side-panel";
import { useCellEditing, useOpenEditor } from "./use-cell-editing";
import { gridKeyHandler, useScreenShortcuts } from "./use-editor-shortcuts";
import { useGridNavigation } from "./use-grid-navigation";
import { NARROW_QUERY, useNarrow } from "./use-narrow";
import { useRowSelection } from "./use-row-selection";

/** CSS gives every row but the edited one exactly this height (.grid-row in styles.css). */
const ROW_HEIGHT = 60;
const estimateRowSize = () => ROW_HEIGHT;

export default function EditorScreen({ projectId }: { projectId: string }) {
  const can = useCan();
  const project = useQuery(queries.projects.get.queryOptions({ id: projectId }));
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
  const [filters, setFilters] = useState<EditorFilters>(() => {
    const q = new URLSearchParams(location.search);
    return { ...EMPTY_FILTERS, untranslatedIn: q.get("untranslated") ?? "", search: q.get("q") ?? "" };
  });
  // The search box keeps its own text (a keystroke re-renders only the box); the grid follows the
  // debounced value through filters.search.
  const onSearch = useCallback((search: string) => setFilters((f) => (f.search === search ? f : { ...f, search })), []);
  // A notification's link names a key: search for it, then select it with its comments (open-key.ts).
  const [keyTarget, setKeyTarget] = useState(() => keyTargetOf(location.search));
  const targetKey = useTargetKey(projectId, keyTarget);
  const [searchSeed, setSearchSeed] = useState(0);
  const [focusComments, setFocusComments] = useState(false);
  const onCommentsFocused = useCallback(() => setFocusComments(false), []);
  useEffect(() => {
    const name = targetKey.data?.key;
    if (name === undefined) return;
    setFilters({ ...EMPTY_FILTERS, search: name });
    // The search box holds its own text: a new one shows the key's name.
    setSearchSeed((n) => n + 1);
  }, [targetKey.data?.key]);
  const [keyDialog, setKeyDialog] = useState<null | { mode: "create" } | { mode: "edit"; row: EditorRow }>(null);
  const [showShortcuts, setShowShortcuts] = useState(false);
  const [showAi, setShowAi] = useState(false);
  const [showPretranslate, setShowPretranslate] = useState(false);
  const [showBulk, setShowBulk] = useState(false);
  const scrollRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);

  const progress = useQuery({ ...queries.analytics.progress.queryOptions({ projectId }), enabled: !!p });
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
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? 0;
  useEffect(() => {
    setVisibleRange((prev) => (prev[0] === first && prev[1] === last ? prev : [first, last]));
  }, [first, last]);

  const allowed = useEditorPermissions(p);
  const editor = useOpenEditor();
  const selection = useRowSelection();
  // A refused action (an edit the role or the project's state does not allow, no string further
  // down) is said, not ignored.
  const [refusal, setRefusal] = useState<string | null>(null);
  const nav = useGridNavigation({
    virtualizer,
    rowAt: data.rowAt,
    total,
    defaultLanguage: targets[0] ?? "",
    editing: editor.editing !== null,
    onRefusal: setRefusal,
  });
  const { active, setActive, focusCell } = nav;
  const edit = useCellEditing({
    projectId,
    archived: !!p?.archived,
    allowed,
    rowAt: data.rowAt,
    total,
    editor,
    setActive,
    focusCell,
    virtualizer,
    setRefusal,
  });

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
  }, [keyTarget, targetKey.data, filters.search, data.first.data, data.first.isFetching, columns, virtualizer, setActive]);

  // A new filter or language set starts from the top with nothing selected.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on filter/language change only
  useEffect(() => {
    nav.setActive(null);
    editor.close();
    selection.clear();
    virtualizer.scrollToIndex(0);
  }, [filters, languages.join(",")]);

  // The selected string's TM suggestions (the side panel's cached answer): Alt+1…9 uses one.
  const activeRow = active ? data.rowAt(active.index) : undefined;
  const tm = useTmSuggestions(
    (p && activeRow?.translations[p.sourceLanguage]?.value) || "",
    p?.sourceLanguage ?? "",
    active?.language ?? "",
    can("tm.read"),
  );

  const toggleRow = (index: number) => {
    const row = data.rowAt(index);
    if (row) selection.toggle(row);
  };
  const onGridKey = gridKeyHandler({
    active,
    editing: editor.editing !== null,
    columns,
    total,
    focusCell,
    startEdit: edit.startEdit,
    ...(allowed.bulkActions ? { toggleRow } : {}),
  });
  useScreenShortcuts({
    active,
    editing: editor.editing !== null,
    suggestion: (n) => tm.data?.[n - 1]?.targetText,
    startEdit: edit.startEdit,
    approve: (cell) => void edit.approve(cell),
    showShortcuts: () => setShowShortcuts(true),
    focusSearch: () => searchRef.current?.focus(),
    ...(allowed.manageKeys ? { newKey: () => setKeyDialog({ mode: "create" }) } : {}),
    ...(allowed.ai ? { aiBatch: () => setShowAi(true) } : {}),
    enterGrid: () => focusCell(active ?? { index: 0, language: targets[0] ?? languages[0] ?? "" }),
    nextUntranslated: nav.goToNextUntranslated,
    nextIssue: nav.goToNextIssue,
    togglePanel: () => setPanelOpen((o) => !o),
  });

  if (project.isError) return <ErrorMessage error={errorMessage(project.error)} />;
  if (!p) return <p role="status">Loading…</p>;
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
        <EditorFilterFields
          targetLanguages={p.targetLanguages}
          filters={filters}
          setFilters={setFilters}
          onSearch={onSearch}
          searchRef={searchRef}
          searchSeed={searchSeed}
          choices={choices}
          targets={targets}
          setShownTargets={setShownTargets}
        />
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
        <PretranslatePanel project={p} selectedKeyIds={[...selection.selected.keys()]} onClose={() => setShowPretranslate(false)} />
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
          selectedKeyIds={[...selection.selected.keys()]}
          canWrite={allowed.editTranslations}
          canReview={allowed.review}
          onClose={() => setShowBulk(false)}
        />
      )}
      {allowed.bulkActions && selection.selected.size > 0 && (
        <BulkBar projectId={projectId} rows={[...selection.selected.values()]} onDone={selection.clear} />
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
              {items.map((item) => (
                <GridRow
                  key={item.key}
                  index={item.index}
                  start={item.start}
                  measure={virtualizer.measureElement}
                  row={data.rowAt(item.index)}
                  sourceLanguage={p.sourceLanguage}
                  columns={columns}
                  gridCols={gridCols}
                  narrow={narrow}
                  active={active}
                  editing={editor.editing}
                  selected={selection.selected.has(data.rowAt(item.index)?.id ?? "")}
                  {...(allowed.bulkActions ? { onToggle: selection.toggle } : {})}
                  {...(allowed.manageKeys ? { onOpenKey: (row: EditorRow) => setKeyDialog({ mode: "edit", row }) } : {})}
                  setActive={setActive}
                  startEdit={edit.startEdit}
                  editor={{
                    qaSettings: qaSettings.data,
                    saving: edit.saving,
                    error: edit.saveError,
                    onSave: (cell, v, o) => void edit.saveAndNext(cell, v, o),
                    onCancel: edit.cancel,
                  }}
                />
              ))}
            </div>
          </section>
        </div>
        {active && activeRow && panelOpen && (
          <SidePanel
            key={`${activeRow.id}:${active.language}`}
            project={p}
            row={activeRow}
            language={active.language}
            onUseSuggestion={(value) => edit.startEdit(active, value)}
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

function QaCount({ count }: { count: { issues: number; errors: number } | null }) {
  if (!count || count.issues === 0) return null;
  return (
    <span className="progress-qa">
      {count.issues} with issues{count.errors ? `, ${count.errors} errors` : ""}
    </span>
  );
}
