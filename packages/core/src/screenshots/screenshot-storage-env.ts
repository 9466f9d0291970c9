// SCREENSHOT_STORAGE and S3_* read from the environment: shared by the api and the standalone
// worker (which deletes objects of deleted screenshots), so both address the same bucket.
import type { ScreenshotConfig } from "./screenshot-config";

/** Throws naming every missing setting (one per line) when SCREENSHOT_STORAGE=s3 lacks one. */
export function screenshotStorageFromEnv(env: Record<string, string | undefined>): ScreenshotConfig["storage"] {
  const kind = env.SCREENSHOT_STORAGE || "database";
  if (kind === "database") return { kind: "database" };
  if (kind !== "s3") throw new Error(`SCREENSHOT_STORAGE: expected database or s3, got "${kind}"`);
  const missing = ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"].filter((name) => !env[name]);
  if (missing.length > 0) throw new Error(missing.map((name) => `${name}: required when SCREENSHOT_STORAGE=s3`).join("\n"));
  const pathStyle = env.S3_FORCE_PATH_STYLE;
  if (pathStyle !== undefined && pathStyle !== "true" && pathStyle !== "false") {
    throw new Error(`S3_FORCE_PATH_STYLE: expected true or false, got "${pathStyle}"`);
  }
  return {
    kind: "s3",
    bucket: env.S3_BUCKET as string,
    region: env.S3_REGION || "us-east-1",
    ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
    accessKeyId: env.S3_ACCESS_KEY_ID as string,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY as string,
    // Unset: path-style addressing when S3_ENDPOINT is set (what self-hosted servers expect).
    forcePathStyle: pathStyle === undefined ? Boolean(env.S3_ENDPOINT) : pathStyle === "true",
    prefix: env.S3_PREFIX ?? "",
  };
}
