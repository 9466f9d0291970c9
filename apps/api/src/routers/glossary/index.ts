import { router } from "../../trpc/init";
import { createGlossaryProcedure } from "./create-glossary";
import { listGlossariesProcedure } from "./list-glossaries";
import { updateGlossaryProcedure } from "./update-glossary";
import { deleteGlossaryProcedure } from "./delete-glossary";
import { createGlossaryTermProcedure } from "./create-glossary-term";
import { listGlossaryTermsProcedure } from "./list-glossary-terms";
import { updateGlossaryTermProcedure } from "./update-glossary-term";
import { deleteGlossaryTermProcedure } from "./delete-glossary-term";
import { importGlossaryProcedure } from "./import-glossary";
import { exportGlossaryProcedure } from "./export-glossary";
import { checkGlossaryProcedure } from "./check-glossary";

export const glossaryRouter = router({
  create: createGlossaryProcedure,
  list: listGlossariesProcedure,
  update: updateGlossaryProcedure,
  delete: deleteGlossaryProcedure,
  createTerm: createGlossaryTermProcedure,
  listTerms: listGlossaryTermsProcedure,
  updateTerm: updateGlossaryTermProcedure,
  deleteTerm: deleteGlossaryTermProcedure,
  import: importGlossaryProcedure,
  export: exportGlossaryProcedure,
  check: checkGlossaryProcedure,
});
