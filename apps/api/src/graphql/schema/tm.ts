// Translation memory: browse and fuzzy search, through the core TM services.

import type { Page } from "@locale/core";
import { listTmEntries, type SearchTmInput, searchTm, type TmEntryRecord, type TmSearchResult } from "@locale/core/tm";
import { builder, svcOf } from "../builder";
import { parseProcedureInput } from "../procedure-input";
import { PageMetaRef } from "./common";

const TmEntryRef = builder.objectRef<TmEntryRecord>("TmEntry").implement({
  fields: (t) => ({
    id: t.exposeID("_id"),
    sourceText: t.exposeString("sourceText"),
    targetText: t.exposeString("targetText"),
    sourceLanguage: t.exposeString("sourceLanguage"),
    targetLanguage: t.exposeString("targetLanguage"),
    usageCount: t.exposeInt("usageCount"),
    created: t.expose("created", { type: "DateTime" }),
  }),
});

const TmMatchRef = builder.objectRef<TmSearchResult>("TmMatch").implement({
  fields: (t) => ({
    entry: t.field({ type: TmEntryRef, resolve: (r) => r }),
    similarity: t.exposeInt("similarity", { description: "0-100; 100 only for identical source texts" }),
  }),
});

const TmPageRef = builder.objectRef<Page<TmEntryRecord>>("TmEntryPage").implement({
  fields: (t) => ({
    nodes: t.field({ type: [TmEntryRef], resolve: (p) => p.data }),
    meta: t.field({ type: PageMetaRef, resolve: (p) => p.meta }),
  }),
});

builder.queryFields((t) => ({
  tmEntries: t.field({
    type: TmPageRef,
    args: { page: t.arg.int(), limit: t.arg.int(), sourceLang: t.arg.string(), targetLang: t.arg.string() },
    resolve: (_root, args, ctx) =>
      listTmEntries(svcOf(ctx), {
        orgId: "current",
        page: args.page ?? undefined,
        limit: args.limit ?? undefined,
        sourceLang: args.sourceLang ?? undefined,
        targetLang: args.targetLang ?? undefined,
      }),
  }),
  tmSearch: t.field({
    type: [TmMatchRef],
    description: "Fuzzy search, best matches first",
    args: {
      sourceText: t.arg.string({ required: true }),
      sourceLang: t.arg.string(),
      targetLang: t.arg.string(),
      minSimilarity: t.arg.int(),
      limit: t.arg.int(),
    },
    // The REST procedure's input bounds the text (10,000 characters) and the other arguments alike.
    resolve: (_root, args, ctx) => searchTm(svcOf(ctx), parseProcedureInput<SearchTmInput>("tm.search", { ...args, orgId: "current" })),
  }),
}));
