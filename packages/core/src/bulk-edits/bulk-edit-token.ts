// The preview's token: the snapshot its read used and a digest of the (normalised) edit, so an
// apply can tell which values changed after the preview and that the token is this edit's.
import { createHash } from "node:crypto";
import { badRequest } from "../errors/app-error";
import type { BulkEditInput } from "./bulk-edit-types";

const SNAPSHOT = /^\d{1,20}:\d{1,20}:(\d{1,20}(,\d{1,20})*)?$/;

const digestOf = (projectId: string, input: BulkEditInput): string =>
  createHash("sha256")
    .update(JSON.stringify([projectId, input.selection, input.operation]))
    .digest("base64url")
    .slice(0, 22);

export function makeBulkToken(projectId: string, input: BulkEditInput, snapshot: string): string {
  return `v1.${Buffer.from(snapshot).toString("base64url")}.${digestOf(projectId, input)}`;
}

/** The snapshot of a token made for this edit; 400 for anything else. */
export function readBulkToken(projectId: string, input: BulkEditInput, token: string): string {
  const invalid = (message: string) => badRequest(`token: ${message}`, [{ path: "token", message }]);
  const parts = token.split(".");
  if (parts.length !== 3 || parts[0] !== "v1") throw invalid("not a bulk edit preview token");
  const snapshot = Buffer.from(parts[1]!, "base64url").toString();
  if (snapshot.length > 100_000 || !SNAPSHOT.test(snapshot)) throw invalid("not a bulk edit preview token");
  if (parts[2] !== digestOf(projectId, input)) throw invalid("belongs to a preview of a different edit; preview this one");
  return snapshot;
}
