// Peak memory of processing one 24-megapixel JPEG (6000 × 4000) the way an upload is processed
// (re-encode without metadata, then a 480 px WebP thumbnail), one fresh process per run, with
// sharp's settings varied. The floor is the same process reading the file with sharp loaded and
// nothing decoded. Peak = the process's maximum resident set (getrusage). Median of RUNS.
// `pnpm --filter @locale/api exec tsx bench/thumbnail-rss.bench.ts`.
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";

const RUNS = Number(process.env.RUNS ?? 3);
const LIMIT = 50_000_000;

type Variant = "floor" | "shipped" | "defaults" | "sequential" | "thumbFromInput";

const VARIANTS: Record<Variant, string> = {
  floor: "floor: sharp loaded, file read, nothing decoded",
  shipped: "as shipped: processImage (cache off, concurrency 1, limitInputPixels)",
  defaults: "sharp's defaults (cache on, one thread per core)",
  sequential: "as shipped + sequentialRead on both decodes",
  thumbFromInput: "as shipped + sequentialRead, thumbnail from the upload (JPEG shrink-on-load)",
};

async function child(variant: Variant, file: string): Promise<void> {
  const input = await readFile(file);
  // Every variant loads the same modules (core's import sets sharp's settings, restored below).
  const { processImage, DEFAULT_SCREENSHOT_CONFIG } = await import("@locale/core/screenshots");
  if (variant === "defaults") {
    sharp.concurrency(0);
    sharp.cache(true);
  }
  if (variant === "shipped") {
    await processImage(input, DEFAULT_SCREENSHOT_CONFIG);
  } else if (variant !== "floor") {
    const sequentialRead = variant !== "defaults";
    const options = { limitInputPixels: LIMIT, failOn: "error" as const, sequentialRead };
    const encoded = await sharp(input, options).jpeg({ quality: 92 }).toBuffer();
    await sharp(variant === "thumbFromInput" ? input : encoded, options)
      .resize(480, 480, { fit: "inside", withoutEnlargement: true, fastShrinkOnLoad: true })
      .webp({ quality: 80 })
      .toBuffer();
  }
  process.stdout.write(String(process.resourceUsage().maxRSS / 1024));
}

async function parent(): Promise<void> {
  const exec = promisify(execFile);
  const dir = await mkdtemp(path.join(tmpdir(), "thumb-rss-"));
  const file = path.join(dir, "24mp.jpg");
  const width = 6000;
  const height = 4000;
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i += 97) raw[i] = (i * 31) & 0xff;
  await writeFile(
    file,
    await sharp(raw, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 80 })
      .toBuffer(),
  );
  const self = new URL(import.meta.url).pathname;
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const peaks: Partial<Record<Variant, number>> = {};
  for (const variant of Object.keys(VARIANTS) as Variant[]) {
    const runs: number[] = [];
    for (let r = 0; r < RUNS; r++)
      runs.push(Number((await exec(process.execPath, [...process.execArgv, self, "child", variant, file])).stdout));
    peaks[variant] = median(runs);
  }
  const floor = peaks.floor!;
  console.log(`load average ${(await readFile("/proc/loadavg", "utf8")).split(" ").slice(0, 3).join(" ")}; median of ${RUNS} runs`);
  for (const variant of Object.keys(VARIANTS) as Variant[]) {
    const peak = peaks[variant]!;
    console.log(`${VARIANTS[variant]}: peak ${peak.toFixed(0)} MB, +${(peak - floor).toFixed(0)} MB over the floor`);
  }
  await rm(dir, { recursive: true, force: true });
}

if (process.argv[2] === "child") await child(process.argv[3] as Variant, process.argv[4]!);
else await parent();
