// Where invitation links lead (`<PUBLIC_URL>/accept-invite?token=...`): the web application's own
// accept-invitation screen. Mounted before the request logger on purpose (the query string carries
// the single-use secret); the screen reads the token from the address bar, removes it from the
// history, and posts it to the accept-invite procedure; the HTML never contains it.
import type { Express } from "express";
import { sendWebIndex } from "../web/web-app";

export function mountAcceptInvitePage(app: Express): void {
  app.get("/accept-invite", (_req, res) => sendWebIndex(res));
}
