import type { ServiceContext } from "../context";
import { assertOrganization } from "../organizations/load-organization";
import { canonicalLanguage } from "../shared/languages";
import { normalizePage, type Page, pageOf, skipTake } from "../shared/pagination";
import { type TmEntryRecord, toTmEntryRecord } from "./tm-record";

export interface ListTmEntriesInput {
  orgId: string;
  page?: number;
  limit?: number;
  sourceLang?: string;
  targetLang?: string;
}

/** Browse the memory, newest first. */
export async function listTmEntries(ctx: ServiceContext, input: ListTmEntriesInput): Promise<Page<TmEntryRecord>> {
  assertOrganization(ctx, input.orgId, "tm.read");
  const page = normalizePage(input.page, input.limit);
  const where = {
    organizationId: ctx.actor.organizationId,
    ...(input.sourceLang ? { sourceLanguage: canonicalLanguage(input.sourceLang, "sourceLang") } : {}),
    ...(input.targetLang ? { targetLanguage: canonicalLanguage(input.targetLang, "targetLang") } : {}),
  };
  const [total, rows] = await Promise.all([
    ctx.db.prisma.tmEntry.count({ where }),
    ctx.db.prisma.tmEntry.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], ...skipTake(page) }),
  ]);
  return pageOf(rows.map(toTmEntryRecord), page, total);
}
