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
    const key = await ctx.db.prisma.$transaction(async (tx) => {
      await reserveQuota(tx, ctx.config.quotas, project.organizationId, "keys", 1);
      const row = await tx.key.create({
        data: {
          projectId: project.id,
          key: input.key,
          namespace,
          description: input.description ?? "",
          tags: normalizeTags(input.tags ?? []),
          maxLength: storedMaxLength(input.maxLength),
        },
      });
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
