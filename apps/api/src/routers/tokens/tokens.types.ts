import { z } from "zod";

export const ZToken = z.object({
  _id: z.string(),
  name: z.string(),
  organizationId: z.string(),
  projectId: z.string().nullable(),
  scopes: z.array(z.string()).nullable(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  created: z.string(),
  tokenSuffix: z.string().describe("Last characters of the secret"),
});

export const ZCreatedToken = ZToken.extend({ token: z.string().describe("Full secret; shown only in this response") });

export const ZCreateTokenBody = z.object({
  name: z.string().trim().min(1).max(200),
  scopes: z.array(z.string()).nullable().optional(),
  expiresAt: z.string().datetime({ offset: true }).nullable().optional(),
});
