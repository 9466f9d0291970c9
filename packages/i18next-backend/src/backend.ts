// The i18next backend: i18next asks for (language, namespace); one request per language fetches
// the release's file through the SDK's delivery client (which keeps it, with its ETag, in memory
// and in the optional storage, and revalidates it with If-None-Match), and each namespace is cut
// from it. Strings bundled with the application lie underneath: a key the release lacks, or every
// key when the service cannot be reached and nothing is kept, comes from the bundle.
import { createDeliveryClient, type DeliveryClient, type DeliveryStorage, type LoadedMessages } from "@locale/sdk";
import type { BackendModule, InitOptions, ReadCallback, Services } from "i18next";
import { type Flat, flatten, nest, selectNamespace } from "./messages";
import { toDeliveryStorage, type WebStorageLike } from "./storage";

export interface LocaleBackendOptions {
  /**
   * The service's address (`https://l10n.example.com`) with `deliveryId`, or without it the
   * project's whole delivery address (`baseUrl` of `GET /api/projects/{id}/delivery`).
   */
  baseUrl: string;
  /** The project's delivery id (Releases screen, or `GET /api/projects/{id}/delivery`). */
  deliveryId?: string;
  /** `latest` (default: follows the release channel) or a release number, pinned. */
  version?: "latest" | number;
  /** Strings shipped with the application, as i18next resources: `{ en: { translation: {...} } }`. */
  bundled?: Record<string, Record<string, object>>;
  /** Keeps the files across reloads: `localStorage`, `sessionStorage` or a `{get, set}` store. Default: memory. */
  storage?: WebStorageLike | DeliveryStorage;
  /** A request that has not answered after this long counts as offline (default 5000 ms). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** Where a language's strings came from the last time they were read. */
export type LoadSource = LoadedMessages["source"];

const DEFAULT_TIMEOUT_MS = 5000;

export class LocaleBackend implements BackendModule<LocaleBackendOptions> {
  static readonly type = "backend";
  /** `read(language, namespace, callback)`: tells i18next ≥ 26.7 which form `read` has. */
  static readonly callbackApi = true;
  readonly type = "backend";
  readonly callbackApi = true;
  /** Per language: `network`, `not-modified` (a 304), `cache` (the kept copy, offline) or `bundled`. */
  readonly sources = new Map<string, LoadSource>();
  private client: DeliveryClient | undefined;
  private bundled: LocaleBackendOptions["bundled"];
  private keySeparator: string | false = ".";
  private defaultNamespace = "translation";
  /** One request per language at a time; namespaces asked for together share it. */
  private readonly inFlight = new Map<string, Promise<LoadedMessages | undefined>>();

  constructor(services?: Services, options?: LocaleBackendOptions, i18nextOptions?: InitOptions) {
    if (options) this.init(services, options, i18nextOptions);
  }

  init(_services: Services | undefined, options: LocaleBackendOptions, i18nextOptions: InitOptions = {}): void {
    if (!options?.baseUrl) throw new Error("@locale/i18next-backend: the backend option baseUrl is required");
    const service = options.baseUrl.replace(/\/+$/, "");
    const baseUrl = options.deliveryId ? `${service}/delivery/${encodeURIComponent(options.deliveryId)}` : service;
    const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.client = createDeliveryClient({
      baseUrl,
      version: options.version ?? "latest",
      ext: "json",
      ...(options.storage ? { storage: toDeliveryStorage(options.storage) } : {}),
      // A request that hangs (a captive portal, a dead proxy) must not hold the page's text back.
      fetch: (input, init) => doFetch(input, { ...init, signal: AbortSignal.timeout(timeoutMs) }),
    });
    this.bundled = options.bundled;
    this.keySeparator = i18nextOptions.keySeparator ?? ".";
    const ns = i18nextOptions.defaultNS;
    this.defaultNamespace = typeof ns === "string" ? ns : Array.isArray(ns) && typeof ns[0] === "string" ? ns[0] : "translation";
  }

  read(language: string, namespace: string, callback: ReadCallback): void {
    this.load(language).then(
      (loaded) => {
        const bundled = this.bundled?.[language]?.[namespace];
        if (!loaded && !bundled) {
          // `false`: no retry; i18next goes on to the fallback language.
          callback(
            new Error(`@locale/i18next-backend: no strings for ${language}/${namespace} (service unreachable, nothing kept or bundled)`),
            false,
          );
          return;
        }
        const strings: Flat = flatten(bundled, this.keySeparator === false ? false : ".");
        if (loaded)
          for (const [key, value] of selectNamespace(flatten(loaded.messages, "."), namespace, this.defaultNamespace))
            strings.set(key, value);
        callback(null, nest(strings, this.keySeparator));
      },
      (error: unknown) => callback(error as Error, false),
    );
  }

  private load(language: string): Promise<LoadedMessages | undefined> {
    let pending = this.inFlight.get(language);
    if (pending) return pending;
    if (!this.client) return Promise.reject(new Error("@locale/i18next-backend: read before init"));
    pending = this.client
      .load(language)
      .then(
        (loaded) => {
          this.sources.set(language, loaded.source);
          return loaded;
        },
        () => {
          // Unreachable, nothing kept: the bundled strings answer (read() decides per namespace).
          this.sources.set(language, "bundled");
          return undefined;
        },
      )
      .finally(() => this.inFlight.delete(language));
    this.inFlight.set(language, pending);
    return pending;
  }
}
