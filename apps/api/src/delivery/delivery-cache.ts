// Each api process's copy of what the public delivery serves (docs/delivery.md). A channel (a
// delivery id's releases and `latest`) is read from the database on first use and kept until a
// NOTIFY on DELIVERY_CHANNEL names its project (a release, rollback, delete or rotation committed
// in any process) or DELIVERY_CACHE_TTL_MS passes (a NOTIFY missed while reconnecting); files are immutable and kept (up to FILE_CACHE_BYTES).
// When the database cannot be reached, the last copy keeps answering: delivery outlives an outage
// of the database with the releases it held.
// What a request needs is resolved here once, not per request: a channel maps each path it serves
// (`3/de.json`, `latest/de.json`, `manifest.json`) to its route, and a file holds its answers
// ready to write (delivery-representation.ts); `freshChannel` and `heldFile` answer without a
// promise when the copy is there, which is nearly every request.
import { createHash } from "node:crypto";
import {
  DELIVERY_CHANNEL,
  type DeliveredBytes,
  type DeliveredChannel,
  readDeliveredBytes,
  readDeliveredChannel,
} from "@locale/core/releases";
import type { Database } from "@locale/db";
import { formatsById, isFormatId } from "@locale/formats";
import type { Logger } from "pino";
import { IMMUTABLE, type Representation, type Representations, representation, representations, SHORT } from "./delivery-representation";

/** Bytes of files (all encodings) one process keeps; the least recently used go first. */
const FILE_CACHE_BYTES = 256 * 1024 * 1024;

/** A release file a channel serves at one path. */
export interface FileRoute {
  releaseId: string;
  language: string;
  /** The file's key in the file cache. */
  fileKey: string;
  contentType: string;
  /** Numbered paths never change; `latest/…` does. */
  immutable: boolean;
}

export interface CachedChannel extends DeliveredChannel {
  /** Every path under the delivery id this channel serves: `manifest.json` and each file's numbered and `latest` path. */
  routes: Map<string, FileRoute | "manifest">;
  /** `manifest.json`, built once per copy (its ETag is the SHA-256 of its bytes). */
  manifest: Representation;
  manifestSha: string;
  readAt: number;
  stale: boolean;
}

export interface CachedFile {
  sha256: string;
  /** The answers of a numbered path and of `latest`, identity, brotli and gzip. */
  immutable: Representations;
  short: Representations;
  /** Bytes held (all three encodings). */
  size: number;
  /** Recency for the least-recently-used eviction: a counter, so a hit moves nothing. */
  usedAt: number;
}

export class DeliveryCache {
  private readonly channels = new Map<string, CachedChannel>();
  private readonly loading = new Map<string, Promise<CachedChannel | null>>();
  private readonly files = new Map<string, CachedFile>();
  private fileBytes = 0;
  private uses = 0;
  private subscribed: Promise<void> | null = null;

  constructor(
    private readonly db: Database,
    private readonly logger: Logger,
    private readonly ttlMs: number,
  ) {}

  /** Listens for changes once (NOTIFY from every process; a reconnect drops every copy). */
  private subscribe(): void {
    this.subscribed ??= this.db
      .listen(
        DELIVERY_CHANNEL,
        (projectId) => this.invalidate(projectId),
        () => this.invalidate(null),
      )
      .then(
        () => {},
        (err) => {
          // Not listening: copies fall back to the TTL; the next request tries again.
          this.subscribed = null;
          this.logger.warn({ err }, "delivery: could not listen for release changes");
        },
      );
  }

  /** Marks the copies of `projectId` (every copy for null) as to be read again. */
  invalidate(projectId: string | null): void {
    for (const channel of this.channels.values()) if (projectId === null || channel.projectId === projectId) channel.stale = true;
  }

  /** The channel of `deliveryId` when a copy is held and fresh (no database read needed), else undefined. */
  freshChannel(deliveryId: string): CachedChannel | undefined {
    this.subscribe();
    const held = this.channels.get(deliveryId);
    return held && !held.stale && Date.now() - held.readAt < this.ttlMs ? held : undefined;
  }

  /** The file of `route` when it is held, else undefined. */
  heldFile(route: FileRoute): CachedFile | undefined {
    const held = this.files.get(route.fileKey);
    if (held) held.usedAt = ++this.uses;
    return held;
  }

  /** The channel of `deliveryId`, or null when there is none. Throws only when the database fails and no copy exists. */
  async channel(deliveryId: string): Promise<CachedChannel | null> {
    this.subscribe();
    const held = this.channels.get(deliveryId);
    if (held && !held.stale && Date.now() - held.readAt < this.ttlMs) return held;
    let pending = this.loading.get(deliveryId);
    if (!pending) {
      pending = this.load(deliveryId, held).finally(() => this.loading.delete(deliveryId));
      this.loading.set(deliveryId, pending);
    }
    return pending;
  }

