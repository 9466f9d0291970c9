import { router } from "../../trpc/init";
import { getAiStatusProcedure } from "./get-ai-status";
import { translateTextProcedure } from "./translate-text";
import { translateBatchProcedure } from "./translate-batch";
import { startBatchJobProcedure } from "./start-batch-job";
import { cancelBatchJobProcedure } from "./cancel-batch-job";

export const aiRouter = router({
  status: getAiStatusProcedure,
  translate: translateTextProcedure,
  translateBatch: translateBatchProcedure,
  startBatchJob: startBatchJobProcedure,
  cancelBatchJob: cancelBatchJobProcedure,
});
