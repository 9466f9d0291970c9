import { recordActivity } from "../activity/record-activity";
import type { ServiceContext } from "../context";
import { notFound } from "../errors/app-error";
import { loadGlossaryTerm } from "./load-glossary";

export async function deleteGlossaryTerm(ctx: ServiceContext, input: { orgId: string; termId: string }): Promise<{ success: true }> {
  const term = await loadGlossaryTerm(ctx, input.orgId, input.termId, "glossary.write");
  await ctx.db.prisma.$transaction(async (tx) => {
    const { count } = await tx.glossaryTerm.deleteMany({ where: { id: term.id } });
    if (count === 0) throw notFound("Glossary term");
    await recordActivity(tx, ctx.actor, {
      action: "glossary.term_deleted",
      targetId: term.id,
      targetType: "glossary_term",
      metadata: { glossaryId: term.glossaryId, termId: term.id, term: term.term },
    });
  });
  return { success: true };
}
