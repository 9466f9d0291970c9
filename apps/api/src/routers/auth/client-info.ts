// The HTTP client as core sees it: its User-Agent and address. `req.ip` follows express's
// "trust proxy" setting (TRUST_PROXY): behind a reverse proxy it must name the proxy, or every
// client shares the proxy's address (and its sign-in throttle).
import type { ClientInfo } from "@locale/core/auth";
import type { Request } from "express";

export const clientOf = (req: Request): ClientInfo => ({ userAgent: req.header("user-agent") ?? null, ipAddress: req.ip ?? null });
