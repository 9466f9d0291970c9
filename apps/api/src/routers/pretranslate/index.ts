import { router } from "../../trpc/init";
import { leverageReportProcedure } from "./leverage-report";
import { startPretranslateProcedure } from "./start-pretranslate";

export const pretranslateRouter = router({
  start: startPretranslateProcedure,
  leverage: leverageReportProcedure,
});
