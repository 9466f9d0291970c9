// The translation paths that feed the memory (docs/glossary-tm-analytics.md): a value reaching `approved`
// (unless the organization turned `tmAutoAdd` off) and every AI save. Called inside the writer's
// transaction, so the entry exists exactly when the translation change does.
import type { Project } from "@locale/db";
import { sqlOf, type WriteTx } from "../shared/write-tx";
import { addTmEntry } from "./add-tm-entry";

export interface RememberTranslationInput {
  project: Pick<Project, "organizationId" | "sourceLanguage">;
  keyId: string;
  language: string;
  value: string;
  /** `approved`: honours the tmAutoAdd setting; `ai`: AI saves are always remembered. */
  reason: "approved" | "ai";
}

export async function rememberTranslation(tx: WriteTx, input: RememberTranslationInput): Promise<void> {
  const { project } = input;
  if (input.language === project.sourceLanguage || input.value.trim() === "") return;
  const sql = sqlOf(tx);
  if (input.reason === "approved") {
    const [org] = await sql.query<{ settings: unknown }>(`SELECT "settings" FROM "Organization" WHERE "id" = $1`, [project.organizationId]);
    if ((org?.settings as { tmAutoAdd?: unknown } | null)?.tmAutoAdd === false) return;
  }
  const [source] = await sql.query<{ value: string }>(`SELECT "value" FROM "Translation" WHERE "keyId" = $1 AND "language" = $2`, [
    input.keyId,
    project.sourceLanguage,
  ]);
  if (!source || source.value.trim() === "") return;
  await addTmEntry(tx, {
    organizationId: project.organizationId,
    sourceLanguage: project.sourceLanguage,
    targetLanguage: input.language,
    sourceText: source.value,
    targetText: input.value,
  });
}
