import { router } from "../../trpc/init";
import { importFileProcedure } from "./import-file";
import { listFormatsProcedure } from "./list-formats";

export const importExportRouter = router({
  importFile: importFileProcedure,
  listFormats: listFormatsProcedure,
});
