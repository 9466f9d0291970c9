// Reads an uploaded image with sharp (libvips): the format is taken from the bytes, never from a
// name or a content type; the dimensions are read from the header before anything is decoded, so a
// decompression bomb (a small file declaring a huge image) is refused without allocating its
// pixels; the stored copy is re-encoded without its metadata (EXIF, GPS, XMP, ICC comments) after
// applying the EXIF orientation, so regions are in the pixels every viewer shows.
import sharp, { type Metadata, type Sharp } from "sharp";
import { AppError, badRequest, payloadTooLarge, unprocessable } from "../errors/app-error";
import { ServiceBusyError } from "../errors/service-busy";
import { type ScreenshotConfig, THUMBNAIL_SIZE } from "./screenshot-config";

// One libvips thread per image: with `processing` images at a time this bounds the decoder's
// memory to a few images' worth, and sharp's operation cache would only keep freed buffers alive.
sharp.concurrency(1);
sharp.cache(false);

const FORMATS = { png: "image/png", jpeg: "image/jpeg", webp: "image/webp" } as const;
type Format = keyof typeof FORMATS;

export interface ProcessedImage {
  contentType: string;
  width: number;
  height: number;
  image: Uint8Array<ArrayBuffer>;
  thumbnail: Uint8Array<ArrayBuffer>;
  thumbWidth: number;
  thumbHeight: number;
}

const unsupported = () =>
  new AppError("UNSUPPORTED_MEDIA_TYPE", "content: not a PNG, JPEG or WebP image", [
    { path: "content", code: "screenshot.format", message: "not a PNG, JPEG or WebP image" },
  ]);

/** The bounded queue in front of the decoder: `processing` at a time, 16 waiting, then 503. */
const MAX_WAITING = 16;
let running = 0;
const waiting: (() => void)[] = [];

async function withDecoderSlot<T>(limit: number, run: () => Promise<T>): Promise<T> {
  if (running >= limit) {
    if (waiting.length >= MAX_WAITING) throw new ServiceBusyError("Too many images are being processed; retry shortly", 2);
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running++;
  }
  try {
    return await run();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

export function assertImageSize(byteLength: number, config: ScreenshotConfig): void {
  if (byteLength > config.maxBytes) throw payloadTooLarge(`The image is larger than ${config.maxBytes} bytes`);
  if (byteLength === 0) throw badRequest("content: is empty", [{ path: "content", message: "is empty" }]);
}

export async function processImage(input: Buffer, config: ScreenshotConfig): Promise<ProcessedImage> {
  assertImageSize(input.length, config);
  const limits = { limitInputPixels: config.maxPixels, failOn: "error" as const };
  let meta: Metadata;
  try {
    // Only the header is read here (no pixels): the limit is applied below, with a clear answer.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw unsupported();
  }
  const format = meta.format as string;
  if (!(format in FORMATS)) throw unsupported();
  const pixels = (meta.width ?? 0) * (meta.height ?? 0);
  if (pixels > config.maxPixels) {
    throw unprocessable(`content: the image has ${meta.width}×${meta.height} pixels, more than ${config.maxPixels}`, [
      { path: "content", code: "screenshot.pixels", message: `more than ${config.maxPixels} pixels` },
    ]);
  }
  return withDecoderSlot(config.processing, async () => {
    try {
      // `rotate()` bakes in the EXIF orientation (only when there is one: it makes libvips hold the
      // whole image instead of streaming it); sharp writes no metadata unless asked to.
      const base = (meta.orientation ?? 1) > 1 ? sharp(input, limits).rotate() : sharp(input, limits);
      const encoded = await encode(base, format as Format).toBuffer({ resolveWithObject: true });
      const thumb = await sharp(encoded.data, limits)
        .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: "inside", withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true });
      return {
        contentType: FORMATS[format as Format],
        width: encoded.info.width,
        height: encoded.info.height,
        image: new Uint8Array(encoded.data),
        thumbnail: new Uint8Array(thumb.data),
        thumbWidth: thumb.info.width,
        thumbHeight: thumb.info.height,
      };
    } catch {
      throw badRequest("content: the image cannot be decoded (truncated or corrupt)", [
        { path: "content", code: "screenshot.corrupt", message: "cannot be decoded" },
      ]);
    }
  });
}

function encode(image: Sharp, format: Format): Sharp {
  if (format === "png") return image.png({ compressionLevel: 6 });
  if (format === "jpeg") return image.jpeg({ quality: 92 });
  return image.webp({ quality: 92 });
}
