import { router } from "../../trpc/init";
import { deleteTmEntryProcedure } from "./delete-tm-entry";
import { listTmEntriesProcedure } from "./list-tm-entries";
import { searchTmProcedure } from "./search-tm";

export const tmRouter = router({
  list: listTmEntriesProcedure,
  search: searchTmProcedure,
  delete: deleteTmEntryProcedure,
});
