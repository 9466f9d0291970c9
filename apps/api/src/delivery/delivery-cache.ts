// Each api process's copy of what the public delivery serves (docs/delivery.md). A channel (a
// delivery id's releases and `latest`) is read from the database on first use and kept until a
// NOTIFY on DELIVERY_CHANNEL names its project (a release, rollback, delete or rotation committed
// in any process) or DELIVERY_CACHE_TTL_MS passes (a NOTIFY missed while reconnecting); files are immutable and kept (up to FILE_CACHE_BYTES).
// When the database cannot be reached, the last copy keeps answering: delivery outlives an outage
// of the database with the releases it held.
import { createHash } from "node:crypto";
import {
  DELIVERY_CHANNEL,
  type DeliveredBytes,
  type DeliveredChannel,
  readDeliveredBytes,
  readDeliveredChannel,
} from "@locale/core/releases";
import type { Database } from "@locale/db";
import type { Logger } from "pino";

/** Bytes of files (all encodings) one process keeps; the least recently used go first. */
const FILE_CACHE_BYTES = 256 * 1024 * 1024;

export interface CachedChannel extends DeliveredChannel {
  /** `manifest.json`'s bytes and strong ETag, built once per copy. */
  manifest: Buffer;
  manifestEtag: string;
  readAt: number;
  stale: boolean;
}

export interface CachedFile extends DeliveredBytes {
  etag: string;
}

export class DeliveryCache {
  private readonly channels = new Map<string, CachedChannel>();
  private readonly loading = new Map<string, Promise<CachedChannel | null>>();
  private readonly files = new Map<string, CachedFile>();
  private fileBytes = 0;
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
    const channel: CachedChannel = { ...read, manifest, manifestEtag: etagOf(manifest), readAt: Date.now(), stale: false };
    this.channels.set(deliveryId, channel);
    return channel;
  }

  /** A release file's bytes (immutable, so a copy is never stale). */
  async file(releaseId: string, language: string): Promise<CachedFile | null> {
    const id = `${releaseId}/${language}`;
    const held = this.files.get(id);
    if (held) {
      // Most recently used last.
      this.files.delete(id);
      this.files.set(id, held);
      return held;
    }
    const bytes = await readDeliveredBytes(this.db, releaseId, language);
    if (!bytes) return null;
    const file: CachedFile = { ...bytes, etag: `"${bytes.sha256}"` };
    const size = file.content.byteLength + file.brotli.byteLength + file.gzip.byteLength;
    this.files.set(id, file);
    this.fileBytes += size;
    for (const [key, old] of this.files) {
      if (this.fileBytes <= FILE_CACHE_BYTES || key === id) break;
      this.files.delete(key);
      this.fileBytes -= old.content.byteLength + old.brotli.byteLength + old.gzip.byteLength;
    }
    return file;
  }
}

function etagOf(bytes: Buffer): string {
  return `"${createHash("sha256").update(bytes).digest("hex")}"`;
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
