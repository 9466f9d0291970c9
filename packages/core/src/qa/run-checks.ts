// Runs the checks on one value. Pure and synchronous: the api runs it on every write, the web
// editor while a translator types. Every check is a bounded, linear scan of the value and source.
import { CheckContext } from "./check-context";
import { QA_CHECKS, type QaCheckId } from "./registry";
import type { QaInput, QaIssue, Severity } from "./types";

export interface RunChecksOptions {
  /** Effective severity per check (`severitiesFor`); checks not listed or `off` are skipped. */
  severities: Partial<Record<QaCheckId, Severity>>;
}

export function runChecks(input: QaInput, options: RunChecksOptions): QaIssue[] {
  if (input.value === "") return []; // an empty value is untranslated, not wrong
  const ctx = new CheckContext(input);
  const isSource = input.language === input.sourceLanguage;
  const issues: QaIssue[] = [];
  for (const check of QA_CHECKS) {
    const severity = options.severities[check.id];
    if (!severity || severity === "off") continue;
    if (check.needsSource && (isSource || input.source === "")) continue;
    for (const finding of check.run(ctx)) issues.push({ check: check.id, severity, ...finding });
  }
  return issues;
}

export const hasErrors = (issues: QaIssue[]) => issues.some((i) => i.severity === "error");
