// The session cookie (docs/accounts.md "Session cookie"): HttpOnly, SameSite=Lax, 30 days. With
// COOKIE_SECURE (derived from an https PUBLIC_URL unless set) it is `Secure` and named `__Host-sid`;
// otherwise `sid`. Both names are read, so sessions made before a deployment moved to https (or
// back) keep working until they end; signing in again replaces the old name's cookie.
import { SECURE_SESSION_COOKIE, SESSION_COOKIE, SESSION_TTL_MS } from "@locale/core";
import type { Response } from "express";
import type { AppConfig } from "../../config";

type CookieConfig = Pick<AppConfig, "COOKIE_SECURE">;

export function sessionCookieName(config: CookieConfig): string {
  return config.COOKIE_SECURE ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

const optionsOf = (config: CookieConfig) => ({ httpOnly: true, sameSite: "lax" as const, secure: config.COOKIE_SECURE, path: "/" });
const otherName = (config: CookieConfig) => (config.COOKIE_SECURE ? SESSION_COOKIE : SECURE_SESSION_COOKIE);

export function setSessionCookie(res: Response, config: AppConfig, secret: string): void {
  res.cookie(sessionCookieName(config), secret, { ...optionsOf(config), maxAge: SESSION_TTL_MS });
  // A browser holding the other name's cookie would send both; the new session wins.
  res.clearCookie(otherName(config), { ...optionsOf(config), secure: otherName(config) === SECURE_SESSION_COOKIE });
}

export function clearSessionCookie(res: Response, config: AppConfig): void {
  res.clearCookie(sessionCookieName(config), optionsOf(config));
  res.clearCookie(otherName(config), { ...optionsOf(config), secure: otherName(config) === SECURE_SESSION_COOKIE });
}
