// The documented GraphQL error answer (docs/api-rules.md): `{errors: [{message, locations?, path?,
// extensions: {code, statusCode, issues?}}], data?}`. Resolver errors get it from toGraphqlError;
// what is refused before yoga runs (transport, variables) is answered here in the same shape.
import { APP_ERROR_TABLE, type ErrorBody } from "@locale/core";
import type { Response } from "express";

export function graphqlCodeOf(status: number): string {
  return (Object.values(APP_ERROR_TABLE).find((e) => e.status === status) ?? APP_ERROR_TABLE.INTERNAL).graphql;
}

export function graphqlErrorExtensions(body: ErrorBody) {
  return { code: graphqlCodeOf(body.statusCode), statusCode: body.statusCode, ...(body.issues ? { issues: body.issues } : {}) };
}

export function sendGraphqlError(res: Response, body: ErrorBody): void {
  res.status(body.statusCode).json({ errors: [{ message: body.message, extensions: graphqlErrorExtensions(body) }] });
}
