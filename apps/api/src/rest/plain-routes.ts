// Every plain express route (see plain-route.ts), in mount order.
import type { PlainRoute } from "./plain-route";

export const PLAIN_ROUTES: PlainRoute[] = [];
