import { router } from "../../trpc/init";
import { createReleaseProcedure } from "./create-release";
import { deleteReleaseProcedure } from "./delete-release";
import { getDeliveryProcedure, rollbackReleaseProcedure, rotateDeliveryIdProcedure } from "./delivery";
import { getReleaseProcedure, listReleasesProcedure } from "./list-releases";

export const releasesRouter = router({
  create: createReleaseProcedure,
  list: listReleasesProcedure,
  get: getReleaseProcedure,
  delete: deleteReleaseProcedure,
  rollback: rollbackReleaseProcedure,
  delivery: getDeliveryProcedure,
  rotateDeliveryId: rotateDeliveryIdProcedure,
});
