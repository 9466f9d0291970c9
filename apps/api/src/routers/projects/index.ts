import { router } from "../../trpc/init";
import { createProjectProcedure } from "./create-project";
import { listProjectsProcedure } from "./list-projects";
import { getProjectProcedure } from "./get-project";
import { updateProjectProcedure } from "./update-project";
import { archiveProjectProcedure } from "./archive-project";
import { restoreProjectProcedure } from "./restore-project";
import { deleteProjectPermanentlyProcedure } from "./delete-project-permanently";
import { addLanguageProcedure, removeLanguageProcedure } from "./languages";

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
