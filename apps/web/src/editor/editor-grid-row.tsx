// One row of the editor's grid: the tick box, the key (its name opens the key dialog), and a cell
// per shown language, or the open cell editor. Only one row at a time is in the Tab order.
import { textDirection } from "../components/text-direction";
import { languageName } from "../components/ui";
import { CellEditor } from "./cell-editor";
import type { EditorRow } from "./editor-data";
import { STATUS_LABEL } from "./editor-filters";
import { parsePlural } from "./icu-plural";
import { type LiveQaInput, openIssues } from "./qa";
import type { OpenEditor } from "./use-cell-editing";
import type { Cell } from "./use-grid-navigation";

export interface GridRowProps {
  index: number;
  start: number;
  measure: (el: HTMLDivElement | null) => void;
  /** Absent while its page loads. */
  row: EditorRow | undefined;
  sourceLanguage: string;
  columns: string[];
  gridCols: string;
  /** Narrow screens show the source under the key when its column is not shown. */
  narrow: boolean;
  active: Cell | null;
  editing: OpenEditor | null;
  selected: boolean;
  /** Absent when the member has no bulk action (then no tick box). */
  onToggle?: (row: EditorRow) => void;
  /** Absent when the member may not manage keys. */
  onOpenKey?: (row: EditorRow) => void;
  setActive: (cell: Cell) => void;
  startEdit: (cell: Cell) => void;
  editor: {
    qaSettings: LiveQaInput["settings"];
    saving: boolean;
    error: string | null;
    onSave: (cell: Cell, value: string, options?: { approve?: boolean }) => void;
    onCancel: (cell: Cell) => void;
  };
}

export function GridRow(props: GridRowProps) {
  const { index, row, active, editing, columns, sourceLanguage } = props;
  // One row at a time is in the Tab order (the active one), so Tab leaves the grid for the side panel.
  const rowTabIndex = (active ? active.index : 0) === index ? 0 : -1;
  return (
    <div
      data-index={index}
      ref={props.measure}
      className={`grid-row${active?.index === index ? " active" : ""}${editing?.cell.index === index ? " editing" : ""}`}
      style={{ transform: `translateY(${props.start}px)`, gridTemplateColumns: props.gridCols }}
    >
      {!row ? (
        <span className="placeholder-row">Loading…</span>
      ) : (
        <>
          {props.onToggle ? (
            <input
              type="checkbox"
              tabIndex={rowTabIndex}
              aria-label={`Select ${row.key}`}
              checked={props.selected}
              onChange={() => props.onToggle?.(row)}
            />
          ) : (
            <span />
          )}
          <KeyCell
            row={row}
            tabIndex={rowTabIndex}
            sourceLanguage={sourceLanguage}
            showSource={props.narrow && !columns.includes(sourceLanguage)}
            onOpenKey={props.onOpenKey}
          />
          {columns.map((l) => {
            const t = row.translations[l];
            const cell = { index, language: l };
            if (editing?.cell.index === index && editing.cell.language === l)
              return (
                <CellEditor
                  key={`${row.id}:${l}:${editing.seq}`}
                  language={l}
                  sourceValue={l === sourceLanguage ? "" : (row.translations[sourceLanguage]?.value ?? "")}
                  sourceLanguage={sourceLanguage}
                  qaSettings={props.editor.qaSettings}
                  maxLength={row.maxLength}
                  initialValue={editing.initial ?? t?.value ?? ""}
                  saving={props.editor.saving}
                  error={props.editor.error}
                  onSave={(v, o) => props.editor.onSave(cell, v, o)}
                  onCancel={() => props.editor.onCancel(cell)}
                />
              );
            const status = t?.status ?? "untranslated";
            const firstCell = l === (columns.length > 1 ? columns[1] : columns[0]);
            return (
              <button
                type="button"
                key={l}
                data-cell={`${index}:${l}`}
                className={`cell status-${status}${active?.index === index && active.language === l ? " selected" : ""}`}
                tabIndex={active ? (active.index === index && active.language === l ? 0 : -1) : index === 0 && firstCell ? 0 : -1}
                onFocus={() => props.setActive(cell)}
                onClick={(e) => {
                  props.setActive(cell);
                  // A tap edits at once: touch has no double click.
                  if ((e.nativeEvent as PointerEvent).pointerType === "touch") props.startEdit(cell);
                }}
                onDoubleClick={() => props.startEdit(cell)}
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
                  {t?.source === "ai" && <span className="badge ai">AI{t.aiConfidence !== null ? ` ${t.aiConfidence}%` : ""}</span>}
                  <QaBadge issues={t?.qaIssues} />
                </span>
              </button>
            );
          })}
        </>
      )}
    </div>
  );
}

function KeyCell(props: {
  row: EditorRow;
  tabIndex: number;
  sourceLanguage: string;
  showSource: boolean;
  onOpenKey: ((row: EditorRow) => void) | undefined;
}) {
  const { row, sourceLanguage } = props;
  return (
    <div className="key-cell">
      <button
        type="button"
        tabIndex={props.tabIndex}
        className="key-name"
        title={row.description || undefined}
        onClick={() => props.onOpenKey?.(row)}
        disabled={!props.onOpenKey}
      >
        {row.namespace && <span className="ns">{row.namespace}.</span>}
        {row.key}
      </button>
      {props.showSource && (
        <span className="key-source" lang={sourceLanguage} dir={textDirection(sourceLanguage)}>
          {row.translations[sourceLanguage]?.value}
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
