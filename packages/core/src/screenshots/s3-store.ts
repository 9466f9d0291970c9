// Screenshots in S3-compatible object storage (when SCREENSHOT_STORAGE=s3): the image and its
// thumbnail are two objects, `<prefix><projectId>/<screenshotId>` and `….thumb.webp`.
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { AppError } from "../errors/app-error";
import type { S3StorageConfig } from "./screenshot-config";

/**
 * The S3 clients of one process, one per storage configuration (held by its CoreRuntime, never by
 * this module): a client keeps its connection pool.
 */
export class S3Clients {
  private readonly clients = new WeakMap<S3StorageConfig, S3Client>();

  of(config: S3StorageConfig): S3Client {
    let client = this.clients.get(config);
    if (!client) {
      client = new S3Client({
        region: config.region,
        ...(config.endpoint ? { endpoint: config.endpoint } : {}),
        forcePathStyle: config.forcePathStyle,
        credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
        // Checksums the SDK adds by default are not understood by every S3-compatible server.
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
      });
      this.clients.set(config, client);
    }
    return client;
  }
}

const unavailable = () => new AppError("BAD_GATEWAY", "The object storage did not answer; retry shortly");

export const objectKeys = (config: S3StorageConfig, storageKey: string) => ({
  image: `${config.prefix}${storageKey}`,
  thumbnail: `${config.prefix}${storageKey}.thumb.webp`,
});

export async function putScreenshotObjects(
  clients: S3Clients,
  config: S3StorageConfig,
  storageKey: string,
  files: { image: Uint8Array; contentType: string; thumbnail: Uint8Array },
): Promise<void> {
  const keys = objectKeys(config, storageKey);
  const client = clients.of(config);
  try {
    await client.send(new PutObjectCommand({ Bucket: config.bucket, Key: keys.image, Body: files.image, ContentType: files.contentType }));
    await client.send(
      new PutObjectCommand({ Bucket: config.bucket, Key: keys.thumbnail, Body: files.thumbnail, ContentType: "image/webp" }),
    );
  } catch {
    await deleteScreenshotObjects(clients, config, storageKey);
    throw unavailable();
  }
}

export async function getScreenshotObject(
  clients: S3Clients,
  config: S3StorageConfig,
  storageKey: string,
  variant: "image" | "thumbnail",
): Promise<Buffer> {
  try {
    const answer = await clients
      .of(config)
      .send(new GetObjectCommand({ Bucket: config.bucket, Key: objectKeys(config, storageKey)[variant] }));
    return Buffer.from(await (answer.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray());
  } catch {
    throw unavailable();
  }
}

/** Deletes both objects; throws when the storage does not confirm (deleting a missing object succeeds). */
export async function deleteScreenshotObjectsOrThrow(clients: S3Clients, config: S3StorageConfig, storageKey: string): Promise<void> {
  const keys = objectKeys(config, storageKey);
  const client = clients.of(config);
  for (const key of [keys.image, keys.thumbnail]) await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
}

/** Best effort, for objects no row ever pointed at (an upload that failed after writing them). */
export async function deleteScreenshotObjects(clients: S3Clients, config: S3StorageConfig, storageKey: string): Promise<void> {
  await deleteScreenshotObjectsOrThrow(clients, config, storageKey).catch(() => undefined);
}
