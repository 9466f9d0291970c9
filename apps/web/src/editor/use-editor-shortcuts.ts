// The editor's keyboard (the sheet behind `?` lists it): keys inside the grid move between cells,
// keys anywhere on the screen act on the active cell or open a panel. Typing in a field is left
// alone, except Alt+1…9, which also works from inside the open cell editor.
import type { KeyboardEvent as ReactKeyboardEvent } from "react";
import { useEffect } from "react";
import type { Cell } from "./use-grid-navigation";

/** Arrows and Page keys between cells, Enter to edit, Space to tick the row. */
export function gridKeyHandler(args: {
  active: Cell | null;
  editing: boolean;
  columns: string[];
  total: number;
  focusCell: (cell: Cell) => void;
  startEdit: (cell: Cell) => void;
  /** Absent when the member has no bulk action. */
  toggleRow?: (index: number) => void;
}) {
  const { active, editing, columns, total, focusCell, startEdit, toggleRow } = args;
  return (e: ReactKeyboardEvent) => {
    if (editing || !active) return;
    const col = columns.indexOf(active.language);
    let next: Cell | null = null;
    if (e.key === "ArrowDown") next = { index: Math.min(total - 1, active.index + 1), language: active.language };
    else if (e.key === "ArrowUp") next = { index: Math.max(0, active.index - 1), language: active.language };
    else if (e.key === "ArrowRight") next = { index: active.index, language: columns[Math.min(columns.length - 1, col + 1)]! };
    else if (e.key === "ArrowLeft") next = { index: active.index, language: columns[Math.max(0, col - 1)]! };
    else if (e.key === "PageDown") next = { index: Math.min(total - 1, active.index + 10), language: active.language };
    else if (e.key === "PageUp") next = { index: Math.max(0, active.index - 10), language: active.language };
    else if (e.key === "Enter" && !e.ctrlKey && !e.metaKey && !(e.target as HTMLElement).matches("input")) {
      e.preventDefault();
      startEdit(active);
      return;
    } else if (e.key === " " && (e.target as HTMLElement).dataset.cell && toggleRow) {
      e.preventDefault();
      toggleRow(active.index);
      return;
    }
    if (next) {
      e.preventDefault();
      focusCell(next);
    }
  };
}

export interface ScreenActions {
  active: Cell | null;
  editing: boolean;
  /** The active string's n-th translation-memory suggestion (1-based). */
  suggestion: (n: number) => string | undefined;
  startEdit: (cell: Cell, initial?: string) => void;
  approve: (cell: Cell) => void;
  showShortcuts: () => void;
  focusSearch: () => void;
  /** Absent when the member may not do it. */
  newKey?: () => void;
  aiBatch?: () => void;
  /** `g`: into the grid, at the active cell or the first. */
  enterGrid: () => void;
  nextUntranslated: () => void;
  nextIssue: () => void;
  togglePanel: () => void;
}

export function useScreenShortcuts(a: ScreenActions) {
  // Registered anew on each render, so the handler always sees this render's state.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement;
      if (t.closest("dialog")) return;
      const digit = /^Digit([1-9])$/.exec(e.code);
      if (e.altKey && !e.ctrlKey && !e.metaKey && digit && a.active) {
        const value = a.suggestion(Number(digit[1]));
        if (value !== undefined) {
          e.preventDefault();
          a.startEdit(a.active, value);
        }
        return;
      }
      if (t.matches("input, textarea, select, [contenteditable]")) return;
      if (e.key === "Enter" && (e.ctrlKey || e.metaKey) && e.shiftKey && a.active && !a.editing) {
        e.preventDefault();
        a.approve(a.active);
        return;
      }
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const act: Partial<Record<string, (() => void) | undefined>> = {
        "?": a.showShortcuts,
        "/": a.focusSearch,
        n: a.newKey,
        a: a.aiBatch,
        g: a.enterGrid,
        u: a.nextUntranslated,
        i: a.nextIssue,
        d: a.active ? a.togglePanel : undefined,
      };
      const run = Object.hasOwn(act, e.key) ? act[e.key] : undefined;
      if (run) {
        e.preventDefault();
        run();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });
}
