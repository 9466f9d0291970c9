// Bulk edits: preview and apply through the same core services and zod input as REST.
import {
  applyBulkEdit,
  type BulkEditInput,
  type BulkEditPreview,
  type BulkEditResult,
  type BulkLanguageCount,
  type BulkRefusal,
  type BulkSample,
  previewBulkEdit,
} from "@locale/core/bulk-edits";
import { builder, svcOf } from "../builder";
import { parseProcedureInput } from "../procedure-input";
import { TranslationStatusEnum } from "./common";

const BulkOperationTypeEnum = builder.enumType("BulkOperationType", { values: ["replace", "setStatus", "copy", "clear"] as const });

const BulkFilterInput = builder.inputType("BulkFilterInput", {
  fields: (t) => ({
    search: t.string(),
    namespace: t.string(),
    tag: t.string(),
    untranslatedIn: t.string(),
    status: t.field({ type: TranslationStatusEnum }),
    statusIn: t.string(),
    qa: t.string({ description: "any | warning | error | <check id>" }),
    qaIn: t.string(),
    qaLanguages: t.stringList(),
    hasComments: t.boolean(),
  }),
});

const BulkSelectionInput = builder.inputType("BulkSelectionInput", {
  description: "keyIds or filter, not both; neither selects every key",
  fields: (t) => ({ keyIds: t.idList(), filter: t.field({ type: BulkFilterInput }) }),
});

const BulkOperationInput = builder.inputType("BulkOperationInput", {
  description: "The fields of REST's BulkOperation for its `type`",
  fields: (t) => ({
    type: t.field({ type: BulkOperationTypeEnum, required: true }),
    languages: t.stringList({ required: true }),
    find: t.string(),
    replace: t.string(),
    regex: t.boolean(),
    caseSensitive: t.boolean(),
    wholeWord: t.boolean(),
    status: t.field({ type: TranslationStatusEnum }),
    from: t.string(),
    overwrite: t.boolean(),
  }),
});

const BulkLanguageCountRef = builder.objectRef<BulkLanguageCount>("BulkLanguageCount").implement({
  fields: (t) => ({ language: t.exposeString("language"), values: t.exposeInt("values"), matches: t.exposeInt("matches") }),
});

const BulkRefusalRef = builder.objectRef<BulkRefusal>("BulkRefusal").implement({
  fields: (t) => ({
    keyId: t.exposeID("keyId"),
    key: t.exposeString("key"),
    namespace: t.exposeString("namespace"),
    language: t.exposeString("language"),
    code: t.exposeString("code"),
    message: t.exposeString("message"),
  }),
});

const BulkCellRef = builder.objectRef<BulkEditResult["conflicts"][number]>("BulkCell").implement({
  fields: (t) => ({
    keyId: t.exposeID("keyId"),
    key: t.exposeString("key"),
    namespace: t.exposeString("namespace"),
    language: t.exposeString("language"),
  }),
});

const BulkSampleRef = builder.objectRef<BulkSample>("BulkSample").implement({
  fields: (t) => ({
    keyId: t.exposeID("keyId"),
    key: t.exposeString("key"),
    namespace: t.exposeString("namespace"),
    language: t.exposeString("language"),
    before: t.exposeString("before"),
    after: t.exposeString("after"),
    statusBefore: t.expose("statusBefore", { type: TranslationStatusEnum }),
    statusAfter: t.expose("statusAfter", { type: TranslationStatusEnum }),
  }),
});

const BulkPreviewRef = builder.objectRef<BulkEditPreview>("BulkEditPreview").implement({
  fields: (t) => ({
    token: t.exposeString("token"),
    values: t.exposeInt("values"),
    keys: t.exposeInt("keys"),
    languages: t.field({ type: [BulkLanguageCountRef], resolve: (p) => p.languages }),
    samples: t.field({ type: [BulkSampleRef], resolve: (p) => p.samples }),
    refused: t.field({ type: [BulkRefusalRef], resolve: (p) => p.refused }),
    refusedCount: t.exposeInt("refusedCount"),
  }),
});

const BulkResultRef = builder.objectRef<BulkEditResult>("BulkEditResult").implement({
  fields: (t) => ({
    values: t.exposeInt("values"),
    keys: t.exposeInt("keys"),
    languages: t.field({ type: [BulkLanguageCountRef], resolve: (p) => p.languages }),
    refused: t.field({ type: [BulkRefusalRef], resolve: (p) => p.refused }),
    refusedCount: t.exposeInt("refusedCount"),
    conflicts: t.field({ type: [BulkCellRef], resolve: (p) => p.conflicts }),
    conflictCount: t.exposeInt("conflictCount"),
  }),
});

/** GraphQL's nulls dropped, so the REST procedure's zod input judges the arguments. */
const compact = (o: Record<string, unknown> | null | undefined): Record<string, unknown> | undefined =>
  o == null ? undefined : Object.fromEntries(Object.entries(o).filter(([, v]) => v != null));

const argsOf = (args: { projectId: string | number; selection: Record<string, unknown>; operation: Record<string, unknown> }) => ({
  projectId: String(args.projectId),
  selection: {
    ...compact(args.selection),
    ...(args.selection.filter ? { filter: compact(args.selection.filter as Record<string, unknown>) } : {}),
  },
  operation: compact(args.operation),
});

builder.mutationFields((t) => ({
  previewBulkEdit: t.field({
    type: BulkPreviewRef,
    description: "What a bulk edit would change; writes nothing (POST /projects/{projectId}/bulk-edits/preview)",
    args: {
      projectId: t.arg.id({ required: true }),
      selection: t.arg({ type: BulkSelectionInput, required: true }),
      operation: t.arg({ type: BulkOperationInput, required: true }),
    },
    resolve: (_root, args, ctx) => {
      const input = parseProcedureInput<BulkEditInput & { projectId: string }>("bulkEdits.preview", argsOf(args));
      return previewBulkEdit(svcOf(ctx), input.projectId, { selection: input.selection, operation: input.operation });
    },
  }),
  applyBulkEdit: t.field({
    type: BulkResultRef,
    description: "Applies a bulk edit in one transaction (POST /projects/{projectId}/bulk-edits/apply)",
    args: {
      projectId: t.arg.id({ required: true }),
      selection: t.arg({ type: BulkSelectionInput, required: true }),
      operation: t.arg({ type: BulkOperationInput, required: true }),
      token: t.arg.string(),
    },
    resolve: (_root, args, ctx) => {
      const input = parseProcedureInput<BulkEditInput & { projectId: string; token?: string }>("bulkEdits.run", {
        ...argsOf(args),
        ...(args.token != null ? { token: args.token } : {}),
      });
      return applyBulkEdit(svcOf(ctx), input.projectId, {
        selection: input.selection,
        operation: input.operation,
        ...(input.token !== undefined ? { token: input.token } : {}),
      });
    },
  }),
}));
