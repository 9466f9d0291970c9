// Inline editing of one translation: a text area, or one field per CLDR plural category when the
// source is an ICU plural. Ctrl+Enter (⌘+Enter) saves and moves on (with Shift: and approves),
// Alt+C copies the source in, Alt+P inserts the source's next missing placeholder, Escape cancels. The project's quality checks run while typing (the
// server's own checks, with the project's severities): an error there means the save will be refused.
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from "react";
import { textDirection } from "../components/text-direction";
import { parsePlural, pluralCategories, serializePlural } from "./icu-plural";
import { insertAt, placeholderToInsert } from "./insert-placeholder";
import { type LiveQaInput, useLiveQaIssues } from "./qa";
import { QaIssueList } from "./qa-issues";

export interface CellEditorProps {
  language: string;
  sourceValue: string;
  sourceLanguage: string;
  /** The project's quality-check settings (undefined while loading: no live checks yet). */
  qaSettings: LiveQaInput["settings"];
  /** The key's length limit (the max_length check). */
  maxLength?: number | null;
  initialValue: string;
  saving: boolean;
  error: string | null;
  /** `approve`: Ctrl+Shift+Enter, save and approve. */
  onSave: (value: string, options?: { approve?: boolean }) => void;
  onCancel: () => void;
}

function pluralTemplate(source: string, current: string, language: string) {
  const src = parsePlural(source);
  if (!src) return null;
  const cur = parsePlural(current);
  if (current.trim() !== "" && !cur) return null;
  const categories = pluralCategories(language, src.kind);
  const forms = new Map(categories.map((c) => [c, cur?.forms.get(c) ?? ""]));
  // Exact-value selectors (=0) of the current value are kept as extra fields.
  for (const [k, v] of cur?.forms ?? []) if (!forms.has(k)) forms.set(k, v);
  return { ...src, prefix: cur?.prefix ?? src.prefix, forms };
}

export function CellEditor(props: CellEditorProps) {
  const { language, sourceValue, initialValue } = props;
  const template = useMemo(() => pluralTemplate(sourceValue, initialValue, language), [sourceValue, initialValue, language]);
  const [text, setText] = useState(initialValue);
  const [forms, setForms] = useState(() => template?.forms ?? new Map<string, string>());
  const firstRef = useRef<HTMLTextAreaElement>(null);
  // The caret after an inserted placeholder is placed in the commit that renders it: a frame later
  // would, on a busy browser, come after the next keystroke and move the caret back under it.
  const caretAfterInsert = useRef<{ area: HTMLTextAreaElement; caret: number } | null>(null);
  useLayoutEffect(() => {
    const pending = caretAfterInsert.current;
    if (!pending) return;
    pending.area.setSelectionRange(pending.caret, pending.caret);
    caretAfterInsert.current = null;
  });
  const warnId = useId();
  useEffect(() => {
    firstRef.current?.focus();
    const el = firstRef.current;
    if (el) el.setSelectionRange(el.value.length, el.value.length);
  }, []);
  const value = template ? serializePlural({ ...template, forms }) : text;
  const issues = useLiveQaIssues({
    settings: props.qaSettings,
    source: sourceValue,
    value,
    sourceLanguage: props.sourceLanguage,
    language,
    maxLength: props.maxLength,
  });
  const warning = issues.length > 0;
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      e.stopPropagation();
      props.onSave(value, e.shiftKey ? { approve: true } : undefined);
    } else if (e.altKey && e.code === "KeyC" && sourceValue) {
      // Copy the source into the editor (each plural form from the source's same form).
      e.preventDefault();
      e.stopPropagation();
      const src = parsePlural(sourceValue);
      if (template && src) setForms((f) => new Map([...f.keys()].map((c) => [c, src.forms.get(c) ?? src.forms.get("other") ?? ""])));
      else setText(sourceValue);
    } else if (e.altKey && e.code === "KeyP" && e.target instanceof HTMLTextAreaElement) {
      // Insert the source's next missing placeholder at the caret (in a plural form: the form's source).
      e.preventDefault();
      e.stopPropagation();
      const area = e.target;
      const category = area.dataset.category;
      const src = parsePlural(sourceValue);
      const source = category && src ? (src.forms.get(category) ?? src.forms.get("other") ?? sourceValue) : sourceValue;
      const token = placeholderToInsert(source, area.value);
      if (!token) return;
      const next = insertAt(area.value, token, area.selectionStart, area.selectionEnd);
      if (category) setForms((f) => new Map(f).set(category, next.text));
      else setText(next.text);
      caretAfterInsert.current = { area, caret: next.caret };
    } else if (e.key === "Escape") {
      e.preventDefault();
      e.stopPropagation();
      props.onCancel();
    }
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Ctrl+Enter and Escape from any field of the editor
    <div className="cell-editor" onKeyDown={onKeyDown}>
      {template ? (
        <fieldset className="plural-forms">
          <legend>
            Plural forms of {template.argument} ({language})
          </legend>
          {[...forms].map(([cat, v], i) => (
            <label key={cat} className="plural-form">
              <span className="plural-cat">{cat}</span>
              <textarea
                ref={i === 0 ? firstRef : undefined}
                rows={1}
                data-category={cat}
                lang={language}
                dir={textDirection(language)}
                value={v}
                aria-describedby={warning ? warnId : undefined}
                onChange={(e) => setForms((f) => new Map(f).set(cat, e.target.value))}
              />
            </label>
          ))}
        </fieldset>
      ) : (
        <textarea
          ref={firstRef}
          aria-label={`Translation (${language})`}
          lang={language}
          dir={textDirection(language)}
          aria-describedby={warning ? warnId : undefined}
          rows={Math.min(8, Math.max(2, text.split("\n").length))}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      )}
      <QaIssueList id={warnId} issues={issues} value={value} live />
      {props.error && (
        <p className="error" role="alert">
          {props.error}
        </p>
      )}
      <div className="cell-actions">
        <button type="button" className="primary small" disabled={props.saving} onClick={() => props.onSave(value)}>
          {props.saving ? "Saving…" : "Save"} <kbd>Ctrl+Enter</kbd>
        </button>
        <button type="button" className="small" onClick={props.onCancel}>
          Cancel <kbd>Esc</kbd>
        </button>
      </div>
    </div>
  );
}
