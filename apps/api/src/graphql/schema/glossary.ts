// Organization glossaries and their terms, through the core glossary services.
import {
  createGlossary,
  createGlossaryTerm,
  listGlossaries,
  listGlossaryTerms,
  type GlossaryRecord,
  type GlossaryTermRecord,
  type TermTranslation,
} from "@locale/core/glossary";
import { builder, svcOf } from "../builder";
import { parseProcedureInput } from "../procedure-input";

const TermTranslationRef = builder.objectRef<TermTranslation>("GlossaryTermTranslation").implement({
  fields: (t) => ({ language: t.exposeString("language"), value: t.exposeString("value"), approved: t.exposeBoolean("approved") }),
});

const TermTranslationInput = builder.inputType("GlossaryTermTranslationInput", {
  fields: (t) => ({ language: t.string({ required: true }), value: t.string({ required: true }), approved: t.boolean() }),
});

const GlossaryTermRef = builder.objectRef<GlossaryTermRecord>("GlossaryTerm").implement({
  fields: (t) => ({
    id: t.exposeID("_id"),
    term: t.exposeString("term"),
    definition: t.exposeString("definition"),
    translations: t.field({ type: [TermTranslationRef], resolve: (term) => term.translations }),
    glossaryId: t.exposeString("glossaryId"),
    doNotTranslate: t.exposeBoolean("doNotTranslate"),
    caseSensitive: t.exposeBoolean("caseSensitive"),
    created: t.expose("created", { type: "DateTime" }),
  }),
});

const GlossaryRef = builder.objectRef<GlossaryRecord>("Glossary").implement({
  fields: (t) => ({
    id: t.exposeID("_id"),
    name: t.exposeString("name"),
    description: t.exposeString("description"),
    sourceLanguage: t.exposeString("sourceLanguage"),
    targetLanguages: t.exposeStringList("targetLanguages"),
    organizationId: t.exposeString("organizationId"),
    created: t.expose("created", { type: "DateTime" }),
    terms: t.field({
      type: [GlossaryTermRef],
      args: { search: t.arg.string({ description: "Substring filter" }) },
      resolve: (glossary, args, ctx) => listGlossaryTerms(svcOf(ctx), { orgId: "current", glossaryId: glossary._id, search: args.search ?? undefined }),
    }),
  }),
});

builder.queryFields((t) => ({
  glossaries: t.field({ type: [GlossaryRef], resolve: (_root, _args, ctx) => listGlossaries(svcOf(ctx), { orgId: "current" }) }),
}));

builder.mutationFields((t) => ({
  createGlossary: t.field({
    type: GlossaryRef,
    args: {
      name: t.arg.string({ required: true }),
      description: t.arg.string(),
      sourceLanguage: t.arg.string({ required: true }),
      targetLanguages: t.arg.stringList(),
    },
    resolve: (_root, args, ctx) =>
      createGlossary(svcOf(ctx), parseProcedureInput<Parameters<typeof createGlossary>[1]>("glossary.create", { ...args, orgId: "current" })),
  }),
  createGlossaryTerm: t.field({
    type: GlossaryTermRef,
    args: {
      glossaryId: t.arg.id({ required: true }),
      term: t.arg.string({ required: true }),
      definition: t.arg.string(),
      translations: t.arg({ type: [TermTranslationInput] }),
      doNotTranslate: t.arg.boolean(),
      caseSensitive: t.arg.boolean(),
    },
    resolve: (_root, { glossaryId, ...args }, ctx) => {
      const input = parseProcedureInput<Omit<Parameters<typeof createGlossaryTerm>[1], "glossaryId"> & { id: string }>("glossary.createTerm", {
        ...args,
        translations: args.translations?.map((tr) => Object.fromEntries(Object.entries(tr).filter(([, v]) => v != null))),
        orgId: "current",
        id: glossaryId,
      });
      return createGlossaryTerm(svcOf(ctx), { ...input, glossaryId: input.id });
    },
  }),
}));
