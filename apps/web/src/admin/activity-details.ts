// An activity entry's metadata as a sentence: key names, language names, people and projects by
// name (docs/activity.md lists each action's fields). Ids are left out; a field this does not
// know is still shown as "field: value" rather than dropped.
import { languageName } from "../components/ui";

type Meta = Record<string, unknown>;

export interface ActivityNames {
  /** A project's name by id (undefined when it is unknown, e.g. deleted). */
  project(id: string): string | undefined;
  /** A member's name by user id. */
  user(id: string): string | undefined;
}

const str = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === "number" ? v : undefined);

export function keyName(m: { key?: unknown; namespace?: unknown }): string {
  const key = str(m.key) ?? "?";
  const ns = str(m.namespace);
  return ns ? `${ns}.${key}` : key;
}

export function languageLabel(code: unknown): string {
  const c = str(code);
  return c ? `${languageName(c)} (${c})` : "";
}

function keyList(keys: unknown, count: unknown): string {
  const list = Array.isArray(keys) ? keys : [];
  const names = list.slice(0, 5).map((k) => (typeof k === "string" ? k : keyName(k as Meta)));
  const n = num(count) ?? list.length;
  const more = n > names.length ? ` and ${n - names.length} more` : "";
  return `${n} key${n === 1 ? "" : "s"}${names.length ? `: ${names.join(", ")}${more}` : ""}`;
}

function statusChange(m: Meta): string {
  const from = str(m.previousStatus);
  const to = str(m.newStatus);
  return from && to && from !== to ? ` · ${from} → ${to}` : "";
}

const SHOWN_ELSEWHERE = new Set(["key", "namespace", "keys", "language", "previousStatus", "newStatus", "name", "email", "count", "bulk"]);

/** Fields a sentence below does not cover: "field: value", ids left out. */
function rest(m: Meta, covered: string[]): string {
  const skip = new Set([...covered, ...SHOWN_ELSEWHERE]);
  const parts = Object.entries(m)
    .filter(([k, v]) => !skip.has(k) && !/Id$/.test(k) && v !== null && v !== undefined && v !== "")
    .map(
      ([k, v]) =>
        `${k}: ${Array.isArray(v) ? v.map((x) => (typeof x === "object" ? JSON.stringify(x) : String(x))).join(", ") : typeof v === "object" ? JSON.stringify(v) : String(v)}`,
    );
  return parts.length ? ` · ${parts.join(" · ")}` : "";
}

export function describeActivity(action: string, metadata: Meta, names: ActivityNames): string {
  const m = metadata;
  const [kind] = action.split(".");
  const person = str(m.name) ?? (str(m.userId) ? names.user(str(m.userId)!) : undefined);
  switch (kind) {
    case "key":
      if (action === "key.imported") return `${keyList(m.keys, m.count)} from ${str(m.format) ?? "a file"} (${languageLabel(m.language)})`;
      if (m.bulk) return keyList(m.keys, m.count) + rest(m, ["changes"]);
      return (
        `Key ${keyName(m)}` +
        (str(m.previousKey) !== undefined ? ` (was ${keyName({ key: m.previousKey, namespace: m.previousNamespace })})` : "") +
        (Array.isArray(m.changes) && m.changes.length ? ` · changed ${m.changes.join(", ")}` : "")
      );
    case "translation": {
      if (action === "translation.batch_completed")
        return `${languageLabel(m.language)}: ${num(m.translated) ?? 0} translated, ${num(m.failed) ?? 0} failed of ${num(m.total) ?? 0}${str(m.model) ? ` · model ${m.model}` : ""}${m.aborted ? ` · stopped${str(m.abortReason) ? `: ${m.abortReason}` : ""}` : ""}`;
      if (m.bulk) {
        const langs = Array.isArray(m.languages) ? m.languages.map(languageLabel).join(", ") : "";
        return `${num(m.count) ?? 0} translations${langs ? ` in ${langs}` : ""}${num(m.created) ? ` (${m.created} new)` : ""}`;
      }
      const confidence = num(m.aiConfidence) ?? num(m.confidence);
      return `${keyName(m)} in ${languageLabel(m.language)}${statusChange(m)}${confidence !== undefined ? ` · AI confidence ${confidence}%` : ""}`;
    }
    case "comment":
      return `${m.parentId ? "Reply" : "Comment"} on ${keyName(m)}${str(m.language) ? ` in ${languageLabel(m.language)}` : ""}`;
    case "member": {
      const who = [person, str(m.email) ? `<${m.email}>` : undefined].filter(Boolean).join(" ") || "a member";
      if (action === "member.role_changed") return `${who}: ${str(m.previousRole) ?? "?"} → ${str(m.role) ?? "?"}`;
      if (action === "member.removed")
        return `${who} (${str(m.role) ?? "member"}) · ${num(m.revokedSessions) ?? 0} sessions and ${num(m.revokedTokens) ?? 0} tokens revoked`;
      if (action === "member.joined") return `${who} as ${str(m.role) ?? "member"}${m.newAccount === false ? " (existing account)" : ""}`;
      return `${who} as ${str(m.role) ?? "member"}`;
    }
    case "project": {
      const name = str(m.name) ?? (str(m.projectId) ? names.project(str(m.projectId)!) : undefined) ?? "a project";
      const changes = Array.isArray(m.changes) && m.changes.length ? ` · changed ${m.changes.join(", ")}` : "";
      const added = str(m.languageAdded) ? ` · added ${languageLabel(m.languageAdded)}` : "";
      const removed = str(m.languageRemoved) ? ` · removed ${languageLabel(m.languageRemoved)}` : "";
      return `Project ${name}${changes}${added}${removed}${str(m.reason) ? ` · ${m.reason}` : ""}`;
    }
    case "glossary":
      return `Term “${str(m.term) ?? "?"}”${Array.isArray(m.changes) && m.changes.length ? ` · changed ${m.changes.join(", ")}` : ""}`;
    case "api_token": {
      const project = str(m.projectId) ? names.project(str(m.projectId)!) : undefined;
      const scopes = Array.isArray(m.scopes) ? ` · scopes ${m.scopes.join(", ")}` : m.scopes === null ? " · the role's full rights" : "";
      return `Token “${str(m.name) ?? "?"}”${project ? ` for ${project}` : ""}${scopes}`;
    }
    case "import":
      if (str(m.glossaryId))
        return `Glossary import (${str(m.format) ?? "?"}): ${num(m.imported) ?? 0} imported, ${num(m.updated) ?? 0} updated, ${num(m.skipped) ?? 0} skipped`;
      return `${languageLabel(m.language)} from ${str(m.format) ?? "a file"}: ${num(m.imported) ?? 0} imported, ${num(m.keysCreated) ?? 0} keys created, ${num(m.skipped) ?? 0} skipped${num(m.errorCount) ? `, ${m.errorCount} errors` : ""}`;
    case "export":
      return `${languageLabel(m.language)} as ${str(m.format) ?? "?"}: ${num(m.totalKeys) ?? 0} keys${str(m.namespace) ? ` in ${m.namespace}` : ""}${num(m.skippedCount) ? ` · ${m.skippedCount} skipped` : ""}`;
    default:
      return rest(m, []).replace(/^ · /, "");
  }
}
