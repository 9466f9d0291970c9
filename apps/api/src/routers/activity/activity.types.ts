import { ACTIVITY_ACTIONS } from "@locale/core/activity";
import { z } from "zod";
import { paginated, ZPageQuery } from "../../schemas/common";

export const ZActivityEntry = z.object({
  _id: z.string(),
  action: z.string(),
  userId: z.string().nullable().describe("null for system actions (the worker, AI batch jobs)"),
  userName: z.string().nullable(),
  projectId: z.string().nullable(),
  organizationId: z.string(),
  targetId: z.string().nullable(),
  targetType: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()).describe("Depends on the action: see docs/activity.md"),
  created: z.string(),
});

export const ZActivityPage = paginated(ZActivityEntry);

export const ZActivityFilters = ZPageQuery.extend({
  action: z
    .string()
    .optional()
    .describe(`One of: ${ACTIVITY_ACTIONS.join(", ")}`),
  userId: z.string().optional(),
  from: z.string().optional().describe("ISO 8601 date or date-time; entries at or after it"),
  to: z.string().optional().describe("ISO 8601 date or date-time; entries at or before it (a date covers the whole day, UTC)"),
});
