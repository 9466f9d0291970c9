// Bulk create: one transaction, one insert. Names that exist already (or twice in the request)
// are skipped, rule violations are reported per item, and one summary activity entry is written.

import type { Prisma } from "@locale/db";
import { v7 as uuidv7 } from "uuid";
import { recordActivity } from "../activity/record-activity";
import type { ServiceContext } from "../context";
import { badRequest } from "../errors/app-error";
import { assertWithinQuota, holdQuota } from "../limits/quota-usage";
import { loadProject } from "../projects/load-project";
import {
  type KeyFields,
  type KeyRecord,
  keyFieldIssues,
  keyIdentity,
  MAX_BULK_ITEMS,
  normalizeTags,
  storedMaxLength,
  toKeyRecord,
} from "./key-record";

export interface BulkCreateKeysResult {
  created: number;
  skipped: number;
  errors: { index: number; key: string; message: string }[];
  keys: KeyRecord[];
}

export async function bulkCreateKeys(
  ctx: ServiceContext,
  projectId: string,
  items: (KeyFields & { key: string })[],
): Promise<BulkCreateKeysResult> {
  if (items.length > MAX_BULK_ITEMS)
    throw badRequest(`keys: at most ${MAX_BULK_ITEMS} items per request`, [{ path: "keys", message: `at most ${MAX_BULK_ITEMS} items` }]);
  const project = await loadProject(ctx, projectId, "keys.write", { forWrite: true });
  const errors: BulkCreateKeysResult["errors"] = [];
  const seen = new Set<string>();
  let skipped = 0;
  const now = new Date();
  const rows: (Prisma.KeyCreateManyInput & { id: string })[] = [];
  for (const [index, item] of items.entries()) {
    const issues = keyFieldIssues(item);
    if (issues.length > 0) {
      errors.push({ index, key: item.key, message: issues.map((i) => `${i.path}: ${i.message}`).join("; ") });
      continue;
    }
    const namespace = item.namespace ?? "";
    const identity = keyIdentity(namespace, item.key);
    if (seen.has(identity)) {
      skipped++;
      continue;
    }
    seen.add(identity);
    rows.push({
      id: uuidv7(),
      projectId: project.id,
      key: item.key,
      namespace,
      description: item.description ?? "",
      tags: normalizeTags(item.tags ?? []),
      maxLength: storedMaxLength(item.maxLength),
      createdAt: now,
      updatedAt: now,
    });
  }
  const created = await ctx.db.prisma.$transaction(async (tx) => {
    const quota = rows.length > 0 ? await holdQuota(tx, ctx.config.quotas, project.organizationId, "keys") : null;
    // ON CONFLICT DO NOTHING: existing names are skipped, also against a concurrent bulk create.
    const inserted = rows.length > 0 ? await tx.key.createManyAndReturn({ data: rows, skipDuplicates: true }) : [];
    // Counted after the insert (skipped names add nothing); passing the quota refuses the whole request.
    await assertWithinQuota(tx, quota);
    if (inserted.length > 0) {
      await recordActivity(tx, ctx.actor, {
        action: "key.created",
        projectId: project.id,
        targetType: "key",
        metadata: { bulk: true, count: inserted.length, keys: inserted.map((k) => ({ keyId: k.id, key: k.key, namespace: k.namespace })) },
      });
    }
    return inserted;
  });
  // createManyAndReturn does not promise input order; answer in request order.
  const order = new Map<string, number>(rows.map((r, i) => [r.id, i]));
  created.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  return { created: created.length, skipped: skipped + (rows.length - created.length), errors, keys: created.map(toKeyRecord) };
}
