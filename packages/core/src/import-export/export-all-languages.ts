// Every language of a project in one format, as one zip archive (fflate): each language is the
// same export as GET /projects/:id/export/:language (same options, one activity entry each),
// its file added to the archive as `<language>.<ext>` and removed at once, so the disk holds at
// most one language's file besides the archive.
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Zip, ZipDeflate } from "fflate";
import type { ServiceContext } from "../context";
import { loadProject } from "../projects/load-project";
import { projectLanguages } from "../projects/project-record";
import { type ExportInput, exportTranslations } from "./export-translations";

export interface ExportAllResult {
  /** The archive, in a temporary directory: stream it out, then call `dispose`. */
  filePath: string;
  byteLength: number;
  fileName: string;
  /** Per language (source first): the file name in the archive and the keys written. */
  files: Array<{ language: string; fileName: string; totalKeys: number; truncated: boolean; skipped: number }>;
  dispose: () => Promise<void>;
}

/** A name for the archive: the project's name in plain letters, digits and dashes. */
const archiveName = (projectName: string, format: string) =>
  `${
    projectName
      .normalize("NFKD")
      .replace(/[^A-Za-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 60) || "project"
  }-${format}.zip`;

export async function exportAllLanguages(
  ctx: ServiceContext,
  projectId: string,
  input: Omit<ExportInput, "language">,
): Promise<ExportAllResult> {
  const project = await loadProject(ctx, projectId, "export");
  const dir = await mkdtemp(path.join(tmpdir(), "locale-export-zip-"));
  const dispose = () => rm(dir, { recursive: true, force: true });
  const filePath = path.join(dir, "export.zip");
  const out = createWriteStream(filePath);
  const files: ExportAllResult["files"] = [];
  try {
    const zip = new Zip();
    // fflate hands out the archive's bytes as they are made; the write stream keeps their order.
    const finished = new Promise<void>((resolve, reject) => {
      zip.ondata = (err, chunk, final) => {
        if (err) return reject(err);
        out.write(chunk);
        if (final) out.end(resolve);
      };
      out.on("error", reject);
    });
    for (const language of projectLanguages(project)) {
      const one = await exportTranslations(ctx, project.id, { ...input, language });
      try {
        const entry = new ZipDeflate(one.fileName, { level: 6 });
        zip.add(entry);
        for await (const chunk of createReadStream(one.filePath)) entry.push(chunk as Uint8Array);
        entry.push(new Uint8Array(0), true);
        files.push({
          language,
          fileName: one.fileName,
          totalKeys: one.totalKeys,
          truncated: one.truncated,
          skipped: one.skipped.length,
        });
      } finally {
        await one.dispose();
      }
    }
    zip.end();
    await finished;
    const { size } = await stat(filePath);
    return { filePath, byteLength: size, fileName: archiveName(project.name, input.format), files, dispose };
  } catch (err) {
    out.destroy();
    await dispose();
    throw err;
  }
}
