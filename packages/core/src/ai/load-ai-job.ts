import type { AiJob } from "@locale/db";
import type { ServiceContext } from "../context";
import { notFound } from "../errors/app-error";
import { loadProject } from "../projects/load-project";

/** A job of this project (tenant-checked through the project): anything else is "Job not found". */
export async function loadAiJob(ctx: ServiceContext, projectId: string, jobId: string): Promise<AiJob> {
  const project = await loadProject(ctx, projectId, "ai");
  const job = /^[0-9a-f-]{36}$/i.test(jobId) ? await ctx.db.prisma.aiJob.findFirst({ where: { id: jobId, projectId: project.id } }) : null;
  if (!job) throw notFound("Job");
  return job;
}
