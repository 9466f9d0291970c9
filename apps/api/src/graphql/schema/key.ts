// Keys: the list is the core listKeys service (same filters, order and totals as REST); the
// page's rows are then loaded through Prisma with the query's nested selection, so a page of keys
// with their translations costs a fixed number of SQL statements whatever its size.
import { assertCan, type PageMeta, projectLanguages } from "@locale/core";
import {
  type BulkCreateKeysResult,
  type BulkDeleteKeysResult,
  bulkCreateKeys,
  bulkDeleteKeys,
  createKey,
  deleteKey,
  getKey,
  listKeys,
  updateKey,
} from "@locale/core/keys";
import { type TranslationRecord, toTranslationRecord } from "@locale/core/translations";
import { builder, type GraphqlContext, svcOf } from "../builder";
import { parseProcedureInput } from "../procedure-input";
import { PageMetaRef, SuccessRef } from "./common";
import { TranslationRef } from "./translation";

interface KeyPage {
  ids: string[];
  meta: PageMeta;
}

export const KeyPageRef = builder.objectRef<KeyPage>("KeyPage");

export interface KeyPageArgs {
  page?: number | null;
  limit?: number | null;
  search?: string | null;
  namespace?: string | null;
  tag?: string | null;
  untranslatedIn?: string | null;
  qa?: string | null;
  qaIn?: string | null;
  hasComments?: boolean | null;
  source?: string | null;
  changedSince?: string | null;
  author?: string | null;
  sort?: string | null;
  sortIn?: string | null;
}

/** The key list's arguments beyond the plain ones, checked by REST's own zod input (same enums and messages). */
function sortAndHistoryFilters(projectId: string, args: KeyPageArgs) {
  const { source, changedSince, author, sort, sortIn } = parseProcedureInput<Parameters<typeof listKeys>[2]>("keys.list", {
    projectId,
    source: args.source,
    changedSince: args.changedSince,
    author: args.author,
    sort: args.sort,
    sortIn: args.sortIn,
  });
  return { source, changedSince, author, sort, sortIn };
}

export async function resolveKeyPage(ctx: GraphqlContext, projectId: string, args: KeyPageArgs): Promise<KeyPage> {
  const page = await listKeys(svcOf(ctx), projectId, {
    page: args.page ?? undefined,
    limit: args.limit ?? undefined,
    search: args.search ?? undefined,
    namespace: args.namespace ?? undefined,
    tag: args.tag ?? undefined,
    untranslatedIn: args.untranslatedIn ?? undefined,
    qa: args.qa ?? undefined,
    qaIn: args.qaIn ?? undefined,
    hasComments: args.hasComments ?? undefined,
    ...sortAndHistoryFilters(projectId, args),
  });
  return { ids: page.data.map((k) => k._id), meta: page.meta };
}

KeyPageRef.implement({
  fields: (t) => ({
    meta: t.field({ type: PageMetaRef, resolve: (p) => p.meta }),
    nodes: t.prismaField({
      type: ["Key"],
      resolve: async (query, parent, _args, ctx) => {
        if (parent.ids.length === 0) return [];
        const rows = await ctx.deps.db.prisma.key.findMany({ ...query, relationLoadStrategy: "join", where: { id: { in: parent.ids } } });
        const byId = new Map(rows.map((r) => [r.id, r]));
        return parent.ids.flatMap((id) => byId.get(id) ?? []);
      },
    }),
  }),
});

builder.prismaObject("Key", {
  fields: (t) => ({
    id: t.exposeID("id"),
    key: t.exposeString("key"),
    description: t.exposeString("description"),
    tags: t.exposeStringList("tags"),
    namespace: t.exposeString("namespace"),
    projectId: t.exposeString("projectId"),
    maxLength: t.exposeInt("maxLength", { nullable: true, description: "Longest allowed translation in graphemes; null: no limit" }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
    translations: t.field({
      type: [TranslationRef],
      description: "One entry per project language (source first), untranslated ones synthesised, as in REST",
      args: { languages: t.arg.stringList({ description: "Only these languages" }) },
      // Every stored value of the key is loaded (a handful of rows): the source value is needed
      // for placeholder warnings even when only target languages are asked for.
      select: (_args, ctx) => {
        assertCan(svcOf(ctx).actor, "translations.read");
        return { project: { select: { sourceLanguage: true, targetLanguages: true } }, translations: true };
      },
      resolve: (key, args) => {
        const project = key.project;
        const byLanguage = new Map(key.translations.map((r) => [r.language, r]));
        const sourceValue = byLanguage.get(project.sourceLanguage)?.value ?? "";
        const wanted = args.languages ? new Set(args.languages) : null;
        return projectLanguages(project)
          .filter((lang) => !wanted || wanted.has(lang))
          .map(
            (lang): TranslationRecord =>
              toTranslationRecord(key, lang, byLanguage.get(lang) ?? null, lang === project.sourceLanguage ? null : sourceValue),
          );
      },
    }),
  }),
});

/** Arguments shared by `keys` and `Project.keys`: sort and the history filters (docs/editor-search.md). */
export const keyListArgs = <A>(t: { arg: { string: (o: { description: string }) => A } }) => ({
  source: t.arg.string({
    description: "human | ai | import | tm | api | mt | bulk: keys with a translation whose current value came from it",
  }),
  changedSince: t.arg.string({ description: "ISO 8601 date or date-time: keys with a translation changed at or after it" }),
  author: t.arg.string({ description: "User id, ai or mt:<engine>: keys with a translation last changed by them" }),
  sort: t.arg.string({ description: "key (default) | untranslated (keys to do in sortIn first) | recent (last changed first)" }),
  sortIn: t.arg.string({ description: "The project language sort=untranslated looks at" }),
});

builder.queryFields((t) => ({
  keys: t.field({
    type: KeyPageRef,
    args: {
      projectId: t.arg.id({ required: true }),
      page: t.arg.int(),
      limit: t.arg.int(),
      search: t.arg.string(),
      namespace: t.arg.string(),
      tag: t.arg.string(),
      untranslatedIn: t.arg.string(),
      qa: t.arg.string({ description: "any | warning | error | <check id>: keys with such a quality-check issue nobody ignored" }),
      qaIn: t.arg.string({ description: "The project language `qa` looks at (default: every language)" }),
      hasComments: t.arg.boolean({ description: "true: keys with at least one comment; false: keys without any" }),
      ...keyListArgs(t),
    },
    resolve: (_root, args, ctx) => resolveKeyPage(ctx, String(args.projectId), args),
  }),
  key: t.prismaField({
    type: "Key",
    args: { projectId: t.arg.id({ required: true }), keyId: t.arg.id({ required: true }) },
    resolve: async (query, _root, args, ctx) => {
      const key = await getKey(svcOf(ctx), String(args.projectId), String(args.keyId));
      return ctx.deps.db.prisma.key.findUniqueOrThrow({ ...query, relationLoadStrategy: "join", where: { id: key._id } });
    },
  }),
}));

const CreateKeyInput = builder.inputType("CreateKeyInput", {
  fields: (t) => ({
    key: t.string({ required: true }),
    description: t.string(),
    tags: t.stringList(),
    namespace: t.string(),
    maxLength: t.int({ description: "Longest allowed translation in graphemes (max_length check); 0: no limit" }),
  }),
});

const KeyInput = builder.inputType("KeyInput", {
  fields: (t) => ({
    key: t.string(),
    description: t.string(),
    tags: t.stringList(),
    namespace: t.string(),
    maxLength: t.int({ description: "Longest allowed translation in graphemes (max_length check); 0: no limit" }),
  }),
});

const stripNulls = <T extends Record<string, unknown>>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined)) as { [K in keyof T]?: Exclude<T[K], null> };

