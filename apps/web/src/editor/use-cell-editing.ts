// Editing a cell and saving it: which cell's editor is open, the save (Ctrl+Enter saves and opens
// the next row's editor), approving, and the refusals an edit the member may not make gets.

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Virtualizer } from "@tanstack/react-virtual";
import { useRef, useState } from "react";
import { queries } from "../api/queries";
import { errorMessage, trpc } from "../api/trpc";
import { type EditorRow, patchCachedTranslation } from "./editor-data";
import type { EditorPermissions } from "./editor-permissions";
import { useStatusChange } from "./status-change";
import type { Cell } from "./use-grid-navigation";

export interface OpenEditor {
  cell: Cell;
  /** A value to start from instead of the stored one (a suggestion used). */
  initial?: string;
  /**
   * Tells apart two edits of the same cell: a suggestion used while the cell is open replaces the
   * editor (a new React key) rather than being ignored by the one already mounted.
   */
  seq: number;
}

/** The open editor, if any; kept apart from saving so that navigation can know about it first. */
export function useOpenEditor() {
  const [editing, setEditing] = useState<OpenEditor | null>(null);
  const seq = useRef(0);
  const open = (cell: Cell, initial?: string) => setEditing({ cell, seq: ++seq.current, ...(initial !== undefined ? { initial } : {}) });
  return { editing, open, close: () => setEditing(null) };
}

export function useCellEditing(args: {
  projectId: string;
  archived: boolean;
  allowed: EditorPermissions;
  rowAt: (index: number) => EditorRow | undefined;
  total: number;
  editor: ReturnType<typeof useOpenEditor>;
  setActive: (cell: Cell) => void;
  focusCell: (cell: Cell) => void;
  virtualizer: Virtualizer<HTMLDivElement, Element>;
  /** Says why an action was refused (null clears it): an edit the role or the project's state does not allow. */
  setRefusal: (message: string | null) => void;
}) {
  const { projectId, archived, allowed, rowAt, total, editor, setActive, focusCell, virtualizer, setRefusal } = args;
  const qc = useQueryClient();
  const [saveError, setSaveError] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: (v: { row: EditorRow; language: string; value: string }) =>
      trpc.translations.upsert.mutate({ projectId, keyId: v.row.id, language: v.language, value: v.value }),
    onSuccess: (t) => {
      patchCachedTranslation(qc, projectId, t);
      void qc.invalidateQueries(queries.analytics.progress.pathFilter({ projectId }));
      void qc.invalidateQueries(queries.translations.history.pathFilter({ projectId, keyId: t.keyId, language: t.language }));
    },
  });
  const statusChange = useStatusChange(projectId);

  const startEdit = (cell: Cell, initial?: string) => {
    if (!allowed.editTranslations) {
      setRefusal(allowed.editRefusal);
      return;
    }
    setRefusal(null);
    setSaveError(null);
    setActive(cell);
    editor.open(cell, initial);
  };

  const approve = async (cell: Cell) => {
    const row = rowAt(cell.index);
    if (!row) return;
    if (!allowed.review) {
      setRefusal(archived ? "This project is archived and read-only." : "Your role cannot approve translations.");
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

  const saveAndNext = async (cell: Cell, value: string, options?: { approve?: boolean }) => {
    const row = rowAt(cell.index);
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
        editor.open(next);
        setActive(next);
        virtualizer.scrollToIndex(next.index, { align: "auto" });
      } else {
        editor.close();
        focusCell(cell);
      }
    } catch (e) {
      setSaveError(errorMessage(e));
    }
  };

  const cancel = (cell: Cell) => {
    editor.close();
    focusCell(cell);
  };

  return { saving: save.isPending, saveError, startEdit, approve, saveAndNext, cancel };
}
