import type { Key } from "@locale/db";
import type { ServiceContext } from "../context";
import { notFound } from "../errors/app-error";

/**
 * A key of an already tenant-checked project; another project's key id is "not found".
 * Raw SQL: every key-scoped request runs it, and the row maps to the Prisma `Key` type as is
 * (timestamptz → Date, text[] → string[]).
 */
export async function loadKey(ctx: ServiceContext, projectId: string, keyId: string): Promise<Key> {
  const [key] = await ctx.db.query<Key>(
    `SELECT "id", "projectId", "namespace", "key", "description", "tags", "maxLength", "createdAt", "updatedAt"
       FROM "Key" WHERE "id" = $1 AND "projectId" = $2`,
    [keyId, projectId],
  );
  if (!key) throw notFound("Key");
  return key;
}
