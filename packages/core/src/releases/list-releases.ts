// Reading a project's releases (docs/delivery.md): anyone who may export reads them.
import type { ServiceContext } from "../context";
import { notFound } from "../errors/app-error";
import { loadProject } from "../projects/load-project";
import { type ReleaseFileRow, type ReleaseRecord, type ReleaseRow, toReleaseRecord } from "./release-record";

const FILE_COLUMNS = `f."releaseId", f."language", f."entries", f."sha256", octet_length(f."content") AS "bytes"`;

async function latestVersionOf(ctx: ServiceContext, projectId: string): Promise<number | null> {
  const [channel] = await ctx.db.query<{ latestVersion: number | null }>(
    `SELECT "latestVersion" FROM "DeliveryChannel" WHERE "projectId" = $1`,
    [projectId],
  );
  return channel?.latestVersion ?? null;
}

/** Newest first. */
export async function listReleases(ctx: ServiceContext, projectId: string): Promise<ReleaseRecord[]> {
  const project = await loadProject(ctx, projectId, "export");
  const rows = await ctx.db.query<ReleaseRow>(`SELECT * FROM "Release" WHERE "projectId" = $1 ORDER BY "version" DESC`, [project.id]);
  const files = await ctx.db.query<ReleaseFileRow>(
    `SELECT ${FILE_COLUMNS} FROM "ReleaseFile" f JOIN "Release" r ON r."id" = f."releaseId" WHERE r."projectId" = $1`,
    [project.id],
  );
  const latest = await latestVersionOf(ctx, project.id);
  return rows.map((r) => toReleaseRecord(r, files, latest));
}

export async function getRelease(ctx: ServiceContext, projectId: string, version: number): Promise<ReleaseRecord> {
  const project = await loadProject(ctx, projectId, "export");
  const [row] = await ctx.db.query<ReleaseRow>(`SELECT * FROM "Release" WHERE "projectId" = $1 AND "version" = $2`, [project.id, version]);
  if (!row) throw notFound("Release");
  const files = await ctx.db.query<ReleaseFileRow>(`SELECT ${FILE_COLUMNS} FROM "ReleaseFile" f WHERE f."releaseId" = $1`, [row.id]);
  return toReleaseRecord(row, files, await latestVersionOf(ctx, project.id));
}
