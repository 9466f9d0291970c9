import { type LeverageInput, leverageReport } from "@locale/core/pretranslate";
import { authedProcedure } from "../../trpc/init";
import { ZLeverageReport, ZLeverageRequest } from "./pretranslate.types";

/** The report's input from the flat query parameters (also GraphQL's arguments). */
export function leverageInputOf(input: Omit<(typeof ZLeverageRequest)["_output"], "projectId">): LeverageInput {
  const rates = {
    context: input.rateContext,
    "100": input.rate100,
    "95-99": input.rate95,
    "85-94": input.rate85,
    "75-84": input.rate75,
    "50-74": input.rate50,
    none: input.rateNone,
  };
  return {
    languages: input.languages
      ?.split(",")
      .map((l) => l.trim())
      .filter(Boolean),
    namespace: input.namespace,
    rates,
  };
}

export const leverageReportProcedure = authedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/projects/{projectId}/leverage",
      tags: ["Pre-translation"],
      summary: "Leverage report: untranslated keys, words and characters per TM match band and language, with a cost from rates",
    },
  })
  .input(ZLeverageRequest)
  .output(ZLeverageReport)
  .query(({ ctx, input }) => {
    const { projectId, ...rest } = input;
    return leverageReport(ctx.svc, projectId, leverageInputOf(rest));
  });
