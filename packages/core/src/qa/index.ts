// Translation quality checks: pure, dependency-free and browser-safe (`@locale/core/qa`).
// docs/quality-checks.md lists every check and its default severity.
export { parseIcu } from "./icu";
export { isQaCheckId, QA_CHECK_IDS, QA_CHECKS, type QaCheckId } from "./registry";
export { hasErrors, type RunChecksOptions, runChecks } from "./run-checks";
export { DEFAULT_SEVERITIES, EMPTY_QA_SETTINGS, type QaSettings, type QaSeverities, readQaSettings, severitiesFor } from "./severity";
export type { QaCheck, QaFinding, QaGlossaryTerm, QaInput, QaIssue, Severity } from "./types";
