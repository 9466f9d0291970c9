// A small client of the public delivery (docs/delivery.md in the service's repository): reads a
// release's language files without an API key, keeps what it read (with its ETag, so a recheck
// costs a 304), and falls back to the strings bundled with the application when the service
// cannot be reached. Browser- and edge-safe (fetch only); `storage` may persist across restarts.

export type Messages = Record<string, unknown>;

export interface DeliveryStorage {
  get(key: string): string | null | undefined | Promise<string | null | undefined>;
  set(key: string, value: string): void | Promise<void>;
}

export interface DeliveryClientOptions {
  /** `<service>/delivery/<deliveryId>` (the `baseUrl` of `GET /api/projects/{id}/delivery`). */
  baseUrl: string;
  /** `latest` (default) or a release number, pinned. */
  version?: "latest" | number;
  /** The release format's extension (default `json`). */
  ext?: string;
  /** Strings shipped with the application, per language: the answer when nothing else is. */
  bundled?: Record<string, Messages>;
  /** Keeps files across restarts (localStorage, a file, a KV store); default: memory only. */
  storage?: DeliveryStorage;
  fetch?: typeof fetch;
}

export interface LoadedMessages {
  messages: Messages;
  /** Where they came from: the service, the service's 304 for the kept copy, the kept copy while offline, or the bundle. */
  source: "network" | "not-modified" | "cache" | "bundled";
}

interface Kept {
  etag: string;
  body: string;
}

export interface DeliveryClient {
  /** A language's strings: fetched (or revalidated), else the kept copy, else the bundled strings. */
  load(language: string): Promise<LoadedMessages>;
  /** The release manifest: `{latest, versions: [{version, format, created, files}]}`. */
  manifest(): Promise<{ latest: number | null; versions: { version: number; files: Record<string, { path: string; sha256: string }> }[] }>;
}

export function createDeliveryClient(options: DeliveryClientOptions): DeliveryClient {
  const base = options.baseUrl.replace(/\/+$/, "");
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const memory = new Map<string, Kept>();
  const storageKey = (language: string) => `locale-delivery:${base}:${options.version ?? "latest"}:${language}`;

  async function kept(language: string): Promise<Kept | undefined> {
    const held = memory.get(language);
    if (held) return held;
    try {
      // Storage is a cache: one that cannot be read (a browser's private mode) holds nothing.
      const stored = await options.storage?.get(storageKey(language));
      if (!stored) return undefined;
      const parsed = JSON.parse(stored) as Kept;
      memory.set(language, parsed);
      return parsed;
    } catch {
      return undefined;
    }
  }

  function bundled(language: string): LoadedMessages {
    const messages = options.bundled?.[language];
    if (!messages) throw new Error(`No strings for ${language}: the delivery cannot be reached and nothing is bundled`);
    return { messages, source: "bundled" };
  }

  return {
    async load(language) {
      const previous = await kept(language);
      let res: Response;
      try {
        res = await doFetch(`${base}/${options.version ?? "latest"}/${encodeURIComponent(language)}.${options.ext ?? "json"}`, {
          headers: previous?.etag ? { "if-none-match": previous.etag } : {},
        });
      } catch {
        return previous ? { messages: JSON.parse(previous.body) as Messages, source: "cache" } : bundled(language);
      }
      if (res.status === 304 && previous) return { messages: JSON.parse(previous.body) as Messages, source: "not-modified" };
      if (!res.ok) {
        await res.body?.cancel();
        return previous ? { messages: JSON.parse(previous.body) as Messages, source: "cache" } : bundled(language);
      }
      let body: string;
      let messages: Messages;
      try {
        body = await res.text();
        messages = JSON.parse(body) as Messages;
      } catch {
        // The connection dropped (or a proxy answered something else) mid-body: as if offline.
        return previous ? { messages: JSON.parse(previous.body) as Messages, source: "cache" } : bundled(language);
      }
      const next = { etag: res.headers.get("etag") ?? "", body };
      memory.set(language, next);
      try {
        await options.storage?.set(storageKey(language), JSON.stringify(next));
      } catch {
        // A full or refused storage keeps the fresh strings in memory only.
      }
      return { messages, source: "network" };
    },
    async manifest() {
      const res = await doFetch(`${base}/manifest.json`);
      if (!res.ok) throw new Error(`manifest: ${res.status}`);
      return res.json();
    },
  };
}
