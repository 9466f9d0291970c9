import type { Prisma } from "@locale/db";
import type { ServiceContext } from "../context";
import { notFound } from "../errors/app-error";
import { loadProject } from "../projects/load-project";
import { REGION_ORDER, type ScreenshotRecord, toScreenshotRecord } from "./screenshot-record";

export interface ListScreenshotsFilter {
  /** Only screenshots with a region on this key. */
  keyId?: string;
}

/** Most screenshots one list answers (newest first). */
export const MAX_SCREENSHOTS_LISTED = 200;

/** The project's screenshots, newest first, each with all its regions. */
export async function listScreenshots(
  ctx: ServiceContext,
  projectId: string,
  filter: ListScreenshotsFilter = {},
): Promise<ScreenshotRecord[]> {
  const project = await loadProject(ctx, projectId, "screenshots.read", { forWrite: false });
  const where: Prisma.ScreenshotWhereInput = { projectId: project.id };
  if (filter.keyId !== undefined) {
    const key = await ctx.db.prisma.key.findFirst({ where: { id: filter.keyId, projectId: project.id }, select: { id: true } });
    if (!key) throw notFound("Key");
    where.regions = { some: { keyId: key.id } };
  }
  const rows = await ctx.db.prisma.screenshot.findMany({
    where,
    include: { regions: { orderBy: REGION_ORDER } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: MAX_SCREENSHOTS_LISTED,
  });
  return rows.map(toScreenshotRecord);
}
