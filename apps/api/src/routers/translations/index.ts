// REST matches paths in registration order: `/translations/overwrite` comes before `/translations/{language}`.
import { router } from "../../trpc/init";
import { overwriteTranslationsProcedure } from "./overwrite-translations";
import { listLanguageTranslationsProcedure } from "./list-language-translations";
import { listKeyTranslationsProcedure } from "./list-key-translations";
import { upsertTranslationProcedure } from "./upsert-translation";
import { updateTranslationStatusProcedure } from "./update-translation-status";
import { listTranslationHistoryProcedure } from "./list-translation-history";
import { revertTranslationProcedure } from "./revert-translation";
import { revertTranslationToProcedure } from "./revert-translation-to";

export const translationsRouter = router({
  overwrite: overwriteTranslationsProcedure,
  listByLanguage: listLanguageTranslationsProcedure,
  listByKey: listKeyTranslationsProcedure,
  upsert: upsertTranslationProcedure,
  updateStatus: updateTranslationStatusProcedure,
  history: listTranslationHistoryProcedure,
  revert: revertTranslationProcedure,
  revertTo: revertTranslationToProcedure,
});
