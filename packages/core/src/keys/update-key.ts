import { recordActivity } from "../activity/record-activity";
import type { ServiceContext } from "../context";
import { conflict } from "../errors/app-error";
import { fromDatabaseError, isUniqueViolation } from "../errors/prisma-errors";
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
import { loadKey } from "./load-key";

/** Only included fields change; renaming onto a name that exists in the namespace is a 409. */
export async function updateKey(ctx: ServiceContext, projectId: string, keyId: string, input: KeyFields): Promise<KeyRecord> {
  const project = await loadProject(ctx, projectId, "keys.write", { forWrite: true });
  const current = await loadKey(ctx, project.id, keyId);
  assertKeyFields(input);
  const changes = {
    ...(input.key !== undefined ? { key: input.key } : {}),
    ...(input.namespace !== undefined ? { namespace: input.namespace } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.tags !== undefined ? { tags: normalizeTags(input.tags) } : {}),
    // The limit applies to values written from now on; stored ones are not rechecked here.
    ...(input.maxLength !== undefined ? { maxLength: storedMaxLength(input.maxLength) } : {}),
  };
  if (Object.keys(changes).length === 0) return toKeyRecord(current);
  try {
    const key = await ctx.db.prisma.$transaction(async (tx) => {
      const row = await tx.key.update({ where: { id: current.id }, data: changes });
      await recordActivity(tx, ctx.actor, {
        action: "key.updated",
        projectId: project.id,
        targetId: row.id,
        targetType: "key",
        metadata: {
          keyId: row.id,
          key: row.key,
          namespace: row.namespace,
          changes: Object.keys(changes),
          ...(row.key !== current.key || row.namespace !== current.namespace
            ? { previousKey: current.key, previousNamespace: current.namespace }
            : {}),
        },
      });
      return row;
    });
    return toKeyRecord(key);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(duplicateKeyMessage(changes.key ?? current.key, changes.namespace ?? current.namespace));
    throw fromDatabaseError(error);
  }
}
