import type { Screenshot, ScreenshotRegion } from "@locale/db";
import { iso } from "../shared/dates";

export interface ScreenshotRegionRecord {
  _id: string;
  keyId: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ScreenshotRecord {
  _id: string;
  projectId: string;
  name: string;
  contentType: ScreenshotContentType;
  width: number;
  height: number;
  byteSize: number;
  thumbnail: { width: number; height: number; contentType: typeof THUMBNAIL_CONTENT_TYPE };
  regions: ScreenshotRegionRecord[];
  createdBy: string | null;
  created: string;
  updatedAt: string;
}

/** Thumbnails are always WebP, whatever the original's format. */
export const THUMBNAIL_CONTENT_TYPE = "image/webp" as const;

export type ScreenshotContentType = "image/png" | "image/jpeg" | "image/webp";

export const toScreenshotRecord = (s: Screenshot & { regions: ScreenshotRegion[] }): ScreenshotRecord => ({
  _id: s.id,
  projectId: s.projectId,
  name: s.name,
  contentType: s.contentType as ScreenshotContentType,
  width: s.width,
  height: s.height,
  byteSize: s.byteSize,
  thumbnail: { width: s.thumbWidth, height: s.thumbHeight, contentType: THUMBNAIL_CONTENT_TYPE },
  regions: s.regions.map((r) => ({ _id: r.id, keyId: r.keyId, x: r.x, y: r.y, width: r.width, height: r.height })),
  createdBy: s.createdById,
  created: iso(s.createdAt),
  updatedAt: iso(s.updatedAt),
});

/** Regions in a stable order: top to bottom, then left to right. */
export const REGION_ORDER = [{ y: "asc" as const }, { x: "asc" as const }, { id: "asc" as const }];
