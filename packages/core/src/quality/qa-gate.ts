// The quality gate every translation write passes (writeTranslations, the import writer): the
// project's severities, each key's source value and length limit, and the organization's
// glossary, loaded with one or two queries per write batch; then the pure checks of
// packages/core/src/qa per value. An `error` refuses the value with 422; warnings are stored.
import { type ErrorIssue, unprocessable } from "../errors/app-error";
import { type QaGlossaryTerm, type QaIssue, type QaSettings, readQaSettings, runChecks, type Severity, severitiesFor } from "../qa";
import { sqlOf, type WriteTx } from "../shared/write-tx";

/** The project columns the gate needs; `loadProject`'s row has them. */
export interface QaProject {
  id: string;
  organizationId: string;
  sourceLanguage: string;
  qaSettings: unknown;
}

export interface KeyFacts {
  source: string;
  maxLength: number | null;
}

const GLOSSARY_CHECKS = ["glossary_do_not_translate", "glossary_term"] as const;

export class QaGate {
  private readonly severities = new Map<string, Record<string, Severity>>();

  private constructor(
    readonly project: QaProject,
    readonly settings: QaSettings,
    private readonly keys: Map<string, KeyFacts>,
    private readonly glossary: { term: string; doNotTranslate: boolean; caseSensitive: boolean; translations: unknown }[],
  ) {}

  /**
   * Loads what checking values of these keys needs; `project` may be just an id (one more query).
   * `knownKeys`: the facts of keys the caller read (or created) already; only the other `keyIds` are read.
   */
  static async load(
    tx: WriteTx,
    project: QaProject | string,
    keyIds: string[],
    languages: string[],
    knownKeys?: Map<string, KeyFacts>,
  ): Promise<QaGate> {
    const sql = sqlOf(tx);
    const row =
      typeof project === "string"
        ? (
            await sql.query<QaProject>(`SELECT "id", "organizationId", "sourceLanguage", "qaSettings" FROM "Project" WHERE "id" = $1`, [
              project,
            ])
          )[0]
        : project;
    if (!row) throw new Error(`quality gate: project ${String(project)} not found`);
    const settings = readQaSettings(row.qaSettings);
    const keys = knownKeys ?? new Map<string, KeyFacts>();
    const ids = [...new Set(keyIds)].filter((id) => !keys.has(id));
    if (ids.length > 0) {
      const facts = await sql.query<{ id: string; maxLength: number | null; source: string | null }>(
        `SELECT k."id", k."maxLength", t."value" AS source
         FROM "Key" k LEFT JOIN "Translation" t ON t."keyId" = k."id" AND t."language" = $1
         WHERE k."id" = ANY($2::text[])`,
        [row.sourceLanguage, ids],
      );
      for (const f of facts) keys.set(f.id, { source: f.source ?? "", maxLength: f.maxLength });
    }
    const gate = new QaGate(row, settings, keys, []);
    const wantsGlossary = languages.some((l) => l !== row.sourceLanguage && GLOSSARY_CHECKS.some((c) => gate.severitiesOf(l)[c] !== "off"));
    if (wantsGlossary) {
      // Only terms that can fire: do-not-translate ones and those with a translation.
      const terms = await sql.query<{ term: string; doNotTranslate: boolean; caseSensitive: boolean; translations: unknown }>(
        `SELECT "term", "doNotTranslate", "caseSensitive", "translations" FROM "GlossaryTerm"
         WHERE "organizationId" = $1 AND ("doNotTranslate" OR "translations" <> '[]'::jsonb)`,
        [row.organizationId],
      );
      gate.glossary.push(...terms);
    }
    return gate;
  }

  private severitiesOf(language: string): Record<string, Severity> {
    let s = this.severities.get(language);
    if (!s) {
      s = severitiesFor(this.settings, language);
      this.severities.set(language, s);
    }
    return s;
  }

  private glossaryFor(language: string): QaGlossaryTerm[] {
    return this.glossary.map((t) => ({
      term: t.term,
      doNotTranslate: t.doNotTranslate,
      caseSensitive: t.caseSensitive,
      approved: Array.isArray(t.translations)
        ? (t.translations as { language?: unknown; value?: unknown; approved?: unknown }[])
            .filter((x) => x.language === language && x.approved === true && typeof x.value === "string")
            .map((x) => x.value as string)
        : [],
    }));
  }

  /** The source-language value of a key as the gate read it ("" when none); undefined for a key it did not read. */
  sourceValue(keyId: string): string | undefined {
    return this.keys.get(keyId)?.source;
  }

  /** The issues of one value (empty for an empty value). */
  check(keyId: string, language: string, value: string): QaIssue[] {
    const facts = this.keys.get(keyId);
    const isSource = language === this.project.sourceLanguage;
    return runChecks(
      {
        source: isSource ? "" : (facts?.source ?? ""),
        value,
        sourceLanguage: this.project.sourceLanguage,
        language,
        maxLength: facts?.maxLength ?? null,
        glossary: isSource || this.glossary.length === 0 ? [] : this.glossaryFor(language),
        format: this.settings.format,
      },
      { severities: this.severitiesOf(language) },
    );
  }
}

/** The error-level issues of a value as the 422 body lists them. */
export function qaErrorIssues(issues: QaIssue[]): ErrorIssue[] {
  return issues.filter((i) => i.severity === "error").map((i) => ({ path: "value", code: `qa.${i.check}`, message: i.message }));
}

/** The 422 for a value that fails error-level checks; `where` names the translation in bulk writes. */
export function qaRefusal(issues: QaIssue[], where?: string) {
  const errors = qaErrorIssues(issues);
  const checks = [...new Set(errors.map((e) => e.code!.slice(3)))];
  return unprocessable(
    `value${where ? ` (${where})` : ""}: fails the quality check${checks.length > 1 ? "s" : ""} ${checks.join(", ")}`,
    errors,
  );
}

/** What is stored on the translation: the warnings (errors never reach storage). */
export function storedQaIssues(issues: QaIssue[]): QaIssue[] {
  return issues.filter((i) => i.severity === "warning");
}