const BulkKeyErrorRef = builder.objectRef<BulkCreateKeysResult["errors"][number]>("BulkKeyError").implement({
  fields: (t) => ({ index: t.exposeInt("index"), key: t.exposeString("key"), message: t.exposeString("message") }),
});

const BulkCreateKeysResultRef = builder.objectRef<BulkCreateKeysResult>("BulkCreateKeysResult").implement({
  fields: (t) => ({
    created: t.exposeInt("created"),
    skipped: t.exposeInt("skipped", { description: "Names that already existed" }),
    errors: t.field({ type: [BulkKeyErrorRef], resolve: (r) => r.errors }),
    keyIds: t.idList({ resolve: (r) => r.keys.map((k) => k._id) }),
  }),
});

const BulkDeleteKeysResultRef = builder.objectRef<BulkDeleteKeysResult>("BulkDeleteKeysResult").implement({
  fields: (t) => ({ deleted: t.exposeInt("deleted"), notFound: t.exposeStringList("notFound") }),
});

builder.mutationFields((t) => ({
  bulkCreateKeys: t.field({
    type: BulkCreateKeysResultRef,
    args: { projectId: t.arg.id({ required: true }), keys: t.arg({ type: [CreateKeyInput], required: true }) },
    resolve: (_root, args, ctx) => {
      const input = parseProcedureInput<{ projectId: string; keys: Parameters<typeof bulkCreateKeys>[2] }>("keys.bulkCreate", {
        projectId: args.projectId,
        keys: args.keys.map(stripNulls),
      });
      return bulkCreateKeys(svcOf(ctx), input.projectId, input.keys);
    },
  }),
  bulkDeleteKeys: t.field({
    type: BulkDeleteKeysResultRef,
    args: { projectId: t.arg.id({ required: true }), keyIds: t.arg.idList({ required: true }) },
    resolve: (_root, args, ctx) => bulkDeleteKeys(svcOf(ctx), String(args.projectId), args.keyIds.map(String)),
  }),
  createKey: t.prismaField({
    type: "Key",
    args: { projectId: t.arg.id({ required: true }), input: t.arg({ type: CreateKeyInput, required: true }) },
    resolve: async (query, _root, args, ctx) => {
      const { projectId, ...fields } = parseProcedureInput<Parameters<typeof createKey>[2] & { projectId: string }>("keys.create", {
        ...args.input,
        projectId: args.projectId,
      });
      const record = await createKey(svcOf(ctx), projectId, fields);
      return ctx.deps.db.prisma.key.findUniqueOrThrow({ ...query, where: { id: record._id } });
    },
  }),
  updateKey: t.prismaField({
    type: "Key",
    args: {
      projectId: t.arg.id({ required: true }),
      keyId: t.arg.id({ required: true }),
      input: t.arg({ type: KeyInput, required: true }),
    },
    resolve: async (query, _root, args, ctx) => {
      const { projectId, keyId, ...fields } = parseProcedureInput<Parameters<typeof updateKey>[3] & { projectId: string; keyId: string }>(
        "keys.update",
        {
          ...args.input,
          projectId: args.projectId,
          keyId: args.keyId,
        },
      );
      const record = await updateKey(svcOf(ctx), projectId, keyId, fields);
      return ctx.deps.db.prisma.key.findUniqueOrThrow({ ...query, where: { id: record._id } });
    },
  }),
  deleteKey: t.field({
    type: SuccessRef,
    args: { projectId: t.arg.id({ required: true }), keyId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => deleteKey(svcOf(ctx), String(args.projectId), String(args.keyId)),
  }),
}));
