// `locale-cli screenshots push <file>... [--regions regions.json]`: uploads each image with the
// regions that belong to it, one request per file (the image and its regions are stored together
// or not at all). A region names its key by id (`keyId`) or by name (`key`, with `namespace`).
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { LocaleClient } from "@locale/sdk";
import type { Command } from "./command";
import { type CommandContext, log } from "./io";
import { UsageError } from "./usage-error";

interface RegionSpec {
  keyId?: string;
  key?: string;
  namespace?: string | null;
  x: number;
  y: number;
  width: number;
  height: number;
}

type Region = { keyId: string; x: number; y: number; width: number; height: number };

/** The regions file: a list (for a single image) or an object of lists keyed by file name. */
function regionsFor(spec: unknown, file: string, files: string[]): RegionSpec[] {
  if (spec === undefined) return [];
  if (Array.isArray(spec)) {
    if (files.length > 1) throw new UsageError("--regions: with several files, give an object keyed by file name");
    return spec as RegionSpec[];
  }
  if (spec && typeof spec === "object") {
    const byName = spec as Record<string, RegionSpec[]>;
    return byName[file] ?? byName[path.basename(file)] ?? [];
  }
  throw new UsageError("--regions: expected a JSON list of regions or an object of lists keyed by file name");
}

async function resolveKeyId(client: LocaleClient, projectId: string, spec: RegionSpec, cache: Map<string, string>): Promise<string> {
  if (spec.keyId) return spec.keyId;
  if (!spec.key) throw new UsageError("--regions: every region needs `keyId` or `key`");
  const namespace = spec.namespace ?? null;
  const cacheKey = `${namespace ?? ""}\u0000${spec.key}`;
  const known = cache.get(cacheKey);
  if (known) return known;
  const page = await client.keys.list(projectId, { search: spec.key, limit: 200, ...(namespace ? { namespace } : {}) });
  const match = page.data.find((k) => k.key === spec.key && (k.namespace || null) === namespace);
  if (!match) throw new UsageError(`--regions: no key "${namespace ? `${namespace}:` : ""}${spec.key}" in the project`);
  cache.set(cacheKey, match._id);
  return match._id;
}

async function run({ client, config, io, flags, positionals }: CommandContext): Promise<number> {
  const [sub, ...files] = positionals ?? [];
  if (sub !== "push") throw new UsageError('screenshots: expected "push <file>..."');
  if (files.length === 0) throw new UsageError("screenshots push: name at least one image file");
  let spec: unknown;
  if (typeof flags.regions === "string") {
    try {
      spec = JSON.parse(await readFile(path.resolve(io.cwd, flags.regions), "utf8"));
    } catch (error) {
      throw new UsageError(`--regions: ${(error as Error).message}`);
    }
  }
  const cache = new Map<string, string>();
  for (const file of files) {
    const regions: Region[] = [];
    for (const r of regionsFor(spec, file, files)) {
      regions.push({ keyId: await resolveKeyId(client, config.projectId, r, cache), x: r.x, y: r.y, width: r.width, height: r.height });
    }
    const bytes = await readFile(path.resolve(io.cwd, file));
    const shot = await client.screenshots.upload(config.projectId, {
      name: typeof flags.name === "string" && files.length === 1 ? flags.name : path.basename(file),
      content: bytes.toString("base64"),
      regions,
    });
    if (flags.json === true) log(io, JSON.stringify(shot));
    else log(io, `${file} → ${shot._id}: ${shot.width}×${shot.height} ${shot.contentType}, ${shot.regions.length} regions`);
  }
  return 0;
}

export const screenshots: Command = {
  name: "screenshots",
  summary: "Upload screenshots with the regions where keys appear",
  positionals: true,
  options: {
    regions: { type: "string" },
    name: { type: "string" },
    json: { type: "boolean" },
  },
  help: `Usage: locale-cli screenshots push <file>... [options]

Uploads PNG, JPEG or WebP images (at most 10 MiB each) to the project, each with its regions:
where a key appears, in pixels of the image. A region that lies outside the image or names an
unknown key refuses that image (nothing of it is stored) and the command fails.

Options:
  --regions <file>  JSON: a list of {keyId | key, namespace?, x, y, width, height} for one image,
                    or an object of such lists keyed by file name (or path) for several
  --name <label>    the screenshot's name when one file is pushed (default: the file name)
  --json            print each stored screenshot as JSON`,
  run,
};
