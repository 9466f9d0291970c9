import type { Key } from "@locale/db";
import { v7 as uuidv7 } from "uuid";
import { recordActivity } from "../activity/record-activity";
import type { ServiceContext } from "../context";
import { conflict } from "../errors/app-error";
import { fromDatabaseError, isUniqueViolation } from "../errors/prisma-errors";
import { reserveQuota } from "../limits/quota-usage";
import { loadProject } from "../projects/load-project";
import {
  assertKeyFields,
  duplicateKeyMessage,
  type KeyFields,
  type KeyRecord,
  normalizeTags,
  storedMaxLength,
  toKeyRecord,
} from "./key-record";

export type CreateKeyInput = KeyFields & { key: string };

export async function createKey(ctx: ServiceContext, projectId: string, input: CreateKeyInput): Promise<KeyRecord> {
  const project = await loadProject(ctx, projectId, "keys.write", { forWrite: true });
  assertKeyFields(input);
  const namespace = input.namespace ?? "";
  try {
    // Outside Prisma's interactive transaction (Database.transaction; issue 26): Prisma's
    // transaction and query machinery cost more CPU than the rest of the request.
    const key = await ctx.db.transaction(async (tx) => {
      await reserveQuota(tx, ctx.config.quotas, project.organizationId, "keys", 1);
      // The Key triggers keep the project's key stats, as for every insert.
      const [row] = await tx.query<Key>(
        `INSERT INTO "Key" ("id", "projectId", "key", "namespace", "description", "tags", "maxLength", "createdAt", "updatedAt")
         VALUES ($1, $2, $3, $4, $5, $6::text[], $7, now(), now())
         RETURNING "id", "projectId", "namespace", "key", "description", "tags", "maxLength", "createdAt", "updatedAt"`,
        [
          uuidv7(),
          project.id,
          input.key,
          namespace,
          input.description ?? "",
          normalizeTags(input.tags ?? []),
          storedMaxLength(input.maxLength),
        ],
      );
      if (!row) throw new Error("INSERT … RETURNING returned no key");
      await recordActivity(tx, ctx.actor, {
        action: "key.created",
        projectId: project.id,
        targetId: row.id,
        targetType: "key",
        metadata: { keyId: row.id, key: row.key, namespace: row.namespace },
      });
      return row;
    });
    return toKeyRecord(key);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(duplicateKeyMessage(input.key, namespace));
    throw fromDatabaseError(error);
  }
}
