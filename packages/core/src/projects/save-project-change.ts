import type { Prisma, Project } from "@locale/db";
import type { ActivityAction } from "../activity/actions";
import { recordActivity } from "../activity/record-activity";
import type { ServiceContext } from "../context";
import { type ProjectRecord, toProjectRecord } from "./project-record";

/** Applies one change to a project and records its activity entry in the same transaction. */
export async function saveProjectChange(
  ctx: ServiceContext,
  project: Project,
  data: Prisma.ProjectUpdateInput,
  action: ActivityAction,
  metadata: Record<string, unknown> = {},
  /** More writes that belong to the same change (same transaction). */
  also?: (tx: Prisma.TransactionClient) => Promise<void>,
): Promise<ProjectRecord> {
  const updated = await ctx.db.prisma.$transaction(async (tx) => {
    const row = await tx.project.update({ where: { id: project.id }, data });
    await recordActivity(tx, ctx.actor, {
      action,
      projectId: project.id,
      targetId: project.id,
      targetType: "project",
      metadata: { projectId: project.id, name: row.name, ...metadata },
    });
    await also?.(tx);
    return row;
  });
  return toProjectRecord(updated);
}
