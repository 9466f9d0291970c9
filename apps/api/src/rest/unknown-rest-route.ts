// What a request below /api that no route owns gets: the documented 404 body (a HEAD, the 404 with
// no body). The REST dispatcher answers every procedure route and plain operation in front of express,
// so this is the last handler of the REST router. The bytes are those the OpenAPI
// adapter sent when it sat here (a bare `Content-Type: application/json`, no ETag): clients and the
// differential tests (rest-dispatch.test.ts, rest-reads.test.ts) see no change.
import { AppError } from "@locale/core";
import type { Request, Response } from "express";

const NOT_FOUND = JSON.stringify(new AppError("NOT_FOUND", "Route not found").toBody());

export function unknownRestRoute(_req: Request, res: Response): void {
  res.setHeader("Content-Type", "application/json");
  res.statusCode = 404;
  // node sends no body for a HEAD, whatever is written
  res.end(NOT_FOUND);
}
