import { setQaIssueIgnored } from "@locale/core/translations";
import { authedProcedure } from "../../trpc/init";
import { ZSetQaIssueIgnoredRequest, ZTranslation } from "./translations.types";

export const setQaIssueIgnoredProcedure = authedProcedure
  .meta({
    openapi: {
      method: "PATCH",
      path: "/projects/{projectId}/keys/{keyId}/translations/{language}/qa-issues/{check}",
      tags: ["Translations"],
      summary: "Ignore (or count again) a quality-check issue of this translation's current value",
    },
  })
  .input(ZSetQaIssueIgnoredRequest)
  .output(ZTranslation)
  .mutation(({ ctx, input }) => setQaIssueIgnored(ctx.svc, input.projectId, input.keyId, input.language, input.check, input.ignored));
