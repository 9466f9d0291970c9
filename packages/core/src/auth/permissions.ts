// The role × action matrix and the scope each action needs (docs/api-rules.md, "Roles" and
// "API tokens and scopes"),
// checked in this one place by every REST procedure, GraphQL resolver and the worker.
import type { Role } from "@locale/db";
import { forbidden } from "../errors/app-error";
import type { Actor } from "./actor";
import type { Scope } from "./scopes";

export type Permission =
  | "organization.manage"
  | "members.manage"
  | "webhooks.manage"
  | "projects.read"
  | "projects.write"
  | "keys.read"
  | "keys.write"
  | "import"
  | "export"
  | "translations.read"
  | "translations.write"
  | "translations.status"
  | "translations.review"
  | "ai"
  | "glossary.read"
  | "glossary.write"
  | "tm.read"
  | "tm.write"
  | "comments.read"
  | "comments.write"
  | "comments.moderate"
  | "analytics.read"
  | "activity.read"
  | "tokens.manage"
  | "tokens.revokeAny"
  | "qa.manage"
  | "screenshots.read"
  | "screenshots.write"
  | "releases.manage";

const ALL: Role[] = ["owner", "admin", "developer", "translator", "reviewer"];
const ADMINS: Role[] = ["owner", "admin"];
const BUILDERS: Role[] = ["owner", "admin", "developer"];

export const ROLE_MATRIX: Record<Permission, Role[]> = {
  "organization.manage": ADMINS,
  "members.manage": ADMINS,
  "webhooks.manage": ADMINS,
  "projects.read": ALL,
  "projects.write": ADMINS,
  "keys.read": ALL,
  "keys.write": BUILDERS,
  import: BUILDERS,
  export: ALL,
  "translations.read": ALL,
  "translations.write": ["owner", "admin", "developer", "translator"],
  "translations.status": ALL,
  "translations.review": ["owner", "admin", "developer", "reviewer"],
  ai: ["owner", "admin", "developer", "translator"],
  "glossary.read": ALL,
  "glossary.write": BUILDERS,
  "tm.read": ALL,
  "tm.write": BUILDERS,
  "comments.read": ALL,
  "comments.write": ALL,
  "comments.moderate": ADMINS,
  "analytics.read": ALL,
  "activity.read": ALL,
  "tokens.manage": BUILDERS,
  "tokens.revokeAny": ADMINS,
  "qa.manage": ADMINS,
  "screenshots.read": ALL,
  "screenshots.write": BUILDERS,
  "releases.manage": BUILDERS,
};

export const PERMISSION_SCOPE: Record<Permission, Scope> = {
  "organization.manage": "organization:manage",
  "members.manage": "members:manage",
  "webhooks.manage": "webhooks:manage",
  "projects.read": "projects:read",
  "projects.write": "projects:write",
  "keys.read": "keys:read",
  "keys.write": "keys:write",
  import: "import",
  export: "export",
  "translations.read": "translations:read",
  "translations.write": "translations:write",
  "translations.status": "translations:write",
  "translations.review": "translations:review",
  ai: "ai",
  "glossary.read": "glossary:read",
  "glossary.write": "glossary:write",
  "tm.read": "tm:read",
  "tm.write": "tm:write",
  "comments.read": "comments:read",
  "comments.write": "comments:write",
  "comments.moderate": "comments:write",
  "analytics.read": "analytics:read",
  "activity.read": "activity:read",
  "tokens.manage": "tokens:manage",
  "tokens.revokeAny": "tokens:manage",
  "qa.manage": "qa:manage",
  // Screenshots are context of keys: whoever may read keys may see them.
  "screenshots.read": "keys:read",
  "screenshots.write": "screenshots:write",
  "releases.manage": "releases:manage",
};

/** Organization-level permissions a project token may still use: glossary and TM reads (docs/api-rules.md). */
const PROJECT_TOKEN_ORG_LEVEL: Permission[] = ["glossary.read", "tm.read"];

export function can(actor: Actor, permission: Permission): boolean {
  if (!ROLE_MATRIX[permission].includes(actor.role)) return false;
  if (actor.scopes && !actor.scopes.includes(PERMISSION_SCOPE[permission])) return false;
  return true;
}

export function assertCan(actor: Actor, permission: Permission): void {
  if (!can(actor, permission)) throw forbidden();
}

/**
 * For organization-level routes: a project token only reaches glossary and TM reads; every other
 * organization-level route is forbidden to it.
 */
export function assertOrgLevel(actor: Actor, permission: Permission): void {
  if (actor.projectId && !PROJECT_TOKEN_ORG_LEVEL.includes(permission)) throw forbidden();
  assertCan(actor, permission);
}
