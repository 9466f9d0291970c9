// Opening the editor on one key, as a notification's link does (`?key=<id>&language=<code>#comments`):
// the key is looked up by id, the grid is searched for its name (the key list has no filter by
// id), and once its row is loaded the row is selected with the side panel open on its comments.
import { useQuery } from "@tanstack/react-query";
import { queries } from "../api/queries";

export interface KeyTarget {
  keyId: string;
  language: string | null;
}

/** The key the address asks to open, if any. */
export function keyTargetOf(search: string): KeyTarget | null {
  const q = new URLSearchParams(search);
  const keyId = q.get("key");
  return keyId ? { keyId, language: q.get("language") } : null;
}

/** The target key's record (name and namespace), or null while there is none or it is unknown. */
export function useTargetKey(projectId: string, target: KeyTarget | null) {
  return useQuery({
    ...queries.keys.get.queryOptions({ projectId, keyId: target?.keyId ?? "" }),
    enabled: !!target,
    retry: false,
  });
}

/** The language to select: the one asked for when it is a shown column, else the first column. */
export function targetLanguage(target: KeyTarget, columns: string[]): string | undefined {
  return target.language && columns.includes(target.language) ? target.language : columns[0];
}
