// Reading and replacing a project's quality-check severities (docs/quality-checks.md). Anyone who
// can read the project reads them (the editor runs the checks while a translator types); only
// owners and admins (`qa.manage`, token scope `qa:manage`) change them.
import { isFormatId } from "@locale/formats";
import type { ServiceContext } from "../context";
import { badRequest } from "../errors/app-error";
import { loadProject } from "../projects/load-project";
import { projectLanguages } from "../projects/project-record";
import { saveProjectChange } from "../projects/save-project-change";
import {
  DEFAULT_SEVERITIES,
  isQaCheckId,
  QA_CHECKS,
  type QaSettings,
  type QaSeverities,
  readQaSettings,
  type Severity,
  severitiesFor,
} from "../qa";
import { canonicalLanguage } from "../shared/languages";
import { QA_RECHECK_CHANNEL, type QaRecheckRecord, readQaRecheck, requestQaRecheck } from "./qa-recheck";

export interface QaSettingsRecord extends QaSettings {
  /** The severity each check has, per project language, after defaults and overrides. */
  effective: Record<string, Record<string, Severity>>;
  /** Every check with its description and default severity. */
  catalog: { id: string; description: string; defaultSeverity: Severity }[];
  /** The background recheck the last settings change started, with its progress (null: none yet). */
  recheck: QaRecheckRecord | null;
}

export interface QaSettingsInput {
  checks?: Record<string, Severity>;
  languages?: Record<string, Record<string, Severity>>;
  format?: string | null;
}

const CATALOG = QA_CHECKS.map((c) => ({ id: c.id, description: c.description, defaultSeverity: DEFAULT_SEVERITIES[c.id]! }));

function toRecord(
  project: { sourceLanguage: string; targetLanguages: string[]; qaSettings: unknown },
  recheck: QaRecheckRecord | null,
): QaSettingsRecord {
  const settings = readQaSettings(project.qaSettings);
  const effective = Object.fromEntries(projectLanguages(project).map((l) => [l, severitiesFor(settings, l)]));
  return { ...settings, effective, catalog: CATALOG, recheck };
}

export async function getQaSettings(ctx: ServiceContext, projectId: string): Promise<QaSettingsRecord> {
  const project = await loadProject(ctx, projectId, "projects.read");
  return toRecord(project, await readQaRecheck(ctx.db, project.id));
}

function severitiesInput(raw: Record<string, Severity>, path: string): QaSeverities {
  const out: QaSeverities = {};
  for (const [id, severity] of Object.entries(raw)) {
    if (!isQaCheckId(id)) throw badRequest(`${path}.${id}: unknown check`, [{ path: `${path}.${id}`, message: "unknown check" }]);
    out[id] = severity;
  }
  return out;
}

/** Replaces the settings (checks not named have their defaults). */
export async function updateQaSettings(ctx: ServiceContext, projectId: string, input: QaSettingsInput): Promise<QaSettingsRecord> {
  const project = await loadProject(ctx, projectId, "qa.manage", { forWrite: true });
  const languages: Record<string, QaSeverities> = {};
  for (const [language, severities] of Object.entries(input.languages ?? {})) {
    const canonical = canonicalLanguage(language, `languages.${language}`);
    if (!projectLanguages(project).includes(canonical)) {
      throw badRequest(`languages.${language}: not a language of this project`, [
        { path: `languages.${language}`, message: "not a language of this project" },
      ]);
    }
    languages[canonical] = severitiesInput(severities, `languages.${language}`);
  }
  const format = input.format ?? null;
  if (format !== null && !isFormatId(format)) {
    throw badRequest(`format: "${format}" is not a supported format`, [{ path: "format", message: "is not a supported format" }]);
  }
  const settings: QaSettings = { checks: severitiesInput(input.checks ?? {}, "checks"), languages, format };
  // The stored issues follow the new settings: a recheck of the project starts with the change.
  await saveProjectChange(ctx, project, { qaSettings: settings as object }, "project.updated", { changes: ["qaSettings"] }, (tx) =>
    requestQaRecheck(tx, project.id),
  );
  await ctx.db.notify(QA_RECHECK_CHANNEL, project.id);
  return toRecord({ ...project, qaSettings: settings }, await readQaRecheck(ctx.db, project.id));
}
