// What the public delivery route reads (docs/delivery.md), with no caller: the channel a delivery
// id names with the metadata of its releases, and one file's bytes. The api keeps both in memory
// (apps/api/src/delivery), so the database is asked again only after a change or a short TTL.
import type { Database } from "@locale/db";
import { releaseExtension } from "./release-record";

export interface DeliveredFile {
  language: string;
  sha256: string;
  bytes: number;
  entries: number;
}

export interface DeliveredRelease {
  id: string;
  version: number;
  format: string;
  /** The extension of the release's files (`json`, `xml`, …). */
  ext: string;
  created: string;
  files: DeliveredFile[];
}

export interface DeliveredChannel {
  projectId: string;
  deliveryId: string;
  latestVersion: number | null;
  /** Newest first. */
  releases: DeliveredRelease[];
}

export interface DeliveredBytes {
  content: Buffer;
  brotli: Buffer;
  gzip: Buffer;
  sha256: string;
}

/** The channel of `deliveryId`, or null when no project has it (never says which). */
export async function readDeliveredChannel(db: Database, deliveryId: string): Promise<DeliveredChannel | null> {
  const [channel] = await db.query<{ projectId: string; deliveryId: string; latestVersion: number | null }>(
    `SELECT "projectId", "deliveryId", "latestVersion" FROM "DeliveryChannel" WHERE "deliveryId" = $1`,
    [deliveryId],
  );
  if (!channel) return null;
  const rows = await db.query<{
    id: string;
    version: number;
    format: string;
    createdAt: Date;
    language: string | null;
    sha256: string | null;
    bytes: number | null;
    entries: number | null;
  }>(
    `SELECT r."id", r."version", r."format", r."createdAt", f."language", f."sha256", octet_length(f."content") AS "bytes", f."entries"
     FROM "Release" r LEFT JOIN "ReleaseFile" f ON f."releaseId" = r."id"
     WHERE r."projectId" = $1 ORDER BY r."version" DESC, f."language" COLLATE "C"`,
    [channel.projectId],
  );
  const releases: DeliveredRelease[] = [];
  for (const row of rows) {
    let release = releases.at(-1);
    if (release?.id !== row.id) {
      release = {
        id: row.id,
        version: row.version,
        format: row.format,
        ext: releaseExtension(row.format),
        created: new Date(row.createdAt).toISOString(),
        files: [],
      };
      releases.push(release);
    }
    if (row.language !== null) {
      release.files.push({ language: row.language, sha256: row.sha256!, bytes: Number(row.bytes), entries: row.entries! });
    }
  }
  return { ...channel, releases };
}

export async function readDeliveredBytes(db: Database, releaseId: string, language: string): Promise<DeliveredBytes | null> {
  const [row] = await db.query<{ content: Uint8Array; brotli: Uint8Array; gzip: Uint8Array; sha256: string }>(
    `SELECT "content", "brotli", "gzip", "sha256" FROM "ReleaseFile" WHERE "releaseId" = $1 AND "language" = $2`,
    [releaseId, language],
  );
  if (!row) return null;
  const buf = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  return { content: buf(row.content), brotli: buf(row.brotli), gzip: buf(row.gzip), sha256: row.sha256 };
}
