// Serves the web application (apps/web, built by `pnpm build` into apps/web/dist) at `/`: hashed
// assets with a long cache, and index.html for every other GET that no API route answered, so
// client routes (/projects/…, /accept-invite) survive a reload. Everything comes from this origin;
// the CSP forbids anything else.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import express, { type Express, type NextFunction, type Request, type Response } from "express";

const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'; object-src 'none'";

/** Paths the web application never owns (an unknown one there stays a JSON 404). */
const API_PREFIXES = ["/api", "/trpc", "/graphql", "/health"];

/** apps/web/dist, found by walking up from this module (works from src/ and from a compiled dist/). */
export function findWebDist(): string | null {
  if (process.env.WEB_DIST_DIR) return existsSync(path.join(process.env.WEB_DIST_DIR, "index.html")) ? process.env.WEB_DIST_DIR : null;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    for (const candidate of [path.join(dir, "web", "dist"), path.join(dir, "apps", "web", "dist")]) {
      if (existsSync(path.join(candidate, "index.html"))) return candidate;
    }
    dir = path.dirname(dir);
  }
  return null;
}

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Locale</title></head><body>
<h1>The web application is not built</h1><p>Run <code>pnpm build</code> and restart the server. The API is at <a href="/api/docs">/api/docs</a>.</p></body></html>`;

let cachedIndex: { dir: string | null; html: string } | null = null;

function indexHtml(): string {
  const dir = findWebDist();
  if (cachedIndex && cachedIndex.dir === dir && dir !== null) return cachedIndex.html;
  const html = dir ? readFileSync(path.join(dir, "index.html"), "utf8") : NOT_BUILT;
  cachedIndex = { dir, html };
  return html;
}

/** The application shell, never cached (it names the current hashed assets), with the strict headers. */
export function sendWebIndex(res: Response): void {
  res
    .set("Cache-Control", "no-store")
    .set("Referrer-Policy", "no-referrer")
    .set("X-Content-Type-Options", "nosniff")
    .set("X-Frame-Options", "DENY")
    .set("Content-Security-Policy", CSP)
    .type("html")
    .send(indexHtml());
}

export function mountWebApp(app: Express): void {
  const dist = findWebDist();
  if (dist) {
    app.use("/assets", express.static(path.join(dist, "assets"), { immutable: true, maxAge: "1y", index: false, fallthrough: true }));
    app.use(express.static(dist, { index: false, maxAge: "1h" }));
  }
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (API_PREFIXES.some((p) => req.path === p || req.path.startsWith(`${p}/`))) return next();
    if (req.path.startsWith("/assets/") || path.extname(req.path) !== "") return next();
    sendWebIndex(res);
  });
}
