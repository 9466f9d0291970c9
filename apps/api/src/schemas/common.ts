import { z } from "zod";

export const ZErrorIssue = z.object({
  path: z.string().describe('Dot-joined path of the offending field ("" when no single field is to blame)'),
  message: z.string(),
  code: z.string().optional().describe("Machine-readable reason where a status has several (422: `qa.<check>`)"),
});

/** The one error body every REST error carries (docs/api-rules.md, "Errors"). */
export const ZErrorBody = z
  .object({
    statusCode: z.int().min(400).max(599).describe("The HTTP status, repeated"),
    message: z.string().describe("Human-readable; a 400 names the field"),
    error: z.string().describe('The status text: "Bad Request", "Not Found", "Conflict", ...'),
    issues: z.array(ZErrorIssue).optional().describe("Every 400 lists its problems here; a 422 lists the failed quality checks"),
  })
  .meta({ id: "ErrorBody", description: "Error body of every REST error response" });

/** A 400 always lists its problems. */
export const ZValidationErrorBody = ZErrorBody.extend({ issues: z.array(ZErrorIssue) }).meta({
  id: "ValidationErrorBody",
  description: "Error body of a 400: `issues` is always present",
});

export const ZSuccess = z.object({ success: z.literal(true) });

/** page/limit as query strings; the range rules live in core's normalizePage. */
export const ZPageQuery = z.object({
  page: z.coerce.number().optional().describe("1-based page; page < 1 behaves as 1"),
  limit: z.coerce.number().optional().describe("Items per page, default 50, at most 200"),
});

export const ZPageMeta = z.object({
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  totalPages: z.number(),
});

export const paginated = <T extends z.ZodTypeAny>(item: T) => z.object({ data: z.array(item), meta: ZPageMeta });

export const ZId = z.string().min(1);
