// REST matches paths in registration order: `/translations/overwrite` comes before `/translations/{language}`.
import { router } from "../../trpc/init";
import { listKeyTranslationsProcedure } from "./list-key-translations";
import { listLanguageTranslationsProcedure } from "./list-language-translations";
import { listTranslationHistoryProcedure } from "./list-translation-history";
import { overwriteTranslationsProcedure } from "./overwrite-translations";
import { revertTranslationProcedure } from "./revert-translation";
import { revertTranslationToProcedure } from "./revert-translation-to";
import { setQaIssueIgnoredProcedure } from "./set-qa-issue-ignored";
import { updateTranslationStatusProcedure } from "./update-translation-status";
import { upsertTranslationProcedure } from "./upsert-translation";

export const translationsRouter = router({
  overwrite: overwriteTranslationsProcedure,
  listByLanguage: listLanguageTranslationsProcedure,
  listByKey: listKeyTranslationsProcedure,
  upsert: upsertTranslationProcedure,
  updateStatus: updateTranslationStatusProcedure,
  setQaIssueIgnored: setQaIssueIgnoredProcedure,
  history: listTranslationHistoryProcedure,
  revert: revertTranslationProcedure,
  revertTo: revertTranslationToProcedure,
});
