// Every plain express route (see plain-route.ts), in mount order.
import type { PlainRoute } from "./plain-route";
import { exportRoute } from "./export-route";
import { commentEditRoute } from "./comment-edit-route";
import { aiStreamRoute } from "./ai-stream-route";

export const PLAIN_ROUTES: PlainRoute[] = [exportRoute, commentEditRoute, aiStreamRoute];