  private async load(deliveryId: string, held: CachedChannel | undefined): Promise<CachedChannel | null> {
    let read: DeliveredChannel | null;
    try {
      read = await readDeliveredChannel(this.db, deliveryId);
    } catch (err) {
      if (held) return held;
      throw err;
    }
    if (!read) {
      this.channels.delete(deliveryId);
      return null;
    }
    // A rotation leaves the project's previous id behind: drop its copy.
    for (const [id, other] of this.channels) if (other.projectId === read.projectId && id !== deliveryId) this.channels.delete(id);
    const manifest = Buffer.from(JSON.stringify(manifestOf(read)));
    const manifestSha = sha256Of(manifest);
    const channel: CachedChannel = {
      ...read,
      routes: routesOf(read),
      manifest: representation(manifestSha, manifest, "application/json; charset=utf-8", SHORT, null),
      manifestSha,
      readAt: Date.now(),
      stale: false,
    };
    this.channels.set(deliveryId, channel);
    return channel;
  }

  /** A release file (immutable, so a copy is never stale). */
  async file(route: FileRoute): Promise<CachedFile | null> {
    const held = this.heldFile(route);
    if (held) return held;
    const bytes = await readDeliveredBytes(this.db, route.releaseId, route.language);
    if (!bytes) return null;
    const file = cachedFileOf(bytes, route.contentType, ++this.uses);
    // Read twice at once (two first requests): keep one.
    const old = this.files.get(route.fileKey);
    if (old) this.fileBytes -= old.size;
    this.files.set(route.fileKey, file);
    this.fileBytes += file.size;
    if (this.fileBytes > FILE_CACHE_BYTES) this.evict(route.fileKey);
    return file;
  }

  /** Drops the least recently used files (never `keep`) until the held bytes fit. */
  private evict(keep: string): void {
    const byUse = [...this.files].sort((a, b) => a[1].usedAt - b[1].usedAt);
    for (const [key, file] of byUse) {
      if (this.fileBytes <= FILE_CACHE_BYTES) break;
      if (key === keep) continue;
      this.files.delete(key);
      this.fileBytes -= file.size;
    }
  }
}

function cachedFileOf(bytes: DeliveredBytes, contentType: string, usedAt: number): CachedFile {
  const o = { sha: bytes.sha256, identity: bytes.content, br: bytes.brotli, gzip: bytes.gzip };
  return {
    sha256: bytes.sha256,
    immutable: representations(o, contentType, IMMUTABLE),
    short: representations(o, contentType, SHORT),
    size: bytes.content.byteLength + bytes.brotli.byteLength + bytes.gzip.byteLength,
    usedAt,
  };
}

function contentTypeOf(format: string): string {
  const mime = isFormatId(format) ? formatsById[format].mimeType : "application/octet-stream";
  return mime.startsWith("text/") || mime.endsWith("json") || mime.endsWith("xml") || mime.endsWith("yaml")
    ? `${mime}; charset=utf-8`
    : mime;
}

/** The paths under a delivery id: `<version>/<language>.<ext>`, `latest/…` for the latest release, `manifest.json`. */
function routesOf(channel: DeliveredChannel): Map<string, FileRoute | "manifest"> {
  const routes = new Map<string, FileRoute | "manifest">([["manifest.json", "manifest"]]);
  for (const r of channel.releases) {
    const contentType = contentTypeOf(r.format);
    for (const f of r.files) {
      const route = { releaseId: r.id, language: f.language, fileKey: `${r.id}/${f.language}`, contentType };
      routes.set(`${r.version}/${f.language}.${r.ext}`, { ...route, immutable: true });
      if (r.version === channel.latestVersion) routes.set(`latest/${f.language}.${r.ext}`, { ...route, immutable: false });
    }
  }
  return routes;
}

function sha256Of(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** `manifest.json`: what an application needs to pick and verify files (no project name or id). */
function manifestOf(channel: DeliveredChannel) {
  return {
    latest: channel.latestVersion,
    versions: channel.releases.map((r) => ({
      version: r.version,
      format: r.format,
      created: r.created,
      files: Object.fromEntries(
        r.files.map((f) => [
          f.language,
          { path: `${r.version}/${f.language}.${r.ext}`, sha256: f.sha256, bytes: f.bytes, entries: f.entries },
        ]),
      ),
    })),
  };
}
