// Bulk update: one transaction. Unknown ids are listed in `notFound`; an item whose new name is
// taken (by another key, or by an earlier item of the same request) is reported in `errors` and
// left unchanged, so one bad item never aborts the rest.

import { recordActivity } from "../activity/record-activity";
import type { ServiceContext } from "../context";
import { badRequest, conflict } from "../errors/app-error";
import { fromDatabaseError, isUniqueViolation } from "../errors/prisma-errors";
import { loadProject } from "../projects/load-project";
import { findKeysByName } from "./find-keys-by-name";
import {
  duplicateKeyMessage,
  type KeyFields,
  keyFieldIssues,
  keyIdentity,
  MAX_BULK_ITEMS,
  normalizeTags,
  storedMaxLength,
} from "./key-record";

export type BulkUpdateKeyItem = KeyFields & { _id: string };

export interface BulkUpdateKeysResult {
  updated: number;
  notFound: string[];
  errors: { index: number; _id: string; message: string }[];
}

export async function bulkUpdateKeys(ctx: ServiceContext, projectId: string, items: BulkUpdateKeyItem[]): Promise<BulkUpdateKeysResult> {
  if (items.length > MAX_BULK_ITEMS)
    throw badRequest(`keys: at most ${MAX_BULK_ITEMS} items per request`, [{ path: "keys", message: `at most ${MAX_BULK_ITEMS} items` }]);
  const project = await loadProject(ctx, projectId, "keys.write", { forWrite: true });
  try {
    return await applyBulkUpdate(ctx, project.id, items);
  } catch (error) {
    // Only a concurrent rename can get past the checks below; report it like a single update.
    if (isUniqueViolation(error)) throw conflict("A key name in this request was taken concurrently; retry the request");
    throw fromDatabaseError(error);
  }
}

function applyBulkUpdate(ctx: ServiceContext, projectId: string, items: BulkUpdateKeyItem[]): Promise<BulkUpdateKeysResult> {
  return ctx.db.prisma.$transaction(async (tx) => {
    const ids = [...new Set(items.map((i) => i._id))];
    const existing = await tx.key.findMany({ where: { projectId, id: { in: ids } } });
    const byId = new Map(existing.map((k) => [k.id, k]));
    // Names the request wants to move to, checked against the whole project in one query.
    const renamed = items.filter((i) => byId.has(i._id) && (i.key !== undefined || i.namespace !== undefined));
    const targets = renamed.map((i) => ({ namespace: i.namespace ?? byId.get(i._id)!.namespace, key: i.key ?? byId.get(i._id)!.key }));
    const holders = await findKeysByName(tx, projectId, targets);
    const taken = new Map(holders.map((h) => [keyIdentity(h.namespace, h.key), h.id]));

    const notFound: string[] = [];
    const errors: BulkUpdateKeysResult["errors"] = [];
    const changed: { keyId: string; key: string; namespace: string }[] = [];
    for (const [index, item] of items.entries()) {
      const current = byId.get(item._id);
      if (!current) {
        if (!notFound.includes(item._id)) notFound.push(item._id);
        continue;
      }
      const issues = keyFieldIssues(item);
      if (issues.length > 0) {
        errors.push({ index, _id: item._id, message: issues.map((i) => `${i.path}: ${i.message}`).join("; ") });
        continue;
      }
      const key = item.key ?? current.key;
      const namespace = item.namespace ?? current.namespace;
      const identity = keyIdentity(namespace, key);
      const holder = taken.get(identity);
      if (holder !== undefined && holder !== current.id) {
        errors.push({ index, _id: item._id, message: duplicateKeyMessage(key, namespace) });
        continue;
      }
      const data = {
        ...(item.key !== undefined ? { key: item.key } : {}),
        ...(item.namespace !== undefined ? { namespace: item.namespace } : {}),
        ...(item.description !== undefined ? { description: item.description } : {}),
        ...(item.tags !== undefined ? { tags: normalizeTags(item.tags) } : {}),
        ...(item.maxLength !== undefined ? { maxLength: storedMaxLength(item.maxLength) } : {}),
      };
      if (Object.keys(data).length === 0) continue;
      const row = await tx.key.update({ where: { id: current.id }, data });
      // The old name stays reserved within this request: a swap would collide mid-transaction.
      taken.set(identity, current.id);
      byId.set(current.id, row);
      changed.push({ keyId: row.id, key: row.key, namespace: row.namespace });
    }
    if (changed.length > 0) {
      await recordActivity(tx, ctx.actor, {
        action: "key.updated",
        projectId,
        targetType: "key",
        metadata: { bulk: true, count: changed.length, keys: changed },
      });
    }
    return { updated: changed.length, notFound, errors };
  });
}
