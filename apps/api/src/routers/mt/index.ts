import { router } from "../../trpc/init";
import { listMtEnginesProcedure } from "./list-engines";
import { mtTranslateBatchProcedure } from "./translate-batch";

export const mtRouter = router({
  engines: listMtEnginesProcedure,
  translateBatch: mtTranslateBatchProcedure,
});
