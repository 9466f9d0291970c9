// The dispatcher runs a few express middlewares as steps of its own pipeline (the JSON body
// parser, the CSRF guard): each as a promise of what it handed to `next`.
import type { NextFunction, Request, Response } from "express";

export type Middleware = (req: Request, res: Response, next: NextFunction) => void;

/** Runs one express middleware; resolves with what it passed to `next` (an error or nothing). */
export function runMiddleware(middleware: Middleware, req: Request, res: Response): Promise<unknown> {
  return new Promise((resolve) => middleware(req, res, resolve));
}
