import type { Prisma } from "@locale/db";

export interface KeyName {
  namespace: string;
  key: string;
}

/**
 * Keys of a project by (namespace, name), for up to a bulk request's worth of names: one join
 * against the unique index, where an OR of a thousand conditions would make the planner work.
 */
export async function findKeysByName(
  tx: Prisma.TransactionClient,
  projectId: string,
  names: KeyName[],
): Promise<(KeyName & { id: string })[]> {
  if (names.length === 0) return [];
  return tx.$queryRaw<(KeyName & { id: string })[]>`
    SELECT k.id, k.key, k.namespace
      FROM unnest(${names.map((n) => n.namespace)}::text[], ${names.map((n) => n.key)}::text[]) AS u(namespace, key)
      JOIN "Key" k ON k."projectId" = ${projectId} AND k.namespace = u.namespace AND k.key = u.key`;
}
