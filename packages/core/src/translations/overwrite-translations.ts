// POST /translations/overwrite: values addressed by key name (+ namespace, default "") and
// language, written with source `api` and status `translated` in one transaction. Keys or
// languages the project does not have are reported in `notFound`, never created.

import { recordActivity } from "../activity/record-activity";
import type { ServiceContext } from "../context";
import { badRequest } from "../errors/app-error";
import { findKeysByName } from "../keys/find-keys-by-name";
import { keyIdentity, MAX_BULK_ITEMS } from "../keys/key-record";
import { loadProject } from "../projects/load-project";
import { projectLanguages } from "../projects/project-record";
import { canonicalLanguage } from "../shared/languages";
import { authorOf } from "./translation-author";
import { type TranslationWrite, writeTranslations } from "./write-translations";

export interface OverwriteItem {
  key: string;
  namespace?: string;
  language: string;
  value: string;
}

export interface OverwriteResult {
  /** Items that were found and now hold the given value (unchanged ones included). */
  overwritten: number;
  notFound: { key: string; namespace: string; language: string }[];
}

export async function overwriteTranslations(ctx: ServiceContext, projectId: string, items: OverwriteItem[]): Promise<OverwriteResult> {
  if (items.length > MAX_BULK_ITEMS) {
    throw badRequest(`translations: at most ${MAX_BULK_ITEMS} items per request`, [
      { path: "translations", message: `at most ${MAX_BULK_ITEMS} items` },
    ]);
  }
  const project = await loadProject(ctx, projectId, "translations.write", { forWrite: true });
  const languages = new Set(projectLanguages(project));
  const resolved = items.map((item, i) => ({
    ...item,
    namespace: item.namespace ?? "",
    language: canonicalLanguage(item.language, `translations.${i}.language`),
  }));
  return ctx.db.prisma.$transaction(async (tx) => {
    const names = [...new Map(resolved.map((r) => [keyIdentity(r.namespace, r.key), { namespace: r.namespace, key: r.key }])).values()];
    const keys = await findKeysByName(tx, project.id, names);
    const byName = new Map(keys.map((k) => [keyIdentity(k.namespace, k.key), k.id]));
    const notFound: OverwriteResult["notFound"] = [];
    const writes: TranslationWrite[] = [];
    for (const r of resolved) {
      const keyId = byName.get(keyIdentity(r.namespace, r.key));
      if (!keyId || !languages.has(r.language)) {
        notFound.push({ key: r.key, namespace: r.namespace, language: r.language });
        continue;
      }
      writes.push({ keyId, language: r.language, value: r.value, status: r.value === "" ? "untranslated" : "translated", source: "api" });
    }
    const { changes } = await writeTranslations(tx, project.id, authorOf(ctx.actor), writes, project);
    if (changes.length > 0) {
      // One summary entry: per-translation detail lives in the history of each translation.
      await recordActivity(tx, ctx.actor, {
        action: "translation.updated",
        projectId: project.id,
        targetType: "translation",
        metadata: {
          bulk: true,
          source: "api",
          count: changes.length,
          created: changes.filter((c) => c.created).length,
          languages: [...new Set(changes.map((c) => c.translation.language))],
          translations: changes.map((c) => ({ keyId: c.translation.keyId, language: c.translation.language })),
        },
      });
    }
    return { overwritten: writes.length, notFound };
  });
}
