// From a release file to i18next's resources. A release holds one file per language with every
// key as `namespace.key` (nested objects in json-nested, dotted keys in json-flat); i18next asks
// for one namespace at a time and reads nested objects split at its keySeparator. Both files are
// made flat first, so the two formats give the same resources.

export type Flat = Map<string, string>;

/** Every string of a nested or flat object, under its path joined by `separator`. */
export function flatten(messages: unknown, separator: string | false, into: Flat = new Map(), prefix = ""): Flat {
  if (!messages || typeof messages !== "object" || Array.isArray(messages)) return into;
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix === "" ? key : `${prefix}${separator || "."}${key}`;
    if (typeof value === "string") into.set(path, value);
    else if (separator !== false) flatten(value, separator, into, path);
  }
  return into;
}

/**
 * A namespace's part of a release file: the keys under `namespace.` (the project's namespaces are
 * always joined with a dot), else, for i18next's default namespace, the whole file.
 */
export function selectNamespace(file: Flat, namespace: string, defaultNamespace: string): Flat {
  const prefix = `${namespace}.`;
  const part: Flat = new Map();
  for (const [key, value] of file) if (key.startsWith(prefix)) part.set(key.slice(prefix.length), value);
  if (part.size > 0) return part;
  return namespace === defaultNamespace ? file : part;
}

/**
 * Nested objects split at `separator`, as i18next reads them. A key that a string already
 * occupies a prefix of (`a` and `a.b`) stays dotted in its parent: i18next still finds it.
 */
export function nest(flat: Flat, separator: string | false): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of flat) {
    if (separator === false) {
      root[key] = value;
      continue;
    }
    const parts = key.split(separator);
    let node = root;
    let i = 0;
    for (; i < parts.length - 1; i++) {
      const next = node[parts[i]!];
      if (next === undefined) node = node[parts[i]!] = {} as Record<string, unknown>;
      else if (typeof next === "object") node = next as Record<string, unknown>;
      else break;
    }
    const rest = parts.slice(i).join(separator);
    if (node[rest] === undefined) node[rest] = value;
  }
  return root;
}
