// Which cell is active and moving between cells: focus follows the active cell, also when the move
// scrolls it into view first (the virtualizer renders it a frame later), and the "next to do" jumps.
import type { Virtualizer } from "@tanstack/react-virtual";
import { useCallback, useEffect, useRef, useState } from "react";
import { type EditorRow, nextIssueIndex, nextUntranslatedIndex } from "./editor-data";

export interface Cell {
  index: number;
  language: string;
}

const cellElement = (cell: Cell) => document.querySelector<HTMLElement>(`[data-cell="${cell.index}:${cell.language}"]`);

export function useGridNavigation(args: {
  virtualizer: Virtualizer<HTMLDivElement, Element>;
  rowAt: (index: number) => EditorRow | undefined;
  total: number;
  /** The language a jump lands in when no cell is active. */
  defaultLanguage: string;
  /** While a cell is being edited, focus stays in its editor. */
  editing: boolean;
  onRefusal: (message: string) => void;
}) {
  const { virtualizer, rowAt, total, defaultLanguage, editing, onRefusal } = args;
  const [active, setActive] = useState<Cell | null>(null);
  const pendingFocus = useRef<Cell | null>(null);

  const focusCell = useCallback(
    (cell: Cell) => {
      setActive(cell);
      pendingFocus.current = cell;
      virtualizer.scrollToIndex(cell.index, { align: "auto" });
      requestAnimationFrame(() => {
        const el = cellElement(cell);
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
    const el = cellElement(want);
    if (el) {
      el.focus();
      pendingFocus.current = null;
    }
  });

  const goToNextUntranslated = () => {
    const language = active?.language ?? defaultLanguage;
    const next = nextUntranslatedIndex(rowAt, active?.index ?? -1, total, language);
    if (next < 0) onRefusal("No string to do further down (among the rows loaded so far).");
    else focusCell({ index: next, language });
  };
  const goToNextIssue = () => {
    const language = active?.language ?? defaultLanguage;
    const next = nextIssueIndex(rowAt, active?.index ?? -1, total, language);
    if (next < 0) onRefusal("No string with an open issue further down (among the rows loaded so far).");
    else focusCell({ index: next, language });
  };

  return { active, setActive, focusCell, goToNextUntranslated, goToNextIssue };
}
