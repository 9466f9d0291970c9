// The Key shape every surface returns, and the rules a key's fields must follow (docs/api-rules.md,
// "Projects and keys"; README, "Behaviour in detail"), shared by single and bulk writes.
import type { Key } from "@locale/db";
import { badRequest, type ErrorIssue } from "../errors/app-error";
import { iso } from "../shared/dates";

export interface KeyRecord {
  _id: string;
  key: string;
  description: string;
  tags: string[];
  namespace: string;
  projectId: string;
  /** Longest allowed translation in graphemes (the max_length check); null: no limit. */
  maxLength: number | null;
  createdAt: string;
  updatedAt: string;
}

/** Paginated list items also carry `id` (the spec's pagination illustration uses it). */
export type KeyListItem = KeyRecord & { id: string };

export const toKeyRecord = (k: Key): KeyRecord => ({
  _id: k.id,
  key: k.key,
  description: k.description,
  tags: k.tags,
  namespace: k.namespace,
  projectId: k.projectId,
  maxLength: k.maxLength ?? null,
  createdAt: iso(k.createdAt),
  updatedAt: iso(k.updatedAt),
});

export const MAX_KEY_LENGTH = 1000;
export const MAX_NAMESPACE_LENGTH = 200;
export const MAX_TAGS = 50;
export const MAX_TAG_LENGTH = 100;
export const MAX_BULK_ITEMS = 1000;
/** The largest `maxLength` a key may have (the longest stored value is 100,000 characters). */
export const MAX_KEY_MAX_LENGTH = 100_000;

export interface KeyFields {
  key?: string;
  description?: string;
  tags?: string[];
  namespace?: string;
  /** Null or 0 removes the limit. */
  maxLength?: number | null;
}

/** The stored form of a `maxLength` input: 0 means no limit, like null. */
export const storedMaxLength = (maxLength: number | null | undefined): number | null => (maxLength ? maxLength : null);

/** Field-rule violations of a key write (empty when valid); `prefix` names the field path. */
export function keyFieldIssues(fields: KeyFields, prefix = ""): ErrorIssue[] {
  const issues: ErrorIssue[] = [];
  const at = (f: string) => (prefix ? `${prefix}.${f}` : f);
  if (fields.key !== undefined) {
    if (fields.key.length < 1) issues.push({ path: at("key"), message: "must not be empty" });
    else if (fields.key.length > MAX_KEY_LENGTH) issues.push({ path: at("key"), message: `must be at most ${MAX_KEY_LENGTH} characters` });
    // Kept exactly otherwise: a gettext msgid often starts or ends with spaces or "\n".
    else if (fields.key.trim() === "") issues.push({ path: at("key"), message: "must not be only whitespace" });
    else if (fields.key.includes("\u0000")) issues.push({ path: at("key"), message: "must not contain NUL characters" });
  }
  if (fields.namespace !== undefined) {
    if (fields.namespace.length > MAX_NAMESPACE_LENGTH)
      issues.push({ path: at("namespace"), message: `must be at most ${MAX_NAMESPACE_LENGTH} characters` });
    else if (fields.namespace.trim() !== fields.namespace)
      issues.push({ path: at("namespace"), message: "must not start or end with whitespace" });
    else if (fields.namespace.includes("\u0000")) issues.push({ path: at("namespace"), message: "must not contain NUL characters" });
  }
  if (fields.tags !== undefined) {
    if (fields.tags.length > MAX_TAGS) issues.push({ path: at("tags"), message: `must hold at most ${MAX_TAGS} tags` });
    fields.tags.forEach((tag, i) => {
      if (tag.trim().length < 1 || tag.length > MAX_TAG_LENGTH)
        issues.push({ path: at(`tags.${i}`), message: `must be 1-${MAX_TAG_LENGTH} characters` });
    });
  }
  if (fields.maxLength !== undefined && fields.maxLength !== null) {
    if (!Number.isInteger(fields.maxLength) || fields.maxLength < 0 || fields.maxLength > MAX_KEY_MAX_LENGTH)
      issues.push({ path: at("maxLength"), message: `must be an integer 0-${MAX_KEY_MAX_LENGTH} (0 or null: no limit)` });
  }
  return issues;
}

export function assertKeyFields(fields: KeyFields): void {
  const issues = keyFieldIssues(fields);
  if (issues.length > 0) throw badRequest(issues.map((i) => `${i.path}: ${i.message}`).join("; "), issues);
}

/** Tags trimmed and de-duplicated, order kept. */
export const normalizeTags = (tags: string[]): string[] => [...new Set(tags.map((t) => t.trim()))];

export const duplicateKeyMessage = (key: string, namespace: string): string =>
  namespace ? `Key "${key}" already exists in namespace "${namespace}"` : `Key "${key}" already exists in this project`;

/** Identity of a key name within a project: namespace and name (NUL cannot occur in either). */
export const keyIdentity = (namespace: string, key: string): string => `${namespace}\u0000${key}`;
