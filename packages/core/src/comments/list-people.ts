// The people of a project's organization, for @mentions in comments: who can be mentioned, by
// name. Anyone who may read the project's comments may see these names (not their e-mails).
import type { ServiceContext } from "../context";
import { loadProject } from "../projects/load-project";

export interface Person {
  userId: string;
  name: string;
}

export async function listPeople(ctx: ServiceContext, projectId: string): Promise<Person[]> {
  const project = await loadProject(ctx, projectId, "comments.read");
  const members = await ctx.db.prisma.membership.findMany({
    where: { organizationId: project.organizationId },
    select: { userId: true, user: { select: { name: true } } },
  });
  return members
    .map((m) => ({ userId: m.userId, name: m.user.name }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId));
}
