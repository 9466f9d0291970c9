import { z } from "zod";

export const ZUser = z.object({ _id: z.string(), email: z.string(), name: z.string() });
export const ZRole = z.enum(["owner", "admin", "developer", "translator", "reviewer"]);
export const ZOrganization = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  settings: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export const ZSession = z.object({ user: ZUser, organization: ZOrganization, role: ZRole });
