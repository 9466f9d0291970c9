import { router } from "../../trpc/init";
import { cancelBatchJobProcedure } from "./cancel-batch-job";
import { getAiStatusProcedure } from "./get-ai-status";
import { startBatchJobProcedure } from "./start-batch-job";
import { translateBatchProcedure } from "./translate-batch";
import { translateTextProcedure } from "./translate-text";

export const aiRouter = router({
  status: getAiStatusProcedure,
  translate: translateTextProcedure,
  translateBatch: translateBatchProcedure,
  startBatchJob: startBatchJobProcedure,
  cancelBatchJob: cancelBatchJobProcedure,
});
