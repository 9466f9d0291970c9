// Tenant scoping for screenshots: the project is checked by loadProject, the screenshot must be in it.
import type { Project, Screenshot } from "@locale/db";
import type { Permission } from "../auth/permissions";
import type { ServiceContext } from "../context";
import { notFound } from "../errors/app-error";
import { loadProject } from "../projects/load-project";

export interface ScreenshotScope {
  projectId: string;
  screenshotId: string;
}

export async function loadScreenshot(
  ctx: ServiceContext,
  scope: ScreenshotScope,
  permission: Permission,
  forWrite: boolean,
): Promise<{ project: Project; screenshot: Screenshot }> {
  const project = await loadProject(ctx, scope.projectId, permission, { forWrite });
  const screenshot = await ctx.db.prisma.screenshot.findFirst({ where: { id: scope.screenshotId, projectId: project.id } });
  if (!screenshot) throw notFound("Screenshot");
  return { project, screenshot };
}
