// The `?qa=` filter of the translation lists (docs/quality-checks.md): `any` (any issue),
// `warning` or `error` (an issue of that severity) or a check id (an issue of that check), always
// among the issues stored on the translation that nobody ignored.
import { badRequest } from "../errors/app-error";
import { isQaCheckId } from "../qa";

export type QaFilter = string;

const SEVERITY_WORDS = new Set(["any", "warning", "error"]);

/** Validates a `qa` parameter (400 naming `path` otherwise). */
export function parseQaFilter(raw: string, path = "qa"): QaFilter {
  if (SEVERITY_WORDS.has(raw) || isQaCheckId(raw)) return raw;
  throw badRequest(`${path}: must be any, warning, error or a check id`, [{ path, message: "must be any, warning, error or a check id" }]);
}

/**
 * SQL condition: the translation aliased `t` has a counted issue matching the filter held by the
 * parameter `param` (e.g. `$3`). The `<> '[]'` test skips the (usual) rows without issues cheaply.
 */
export function qaIssueCondition(t: string, param: string): string {
  return `(${t}."qaIssues" <> '[]'::jsonb AND EXISTS (
    SELECT 1 FROM jsonb_array_elements(${t}."qaIssues") qi
    WHERE NOT COALESCE((qi->>'ignored')::boolean, false)
      AND (${param}::text = 'any' OR qi->>'severity' = ${param}::text OR qi->>'check' = ${param}::text)))`;
}

/** SQL condition: the translation `t` has a counted issue (of `severity`, when given). */
export function countedIssueSql(t: string, severity?: "error" | "warning"): string {
  return `(${t}."qaIssues" <> '[]'::jsonb AND EXISTS (
    SELECT 1 FROM jsonb_array_elements(${t}."qaIssues") qi
    WHERE NOT COALESCE((qi->>'ignored')::boolean, false)${severity ? ` AND qi->>'severity' = '${severity}'` : ""}))`;
}
