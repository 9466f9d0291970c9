import { router } from "../../trpc/init";
import { getQaSettingsProcedure } from "./get-qa-settings";
import { updateQaSettingsProcedure } from "./update-qa-settings";

export const qualityRouter = router({
  getSettings: getQaSettingsProcedure,
  updateSettings: updateQaSettingsProcedure,
});
