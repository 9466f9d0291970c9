// Translations: records shaped exactly as REST returns them (synthesised `untranslated` entries
// included); every read and write is the core translations service.

import type { Page } from "@locale/core";
import type { TranslationHistoryRecord, TranslationRecord } from "@locale/core/translations";
import {
  listLanguageTranslations,
  listTranslationHistory,
  type OverwriteResult,
  overwriteTranslations,
  revertTranslation,
  setQaIssueIgnored,
  updateTranslationStatus,
  upsertTranslation,
} from "@locale/core/translations";
import { builder, svcOf } from "../builder";
import { parseProcedureInput } from "../procedure-input";
import { PageMetaRef, TranslationSourceEnum, TranslationStatusEnum } from "./common";

export const TranslationRef = builder.objectRef<TranslationRecord>("Translation").implement({
  fields: (t) => ({
    keyId: t.exposeID("keyId"),
    key: t.exposeString("key"),
    namespace: t.exposeString("namespace"),
    value: t.exposeString("value"),
    status: t.expose("status", { type: TranslationStatusEnum }),
    language: t.exposeString("language"),
    source: t.expose("source", { type: TranslationSourceEnum, nullable: true }),
    aiConfidence: t.exposeInt("aiConfidence", { nullable: true }),
    updatedAt: t.expose("updatedAt", { type: "DateTime", nullable: true }),
    warnings: t.expose("warnings", { type: "JSON", description: "Placeholder differences from the source value" }),
    qaIssues: t.expose("qaIssues", {
      type: "JSON",
      description: "Quality-check warnings stored when the value last changed: [{check, severity, message, start?, end?, ignored?}]",
    }),
  }),
});

const TranslationPageRef = builder.objectRef<Page<TranslationRecord>>("TranslationPage").implement({
  fields: (t) => ({
    nodes: t.field({ type: [TranslationRef], resolve: (p) => p.data }),
    meta: t.field({ type: PageMetaRef, resolve: (p) => p.meta }),
  }),
});

const HistoryEntryRef = builder.objectRef<TranslationHistoryRecord>("TranslationHistoryEntry").implement({
  fields: (t) => ({
    id: t.exposeID("_id"),
    previousValue: t.exposeString("previousValue", { nullable: true }),
    newValue: t.exposeString("newValue"),
    previousStatus: t.expose("previousStatus", { type: TranslationStatusEnum }),
    newStatus: t.expose("newStatus", { type: TranslationStatusEnum }),
    changedBy: t.exposeString("changedBy", { description: 'A user id, or "ai" for AI batch saves' }),
    changedByName: t.exposeString("changedByName", { nullable: true }),
    source: t.expose("source", { type: TranslationSourceEnum }),
    created: t.expose("created", { type: "DateTime" }),
  }),
});

const WritableSourceEnum = builder.enumType("WritableTranslationSource", { values: ["human", "ai"] as const });

