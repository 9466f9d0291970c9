// Memory while thumbnailing: eight 24-megapixel JPEG screenshots uploaded at once to a fresh api
// process, for SCREENSHOT_PROCESSING 1, 2 (the default) and 8. The api's peak resident memory (the
// kernel's VmHWM) over its idle level is reported; the floor is the same api at idle.
// BENCH_DATABASE_URL (a PostgreSQL database, emptied by the api's own migrations) keeps the stored
// images out of the api's memory; without it the in-memory PGlite holds them, which dominates.
// `pnpm --filter @locale/api run bench:screenshots`.
import sharp from "sharp";
import { memoryOf, startApi } from "./api-process";

const UPLOADS = Number(process.env.UPLOADS ?? 8);

async function image(): Promise<Buffer> {
  const width = 6000;
  const height = 4000;
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i += 97) raw[i] = (i * 31) & 0xff;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

async function run(processing: string, jpeg: Buffer): Promise<void> {
  const api = await startApi({ DATABASE_URL: process.env.BENCH_DATABASE_URL ?? "memory://", SCREENSHOT_PROCESSING: processing });
  try {
    const json = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
      const res = await fetch(`${api.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify(body),
      });
      return { res, body: (await res.json()) as Record<string, any> };
    };
    const signup = await json("/api/auth/signup", { email: `bench-${Date.now()}@example.com`, password: "bench password", name: "Bench" });
    const cookie = (signup.res.headers.get("set-cookie") ?? "").split(";")[0]!;
    const project = await json("/api/projects", { name: "Bench", sourceLanguage: "en" }, { cookie });
    const idle = await memoryOf(api.child.pid!);
    const started = performance.now();
    const statuses = await Promise.all(
      Array.from({ length: UPLOADS }, (_, i) =>
        fetch(`${api.url}/api/projects/${project.body._id}/screenshots/file?name=shot${i}.jpg`, {
          method: "POST",
          headers: { cookie, "content-type": "image/jpeg" },
          body: new Uint8Array(jpeg),
        }).then((r) => r.status),
      ),
    );
    const ms = performance.now() - started;
    const after = await memoryOf(api.child.pid!);
    console.log(
      `SCREENSHOT_PROCESSING=${processing}: ${UPLOADS} uploads (${statuses.join(",")}) in ${(ms / 1000).toFixed(1)} s; idle RSS ${idle.rssMb} MB, peak ${after.hwmMb} MB (+${after.hwmMb - idle.rssMb} MB)`,
    );
  } finally {
    await api.stop();
  }
}

const jpeg = await image();
console.log(`image: 6000×4000 JPEG, ${(jpeg.length / 1048576).toFixed(1)} MB`);
for (const processing of (process.env.PROCESSING ?? "1,2,8").split(",")) await run(processing, jpeg);
