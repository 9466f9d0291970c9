export const SCOPES = [
  "projects:read",
  "projects:write",
  "keys:read",
  "keys:write",
  "translations:read",
  "translations:write",
  "translations:review",
  "import",
  "export",
  "ai",
  "glossary:read",
  "glossary:write",
  "tm:read",
  "tm:write",
  "comments:read",
  "comments:write",
  "analytics:read",
  "activity:read",
  "tokens:manage",
  "members:manage",
  "organization:manage",
  "webhooks:manage",
  "qa:manage",
  "screenshots:write",
  "releases:manage",
] as const;

export type Scope = (typeof SCOPES)[number];

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}
