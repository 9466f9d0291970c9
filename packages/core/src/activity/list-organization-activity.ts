import type { ServiceContext } from "../context";
import { assertOrganization } from "../organizations/load-organization";
import type { Page } from "../shared/pagination";
import { type ActivityRecord, type ListActivityQuery, listActivity } from "./list-activity";

/**
 * Every entry of the organization: all projects (including permanently deleted ones, whose
 * entries outlive them) and organization-level actions (members, tokens, ...).
 */
export async function listOrganizationActivity(
  ctx: ServiceContext,
  orgId: string,
  query: ListActivityQuery,
): Promise<Page<ActivityRecord>> {
  assertOrganization(ctx, orgId, "activity.read");
  return listActivity(ctx, {}, query);
}
