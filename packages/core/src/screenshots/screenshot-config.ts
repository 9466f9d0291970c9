// Deployment settings of screenshots (README, "Settings"; docs/visual-context.md).

export interface S3StorageConfig {
  kind: "s3";
  bucket: string;
  region: string;
  /** An S3-compatible server's address (MinIO, Ceph, R2…); absent means AWS itself. */
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://host/bucket/key` rather than `https://bucket.host/key` (most self-hosted servers). */
  forcePathStyle: boolean;
  /** Prepended to every object key, e.g. `locale/`. */
  prefix: string;
}

export interface ScreenshotConfig {
  /** Largest accepted upload, in bytes (SCREENSHOT_MAX_BYTES). */
  maxBytes: number;
  /** Largest accepted image, in pixels (width × height): the decompression-bomb guard. */
  maxPixels: number;
  /** Images decoded at once by this process; further uploads wait (SCREENSHOT_PROCESSING). */
  processing: number;
  /** Where images are kept: the database (default) or S3-compatible object storage. */
  storage: { kind: "database" } | S3StorageConfig;
  /** Told when deleting objects of deleted screenshots fails (they are retried later). */
  onCleanupFailure?: (failure: { storageKey: string; attempts: number; error: string }) => void;
}

export const DEFAULT_SCREENSHOT_CONFIG: ScreenshotConfig = {
  maxBytes: 10 * 1024 * 1024,
  maxPixels: 50_000_000,
  processing: 2,
  storage: { kind: "database" },
};

/** Longest side of a thumbnail, in pixels. */
export const THUMBNAIL_SIZE = 480;
