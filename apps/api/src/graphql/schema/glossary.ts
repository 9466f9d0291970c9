// Organization glossaries and their terms, through the core glossary services.
import {
  createGlossary,
  createGlossaryTerm,
  deleteGlossary,
  deleteGlossaryTerm,
  type GlossaryRecord,
  type GlossaryTermRecord,
  listGlossaries,
  listGlossaryTerms,
  type TermTranslation,
  updateGlossary,
  updateGlossaryTerm,
} from "@locale/core/glossary";
import { builder, svcOf } from "../builder";
import { parseProcedureInput } from "../procedure-input";
import { SuccessRef } from "./common";

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
      resolve: (glossary, args, ctx) =>
        listGlossaryTerms(svcOf(ctx), { orgId: "current", glossaryId: glossary._id, search: args.search ?? undefined }),
    }),
  }),
});

builder.queryFields((t) => ({
  glossaries: t.field({ type: [GlossaryRef], resolve: (_root, _args, ctx) => listGlossaries(svcOf(ctx), { orgId: "current" }) }),
}));

/** Drops GraphQL nulls inside list items (optional fields given as null). */
const compact = <T extends object>(item: T) => Object.fromEntries(Object.entries(item).filter(([, v]) => v != null));

builder.mutationFields((t) => ({
  updateGlossary: t.field({
    type: GlossaryRef,
    args: {
      id: t.arg.id({ required: true }),
      name: t.arg.string(),
      description: t.arg.string(),
      sourceLanguage: t.arg.string(),
      targetLanguages: t.arg.stringList(),
    },
    resolve: (_root, args, ctx) =>
      updateGlossary(
        svcOf(ctx),
        parseProcedureInput<Parameters<typeof updateGlossary>[1]>("glossary.update", { ...args, orgId: "current" }),
      ),
  }),
  deleteGlossary: t.field({
    type: SuccessRef,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) =>
      deleteGlossary(
        svcOf(ctx),
        parseProcedureInput<Parameters<typeof deleteGlossary>[1]>("glossary.delete", { ...args, orgId: "current" }),
      ),
  }),
  updateGlossaryTerm: t.field({
    type: GlossaryTermRef,
    args: {
      termId: t.arg.id({ required: true }),
      term: t.arg.string(),
      definition: t.arg.string(),
      translations: t.arg({ type: [TermTranslationInput] }),
      doNotTranslate: t.arg.boolean(),
      caseSensitive: t.arg.boolean(),
    },
    resolve: (_root, args, ctx) =>
      updateGlossaryTerm(
        svcOf(ctx),
        parseProcedureInput<Parameters<typeof updateGlossaryTerm>[1]>("glossary.updateTerm", {
          ...args,
          translations: args.translations?.map(compact),
          orgId: "current",
        }),
      ),
  }),
  deleteGlossaryTerm: t.field({
    type: SuccessRef,
    args: { termId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) =>
      deleteGlossaryTerm(
        svcOf(ctx),
        parseProcedureInput<Parameters<typeof deleteGlossaryTerm>[1]>("glossary.deleteTerm", { ...args, orgId: "current" }),
      ),
  }),
  createGlossary: t.field({
    type: GlossaryRef,
    args: {
      name: t.arg.string({ required: true }),
      description: t.arg.string(),
      sourceLanguage: t.arg.string({ required: true }),
      targetLanguages: t.arg.stringList(),
    },
    resolve: (_root, args, ctx) =>
      createGlossary(
        svcOf(ctx),
        parseProcedureInput<Parameters<typeof createGlossary>[1]>("glossary.create", { ...args, orgId: "current" }),
      ),
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
      const input = parseProcedureInput<Omit<Parameters<typeof createGlossaryTerm>[1], "glossaryId"> & { id: string }>(
        "glossary.createTerm",
        {
          ...args,
          translations: args.translations?.map(compact),
          orgId: "current",
          id: glossaryId,
        },
      );
      return createGlossaryTerm(svcOf(ctx), { ...input, glossaryId: input.id });
    },
  }),
}));
