import type { Key } from "@locale/db";
import type { ServiceContext } from "../context";
import { notFound } from "../errors/app-error";

/** A key of an already tenant-checked project; another project's key id is "not found". */
export async function loadKey(ctx: ServiceContext, projectId: string, keyId: string): Promise<Key> {
  const key = await ctx.db.prisma.key.findFirst({ where: { id: keyId, projectId } });
  if (!key) throw notFound("Key");
  return key;
}
