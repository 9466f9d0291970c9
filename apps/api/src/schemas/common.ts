import { z } from "zod";

export const ZErrorBody = z.object({
  statusCode: z.number(),
  message: z.string(),
  error: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
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
