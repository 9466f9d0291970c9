// The translation paths that feed the memory (docs/glossary-tm-analytics.md): a value reaching `approved`
// (unless the organization turned `tmAutoAdd` off) and every AI save. Called inside the writer's
// transaction, so the entry exists exactly when the translation change does.
import type { Project } from "@locale/db";
import type { Tx } from "../activity/record-activity";
import { addTmEntry } from "./add-tm-entry";

export interface RememberTranslationInput {
  project: Pick<Project, "organizationId" | "sourceLanguage">;
  keyId: string;
  language: string;
  value: string;
  /** `approved`: honours the tmAutoAdd setting; `ai`: AI saves are always remembered. */
  reason: "approved" | "ai";
}

export async function rememberTranslation(tx: Tx, input: RememberTranslationInput): Promise<void> {
  const { project } = input;
  if (input.language === project.sourceLanguage || input.value.trim() === "") return;
  if (input.reason === "approved") {
    const org = await tx.organization.findUnique({ where: { id: project.organizationId }, select: { settings: true } });
    if ((org?.settings as { tmAutoAdd?: unknown } | null)?.tmAutoAdd === false) return;
  }
  const source = await tx.translation.findUnique({
    where: { keyId_language: { keyId: input.keyId, language: project.sourceLanguage } },
    select: { value: true },
  });
  if (!source || source.value.trim() === "") return;
  await addTmEntry(tx, {
    organizationId: project.organizationId,
    sourceLanguage: project.sourceLanguage,
    targetLanguage: input.language,
    sourceText: source.value,
    targetText: input.value,
  });
}
