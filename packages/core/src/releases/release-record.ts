// The API shape of releases and of a project's release channel (docs/delivery.md).
import { formatsById, isFormatId } from "@locale/formats";
import { iso } from "../shared/dates";

export interface ReleaseFileRecord {
  language: string;
  /** `de.json`: the name under `/delivery/<deliveryId>/<version>/`. */
  fileName: string;
  bytes: number;
  /** Hex SHA-256 of the file: its strong ETag and the manifest's hash. */
  sha256: string;
  /** Keys written to the file. */
  entries: number;
}

export interface ReleaseRecord {
  _id: string;
  projectId: string;
  version: number;
  format: string;
  placeholders: string | null;
  statuses: string[];
  languages: string[];
  note: string;
  createdBy: string | null;
  createdByName: string | null;
  created: string;
  /** Whether the release channel's `latest` points at this release. */
  latest: boolean;
  files: ReleaseFileRecord[];
}

export interface DeliveryRecord {
  /** The public delivery id (null until the first release or rotation). */
  deliveryId: string | null;
  /** The version `latest` serves (null: none). */
  latestVersion: number | null;
  /** `<PUBLIC_URL>/delivery/<deliveryId>` (null without a delivery id). */
  baseUrl: string | null;
}

export interface ReleaseRow {
  id: string;
  projectId: string;
  version: number;
  format: string;
  placeholders: string | null;
  statuses: string[];
  languages: string[];
  note: string;
  createdById: string | null;
  createdByName: string | null;
  createdAt: Date;
}

export interface ReleaseFileRow {
  releaseId: string;
  language: string;
  entries: number;
  sha256: string;
  bytes: number;
}

/** The extension a release's files carry in their delivery paths (`json`, `xml`, `po`, …). */
export function releaseExtension(format: string): string {
  return isFormatId(format) ? (formatsById[format].extensions[0] ?? ".txt").replace(/^\./, "") : "txt";
}

export function toReleaseRecord(row: ReleaseRow, files: ReleaseFileRow[], latestVersion: number | null): ReleaseRecord {
  const ext = releaseExtension(row.format);
  return {
    _id: row.id,
    projectId: row.projectId,
    version: row.version,
    format: row.format,
    placeholders: row.placeholders,
    statuses: row.statuses,
    languages: row.languages,
    note: row.note,
    createdBy: row.createdById,
    createdByName: row.createdByName,
    created: iso(row.createdAt),
    latest: latestVersion === row.version,
    files: files
      .filter((f) => f.releaseId === row.id)
      .map((f) => ({
        language: f.language,
        fileName: `${f.language}.${ext}`,
        bytes: Number(f.bytes),
        sha256: f.sha256,
        entries: f.entries,
      }))
      .sort((a, b) => (a.language < b.language ? -1 : a.language > b.language ? 1 : 0)),
  };
}

export function toDeliveryRecord(
  channel: { deliveryId: string; latestVersion: number | null } | null | undefined,
  publicUrl: string,
): DeliveryRecord {
  if (!channel) return { deliveryId: null, latestVersion: null, baseUrl: null };
  return {
    deliveryId: channel.deliveryId,
    latestVersion: channel.latestVersion,
    baseUrl: `${publicUrl.replace(/\/+$/, "")}/delivery/${channel.deliveryId}`,
  };
}
