import { router } from "../../trpc/init";
import { listTmEntriesProcedure } from "./list-tm-entries";
import { searchTmProcedure } from "./search-tm";
import { deleteTmEntryProcedure } from "./delete-tm-entry";

export const tmRouter = router({
  list: listTmEntriesProcedure,
  search: searchTmProcedure,
  delete: deleteTmEntryProcedure,
});