builder.queryFields((t) => ({
  translations: t.field({
    type: TranslationPageRef,
    description: "One language over every key of the project, as GET /translations/{language}",
    args: {
      projectId: t.arg.id({ required: true }),
      language: t.arg.string({ required: true }),
      page: t.arg.int(),
      limit: t.arg.int(),
      qa: t.arg.string({
        description: "any | warning | error | <check id>: only translations with such a quality-check issue nobody ignored",
      }),
    },
    resolve: (_root, args, ctx) =>
      listLanguageTranslations(svcOf(ctx), String(args.projectId), args.language, {
        page: args.page ?? undefined,
        limit: args.limit ?? undefined,
        qa: args.qa ?? undefined,
      }),
  }),
  translationHistory: t.field({
    type: [HistoryEntryRef],
    description: "Newest first",
    args: { projectId: t.arg.id({ required: true }), keyId: t.arg.id({ required: true }), language: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => listTranslationHistory(svcOf(ctx), String(args.projectId), String(args.keyId), args.language),
  }),
}));

const OverwriteItemInput = builder.inputType("OverwriteTranslationInput", {
  fields: (t) => ({
    key: t.string({ required: true }),
    namespace: t.string(),
    language: t.string({ required: true }),
    value: t.string({ required: true }),
  }),
});

const NotFoundItemRef = builder.objectRef<OverwriteResult["notFound"][number]>("OverwriteNotFound").implement({
  fields: (t) => ({ key: t.exposeString("key"), namespace: t.exposeString("namespace"), language: t.exposeString("language") }),
});

const OverwriteResultRef = builder.objectRef<OverwriteResult>("OverwriteResult").implement({
  fields: (t) => ({
    overwritten: t.exposeInt("overwritten"),
    notFound: t.field({ type: [NotFoundItemRef], resolve: (r) => r.notFound }),
  }),
});

builder.mutationFields((t) => ({
  overwriteTranslations: t.field({
    type: OverwriteResultRef,
    description: "Sets values by key name (plus namespace) and language; unknown keys are reported, not created",
    args: { projectId: t.arg.id({ required: true }), translations: t.arg({ type: [OverwriteItemInput], required: true }) },
    resolve: (_root, args, ctx) => {
      const input = parseProcedureInput<{ projectId: string; translations: Parameters<typeof overwriteTranslations>[2] }>(
        "translations.overwrite",
        {
          projectId: args.projectId,
          translations: args.translations.map((i) => Object.fromEntries(Object.entries(i).filter(([, v]) => v != null))),
        },
      );
      return overwriteTranslations(svcOf(ctx), input.projectId, input.translations);
    },
  }),
  upsertTranslation: t.field({
    type: TranslationRef,
    args: {
      projectId: t.arg.id({ required: true }),
      keyId: t.arg.id({ required: true }),
      language: t.arg.string({ required: true }),
      value: t.arg.string({ required: true }),
      source: t.arg({ type: WritableSourceEnum }),
      aiConfidence: t.arg.int(),
      status: t.arg({
        type: TranslationStatusEnum,
        description: "Stored with the value (default: derived); reviewed/approved need the review permission",
      }),
    },
    resolve: (_root, args, ctx) => {
      const { projectId, keyId, language, ...input } = parseProcedureInput<
        Parameters<typeof upsertTranslation>[4] & { projectId: string; keyId: string; language: string }
      >("translations.upsert", args);
      return upsertTranslation(svcOf(ctx), projectId, keyId, language, input);
    },
  }),
  updateTranslationStatus: t.field({
    type: TranslationRef,
    args: {
      projectId: t.arg.id({ required: true }),
      keyId: t.arg.id({ required: true }),
      language: t.arg.string({ required: true }),
      status: t.arg({ type: TranslationStatusEnum, required: true }),
    },
    resolve: (_root, args, ctx) =>
      updateTranslationStatus(svcOf(ctx), String(args.projectId), String(args.keyId), args.language, args.status),
  }),
  setQaIssueIgnored: t.field({
    type: TranslationRef,
    description: "Ignores (ignored: true) or counts again a quality-check issue of the translation's current value",
    args: {
      projectId: t.arg.id({ required: true }),
      keyId: t.arg.id({ required: true }),
      language: t.arg.string({ required: true }),
      check: t.arg.string({ required: true }),
      ignored: t.arg.boolean({ required: true }),
    },
    resolve: (_root, args, ctx) => {
      const input = parseProcedureInput<{ projectId: string; keyId: string; language: string; check: string; ignored: boolean }>(
        "translations.setQaIssueIgnored",
        { ...args, projectId: String(args.projectId), keyId: String(args.keyId) },
      );
      return setQaIssueIgnored(svcOf(ctx), input.projectId, input.keyId, input.language, input.check, input.ignored);
    },
  }),
  revertTranslation: t.field({
    type: TranslationRef,
    description: "Reverts to the previous value, or to the value of `historyId` when given",
    args: {
      projectId: t.arg.id({ required: true }),
      keyId: t.arg.id({ required: true }),
      language: t.arg.string({ required: true }),
      historyId: t.arg.id(),
    },
    resolve: (_root, args, ctx) =>
      revertTranslation(
        svcOf(ctx),
        String(args.projectId),
        String(args.keyId),
        args.language,
        args.historyId ? String(args.historyId) : undefined,
      ),
  }),
}));
