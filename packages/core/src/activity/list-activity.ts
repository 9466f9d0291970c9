// The shared query behind the project and organization activity lists: newest first, filters by
// action, user and time range (`from` and `to` both inclusive; a date-only `to` covers that day).
import type { Activity, Prisma } from "@locale/db";
import type { ServiceContext } from "../context";
import { badRequest } from "../errors/app-error";
import { iso } from "../shared/dates";
import { normalizePage, type Page, pageOf, skipTake } from "../shared/pagination";
import { ACTIVITY_ACTIONS } from "./actions";

export interface ActivityRecord {
  _id: string;
  action: string;
  userId: string | null;
  userName: string | null;
  projectId: string | null;
  organizationId: string;
  targetId: string | null;
  targetType: string | null;
  metadata: Record<string, unknown>;
  created: string;
}

export interface ListActivityQuery {
  page?: number;
  limit?: number;
  action?: string;
  userId?: string;
  from?: string;
  to?: string;
}

export const toActivityRecord = (a: Activity): ActivityRecord => ({
  _id: a.id,
  action: a.action,
  userId: a.userId,
  userName: a.userName,
  projectId: a.projectId,
  organizationId: a.organizationId,
  targetId: a.targetId,
  targetType: a.targetType,
  metadata: (a.metadata ?? {}) as Record<string, unknown>,
  created: iso(a.createdAt),
});

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

function parseBound(field: "from" | "to", value: string): Date {
  const date = new Date(DATE_ONLY.test(value) ? `${value}T00:00:00.000Z` : value);
  if (Number.isNaN(date.getTime()) || !/^\d{4}-\d{2}-\d{2}/.test(value)) {
    throw badRequest(`${field}: must be an ISO 8601 date or date-time`, [
      { path: field, message: "must be an ISO 8601 date or date-time" },
    ]);
  }
  return field === "to" && DATE_ONLY.test(value) ? new Date(date.getTime() + DAY_MS - 1) : date;
}

export async function listActivity(
  ctx: ServiceContext,
  scope: Prisma.ActivityWhereInput,
  query: ListActivityQuery,
): Promise<Page<ActivityRecord>> {
  const page = normalizePage(query.page, query.limit);
  if (query.action !== undefined && !(ACTIVITY_ACTIONS as readonly string[]).includes(query.action)) {
    throw badRequest(`action: unknown action "${query.action}"`, [{ path: "action", message: `unknown action "${query.action}"` }]);
  }
  const createdAt: Prisma.DateTimeFilter = {};
  if (query.from !== undefined) createdAt.gte = parseBound("from", query.from);
  if (query.to !== undefined) createdAt.lte = parseBound("to", query.to);
  const where: Prisma.ActivityWhereInput = {
    ...scope,
    organizationId: ctx.actor.organizationId,
    ...(query.action !== undefined ? { action: query.action } : {}),
    ...(query.userId !== undefined ? { userId: query.userId } : {}),
    ...(query.from !== undefined || query.to !== undefined ? { createdAt } : {}),
  };
  const [rows, total] = await Promise.all([
    ctx.db.prisma.activity.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], ...skipTake(page) }),
    ctx.db.prisma.activity.count({ where }),
  ]);
  return pageOf(rows.map(toActivityRecord), page, total);
}
