// CSRF (DECISIONS.md): a cookie-authenticated unsafe request whose Origin (or, failing that,
// Referer) names a foreign origin, or "null", is refused with 403. API-key requests and requests
// with neither header (non-browser clients) pass.

import { forbidden, SESSION_COOKIE } from "@locale/core";
import type { NextFunction, Request, Response } from "express";
import { sendError } from "./error-responses";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

function originOf(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

export function csrfGuard(publicUrl: string, corsOrigins: string[]) {
  const allowed = new Set([originOf(publicUrl), ...corsOrigins.map(originOf)].filter(Boolean));
  return (req: Request, res: Response, next: NextFunction): void => {
    if (SAFE.has(req.method) || req.header("x-api-key")) return next();
    if (!(req.header("cookie") ?? "").includes(`${SESSION_COOKIE}=`)) return next();
    const origin = req.header("origin");
    const referer = req.header("referer");
    if (origin === undefined && referer === undefined) return next();
    const claimed = origin !== undefined ? (origin === "null" ? null : originOf(origin)) : referer ? originOf(referer) : null;
    const own = `${req.protocol}://${req.header("host")}`;
    if (claimed && (allowed.has(claimed) || claimed === own)) return next();
    sendError(res, forbidden().toBody());
  };
}
