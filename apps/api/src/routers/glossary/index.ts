import { router } from "../../trpc/init";
import { checkGlossaryProcedure } from "./check-glossary";
import { createGlossaryProcedure } from "./create-glossary";
import { createGlossaryTermProcedure } from "./create-glossary-term";
import { deleteGlossaryProcedure } from "./delete-glossary";
import { deleteGlossaryTermProcedure } from "./delete-glossary-term";
import { exportGlossaryProcedure } from "./export-glossary";
import { importGlossaryProcedure } from "./import-glossary";
import { listGlossariesProcedure } from "./list-glossaries";
import { listGlossaryTermsProcedure } from "./list-glossary-terms";
import { updateGlossaryProcedure } from "./update-glossary";
import { updateGlossaryTermProcedure } from "./update-glossary-term";

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
