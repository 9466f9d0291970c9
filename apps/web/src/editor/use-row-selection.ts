// The rows ticked for a bulk action (a map by key id, holding the row as it was when ticked).
import { useCallback, useState } from "react";
import type { EditorRow } from "./editor-data";

export function useRowSelection() {
  const [selected, setSelected] = useState<Map<string, EditorRow>>(new Map());
  const toggle = useCallback(
    (row: EditorRow) =>
      setSelected((s) => {
        const n = new Map(s);
        if (n.has(row.id)) n.delete(row.id);
        else n.set(row.id, row);
        return n;
      }),
    [],
  );
  const clear = useCallback(() => setSelected(new Map()), []);
  return { selected, toggle, clear };
}
