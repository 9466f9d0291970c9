import type { ServiceContext } from "../context";
import { notFound } from "../errors/app-error";
import { loadGlossary } from "./load-glossary";

/** Deletes the glossary and (by cascade) its terms. */
export async function deleteGlossary(ctx: ServiceContext, input: { orgId: string; id: string }): Promise<{ success: true }> {
  const glossary = await loadGlossary(ctx, input.orgId, input.id, "glossary.write");
  const { count } = await ctx.db.prisma.glossary.deleteMany({ where: { id: glossary.id } });
  if (count === 0) throw notFound("Glossary"); // deleted concurrently
  return { success: true };
}
