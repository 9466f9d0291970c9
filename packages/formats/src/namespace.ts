/**
 * How namespaces travel through formats: every format writes the *full key*
 * (`namespace.key`); parsing never splits it unless asked to.
 */
import type { ParseOptions, TranslationEntry } from "./types.js";

export function fullKey(entry: Pick<TranslationEntry, "key" | "namespace">): string {
  return entry.namespace ? `${entry.namespace}.${entry.key}` : entry.key;
}

/** Apply the caller's namespace options to freshly parsed entries (in place). */
export function applyNamespaceOptions(entries: TranslationEntry[], options: ParseOptions): void {
  if (options.namespaceFromFirstSegment) {
    for (const entry of entries) {
      const dot = entry.key.indexOf(".");
      if (dot > 0 && dot < entry.key.length - 1) {
        entry.namespace = entry.key.slice(0, dot);
        entry.key = entry.key.slice(dot + 1);
      } else if (options.namespace !== undefined) {
        entry.namespace = options.namespace;
      }
    }
  } else if (options.namespace !== undefined && options.namespace !== "") {
    for (const entry of entries) entry.namespace = options.namespace;
  }
}

/** Entries grouped by namespace in first-seen order (one XLIFF `<file>` each); never empty. */
export function groupByNamespace(entries: TranslationEntry[]): Map<string, TranslationEntry[]> {
  const groups = new Map<string, TranslationEntry[]>();
  for (const e of entries) {
    const ns = e.namespace || "";
    let group = groups.get(ns);
    if (!group) groups.set(ns, (group = []));
    group.push(e);
  }
  if (groups.size === 0) groups.set("", []);
  return groups;
}
