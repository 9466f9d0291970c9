import { SESSION_COOKIE, SESSION_TTL_MS } from "@locale/core";
import type { Response } from "express";
import type { AppConfig } from "../../config";

export function setSessionCookie(res: Response, config: AppConfig, secret: string): void {
  res.cookie(SESSION_COOKIE, secret, {
    httpOnly: true,
    sameSite: "lax",
    secure: config.COOKIE_SECURE,
    path: "/",
    maxAge: SESSION_TTL_MS,
  });
}

export function clearSessionCookie(res: Response, config: AppConfig): void {
  res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: "lax", secure: config.COOKIE_SECURE, path: "/" });
}
