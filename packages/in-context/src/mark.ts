// Marking: the string a t() returns, with invisible markers naming its key (markers.ts).
import { wrap } from "./markers";
import { idOf, type Mark } from "./registry";

/** `value` marked as the rendering of `mark`; anything but a string is returned as it is. */
export function markString<T>(value: T, mark: Mark): T {
  return (typeof value === "string" ? wrap(value, idOf(mark)) : value) as T;
}

export interface WrapTOptions {
  /** The language the strings are in now, as the project names it (e.g. "fr"). */
  language: () => string;
  /** The project namespace of the keys (default ""). */
  namespace?: string;
}

/** A plain `t(key, ...)` whose results are marked with their key. */
export function wrapT<A extends unknown[], R>(t: (key: string, ...args: A) => R, options: WrapTOptions): (key: string, ...args: A) => R {
  return (key, ...args) => markString(t(key, ...args), { key, namespace: options.namespace ?? "", language: options.language() });
}
