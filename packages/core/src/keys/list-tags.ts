// The project's tags, for the editor's tag pick list: every distinct tag of its keys, sorted.
import type { ServiceContext } from "../context";
import { loadProject } from "../projects/load-project";

/** Tags beyond this many are left out of the list (the filter still takes any tag). */
export const MAX_LISTED_TAGS = 1000;

export async function listTags(ctx: ServiceContext, projectId: string): Promise<string[]> {
  const project = await loadProject(ctx, projectId, "keys.read");
  const rows = await ctx.db.query<{ tag: string }>(
    `SELECT DISTINCT unnest(tags) AS tag FROM "Key" WHERE "projectId" = $1 AND tags <> '{}' ORDER BY 1 LIMIT ${MAX_LISTED_TAGS}`,
    [project.id],
  );
  return rows.map((r) => r.tag);
}
