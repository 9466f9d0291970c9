import type { ApiToken } from "@locale/db";
import { iso, isoOrNull } from "../shared/dates";

export interface TokenRecord {
  _id: string;
  name: string;
  organizationId: string;
  projectId: string | null;
  scopes: string[] | null;
  expiresAt: string | null;
  lastUsedAt: string | null;
  created: string;
  /** Last characters of the secret, to tell tokens apart. */
  tokenSuffix: string;
}

export function toTokenRecord(t: ApiToken): TokenRecord {
  return {
    _id: t.id,
    name: t.name,
    organizationId: t.organizationId,
    projectId: t.projectId,
    scopes: Array.isArray(t.scopes) ? (t.scopes as string[]) : null,
    expiresAt: isoOrNull(t.expiresAt),
    lastUsedAt: isoOrNull(t.lastUsedAt),
    created: iso(t.createdAt),
    tokenSuffix: t.lastChars,
  };
}
