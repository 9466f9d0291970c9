// TM pre-translation jobs and the leverage report, through the same services and input validation
// as POST .../pretranslate and GET .../leverage. A job's progress is the AI batch's event stream.
import {
  type LeverageBandCount,
  type LeverageLanguage,
  type LeverageReport,
  leverageReport,
  type PretranslateInput,
  type PretranslateJob,
  startPretranslate,
} from "@locale/core/pretranslate";
import { leverageInputOf } from "../../routers/pretranslate/leverage-report";
import { builder, svcOf } from "../builder";
import { parseProcedureInput } from "../procedure-input";

const PretranslateJobRef = builder.objectRef<PretranslateJob>("PretranslateJob").implement({
  fields: (t) => ({
    jobId: t.exposeID("jobId"),
    targetLanguage: t.exposeString("targetLanguage"),
    total: t.exposeInt("total"),
    skipped: t.exposeInt("skipped"),
    totalKeys: t.exposeInt("totalKeys"),
  }),
});

const LeverageBandRef = builder.objectRef<LeverageBandCount>("LeverageBand").implement({
  fields: (t) => ({
    band: t.exposeString("band", { description: "context, 100, 95-99, 85-94, 75-84, 50-74 or none" }),
    keys: t.exposeInt("keys"),
    words: t.exposeInt("words"),
    characters: t.exposeInt("characters"),
    cost: t.exposeFloat("cost", { nullable: true }),
  }),
});

const LeverageLanguageRef = builder.objectRef<LeverageLanguage>("LeverageLanguage").implement({
  fields: (t) => ({
    language: t.exposeString("language"),
    keys: t.exposeInt("keys"),
    words: t.exposeInt("words"),
    characters: t.exposeInt("characters"),
    cost: t.exposeFloat("cost", { nullable: true }),
    bands: t.field({ type: [LeverageBandRef], resolve: (l) => l.bands }),
  }),
});

const LeverageReportRef = builder.objectRef<LeverageReport>("LeverageReport").implement({
  fields: (t) => ({
    sourceLanguage: t.exposeString("sourceLanguage"),
    languages: t.field({ type: [LeverageLanguageRef], resolve: (r) => r.languages }),
  }),
});

builder.queryFields((t) => ({
  leverageReport: t.field({
    type: LeverageReportRef,
    description: "Untranslated keys, words and characters per TM match band and language, as GET .../leverage",
    args: {
      projectId: t.arg.id({ required: true }),
      languages: t.arg.string({ description: "Comma-separated target languages; default all" }),
      namespace: t.arg.string(),
      rateContext: t.arg.float(),
      rate100: t.arg.float(),
      rate95: t.arg.float(),
      rate85: t.arg.float(),
      rate75: t.arg.float(),
      rate50: t.arg.float(),
      rateNone: t.arg.float(),
    },
    resolve: (_root, args, ctx) => {
      const { projectId, ...rest } = parseProcedureInput<Parameters<typeof leverageInputOf>[0] & { projectId: string }>(
        "pretranslate.leverage",
        args,
      );
      return leverageReport(svcOf(ctx), projectId, leverageInputOf(rest));
    },
  }),
}));

builder.mutationFields((t) => ({
  startPretranslate: t.field({
    type: [PretranslateJobRef],
    description: "Starts TM pre-translation jobs, one per language, as POST .../pretranslate",
    args: {
      projectId: t.arg.id({ required: true }),
      sourceLanguage: t.arg.string(),
      targetLanguages: t.arg.stringList(),
      minSimilarity: t.arg.float(),
      engine: t.arg.string({ description: "deepl, google, azure, amazon or ai" }),
      model: t.arg.string(),
      namespace: t.arg.string(),
      keyIds: t.arg.idList(),
    },
    resolve: async (_root, args, ctx) => {
      const { projectId, ...input } = parseProcedureInput<PretranslateInput & { projectId: string }>("pretranslate.start", args);
      return (await startPretranslate(svcOf(ctx), projectId, input)).jobs;
    },
  }),
}));
