// Images for the screenshot tests, made by sharp (real encoders), plus a decompression bomb: a
// PNG of 20,000 × 20,000 one-bit pixels that deflates to about 50 KB.
import { deflateSync } from "node:zlib";
import sharp from "sharp";

/** A width × height image: a grey background with a red block at (x, y, w, h). */
export function testImage(
  format: "png" | "jpeg" | "webp",
  width: number,
  height: number,
  block = { x: 10, y: 10, width: 20, height: 10 },
): Promise<Buffer> {
  const red = {
    input: { create: { width: block.width, height: block.height, channels: 3 as const, background: "#d00000" } },
    left: block.x,
    top: block.y,
  };
  return sharp({ create: { width, height, channels: 3, background: "#c8c8c8" } })
    .composite([red])
    .toFormat(format)
    .toBuffer();
}

/** A JPEG carrying EXIF (camera, GPS-like comment) and orientation 6 (rotated 90° clockwise). */
export function jpegWithExif(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#3060a0" } })
    .jpeg()
    .withExif({ IFD0: { Make: "SecretCam", Model: "Leaky 3000", ImageDescription: "home at 51.5N 0.1W" } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid one-bit greyscale PNG of side × side pixels, all black: tiny on disk, huge decoded. */
export function pngBomb(side = 20_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const row = Buffer.alloc(1 + Math.ceil(side / 8));
  const raw = Buffer.alloc(row.length * side);
  const idat = deflateSync(raw, { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", idat),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
