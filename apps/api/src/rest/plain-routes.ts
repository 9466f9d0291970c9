// Every plain operation (see plain-route.ts), matched in this order by the REST dispatcher.

import { aiStreamRoute } from "./ai-stream-route";
import { commentEditRoute } from "./comment-edit-route";
import { exportRoute } from "./export-route";
import { importRoute } from "./import-route";
import { oidcRoutes } from "./oidc-routes";
import type { PlainRoute } from "./plain-route";
import { screenshotRoutes } from "./screenshot-routes";

export const PLAIN_ROUTES: PlainRoute[] = [exportRoute, importRoute, commentEditRoute, screenshotRoutes, aiStreamRoute, oidcRoutes];
