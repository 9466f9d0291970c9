import { router } from "../../trpc/init";
import { archiveProjectProcedure } from "./archive-project";
import { createProjectProcedure } from "./create-project";
import { deleteProjectPermanentlyProcedure } from "./delete-project-permanently";
import { getProjectProcedure } from "./get-project";
import { addLanguageProcedure, removeLanguageProcedure } from "./languages";
import { listProjectsProcedure } from "./list-projects";
import { restoreProjectProcedure } from "./restore-project";
import { updateProjectProcedure } from "./update-project";

export const projectsRouter = router({
  create: createProjectProcedure,
  list: listProjectsProcedure,
  get: getProjectProcedure,
  update: updateProjectProcedure,
  archive: archiveProjectProcedure,
  restore: restoreProjectProcedure,
  deletePermanently: deleteProjectPermanentlyProcedure,
  addLanguage: addLanguageProcedure,
  removeLanguage: removeLanguageProcedure,
});
