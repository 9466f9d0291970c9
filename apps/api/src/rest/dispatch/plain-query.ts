// A plain operation's query values, read one way with the documented 400s: each value at most once
// (a repeated key is refused, not silently reduced to one of its values).
import { badRequest } from "@locale/core";
import type { Request } from "express";

export interface PlainQuery {
  /** A value given at most once. */
  single(field: string): string | undefined;
  /** A value given exactly once. */
  required(field: string): string;
  /** A flag: "true" or "false", given at most once. */
  boolean(field: string): boolean | undefined;
}

export function plainQuery(req: Request): PlainQuery {
  const single = (field: string): string | undefined => {
    const value = req.query[field];
    if (value === undefined) return undefined;
    if (typeof value !== "string") throw badRequest(`${field}: must be given once`, [{ path: field, message: "must be given once" }]);
    return value;
  };
  return {
    single,
    required(field) {
      const value = single(field);
      if (value === undefined) throw badRequest(`${field}: is required`, [{ path: field, message: "is required" }]);
      return value;
    },
    boolean(field) {
      const value = single(field);
      if (value === undefined) return undefined;
      if (value === "true") return true;
      if (value === "false") return false;
      throw badRequest(`${field}: must be "true" or "false"`, [{ path: field, message: 'must be "true" or "false"' }]);
    },
  };
}
