// The i18next side: a post-processor that marks every string `t` returns. Type-only imports, so
// i18next stays an optional peer dependency.
import type { i18n as I18n, PostProcessorModule, TOptions } from "i18next";
import { markString } from "./mark";

export const POST_PROCESSOR = "localeInContext";

export interface I18nextMarkingOptions {
  /** The project namespace of an i18next namespace (default: the default namespace is "", others keep their name). */
  namespace?: (ns: string, defaultNs: string) => string;
}

/** What the processor reads of i18next's translator (its fourth argument). */
interface Translator {
  language?: string;
  options?: { defaultNS?: string | readonly string[] | false; nsSeparator?: string | false };
}

function first(value: unknown): string | undefined {
  return Array.isArray(value) ? (value[0] as string | undefined) : (value as string | undefined);
}

/**
 * Register with `i18next.use(inContextPostProcessor())` and turn it on with
 * `postProcess: ["localeInContext"]` and `postProcessPassResolved: true` in `init` (the latter
 * tells the processor which key and namespace a string was found under).
 */
export function inContextPostProcessor(options: I18nextMarkingOptions = {}): PostProcessorModule {
  const toProject = options.namespace ?? ((ns, defaultNs) => (ns === defaultNs ? "" : ns));
  return {
    type: "postProcessor",
    name: POST_PROCESSOR,
    process(
      value: string,
      keys: string | string[],
      opts: TOptions & { i18nResolved?: { usedKey?: string; usedNS?: string } },
      translator: Translator | undefined,
    ) {
      const defaultNs = first(translator?.options?.defaultNS) ?? "translation";
      const nsSeparator: string | false = translator?.options?.nsSeparator ?? ":";
      let key = opts.i18nResolved?.usedKey ?? first(keys) ?? "";
      let ns = opts.i18nResolved?.usedNS ?? first(opts.ns) ?? defaultNs;
      if (!opts.i18nResolved && nsSeparator && key.includes(nsSeparator)) {
        const at = key.indexOf(nsSeparator);
        ns = key.slice(0, at);
        key = key.slice(at + nsSeparator.length);
      }
      // The language asked for, not the fallback the value came from: that is what a translator edits.
      const language = (opts.lng as string | undefined) ?? translator?.language ?? "";
      return markString(value, { key, namespace: toProject(ns, defaultNs), language });
    },
  };
}

/** After a save, the new value in i18next's store: its `added` event lets the application re-render. */
export function i18nextSaver(i18n: I18n, options: I18nextMarkingOptions = {}) {
  return ({ key, namespace, language, value }: { key: string; namespace: string; language: string; value: string }) => {
    const defaultNs = first(i18n.options.defaultNS) ?? "translation";
    const toProject = options.namespace ?? ((ns, d) => (ns === d ? "" : ns));
    const namespaces = [defaultNs, ...(Array.isArray(i18n.options.ns) ? i18n.options.ns : i18n.options.ns ? [i18n.options.ns] : [])];
    const ns = namespaces.find((n) => toProject(n, defaultNs) === namespace) ?? namespace;
    i18n.addResource(language, ns, key, value);
  };
}
