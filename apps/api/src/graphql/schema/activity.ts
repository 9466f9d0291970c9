// The activity log (read-only, as in REST): one project's, or the whole organization's.

import type { Page } from "@locale/core";
import { type ActivityRecord, listOrganizationActivity, listProjectActivity } from "@locale/core/activity";
import { builder, svcOf } from "../builder";
import { PageMetaRef } from "./common";

const ActivityRef = builder.objectRef<ActivityRecord>("ActivityEntry").implement({
  fields: (t) => ({
    id: t.exposeID("_id"),
    action: t.exposeString("action"),
    userId: t.exposeString("userId", { nullable: true }),
    userName: t.exposeString("userName", { nullable: true }),
    projectId: t.exposeString("projectId", { nullable: true }),
    organizationId: t.exposeString("organizationId"),
    targetId: t.exposeString("targetId", { nullable: true }),
    targetType: t.exposeString("targetType", { nullable: true }),
    metadata: t.expose("metadata", { type: "JSON" }),
    created: t.expose("created", { type: "DateTime" }),
  }),
});

const ActivityPageRef = builder.objectRef<Page<ActivityRecord>>("ActivityPage").implement({
  fields: (t) => ({
    nodes: t.field({ type: [ActivityRef], resolve: (p) => p.data }),
    meta: t.field({ type: PageMetaRef, resolve: (p) => p.meta }),
  }),
});

builder.queryFields((t) => ({
  activity: t.field({
    type: ActivityPageRef,
    description: "Newest first; one project's entries when projectId is given, else the organization's",
    args: { projectId: t.arg.id(), page: t.arg.int(), limit: t.arg.int(), action: t.arg.string(), userId: t.arg.string() },
    resolve: (_root, args, ctx) => {
      const query = {
        page: args.page ?? undefined,
        limit: args.limit ?? undefined,
        action: args.action ?? undefined,
        userId: args.userId ?? undefined,
      };
      return args.projectId
        ? listProjectActivity(svcOf(ctx), String(args.projectId), query)
        : listOrganizationActivity(svcOf(ctx), "current", query);
    },
  }),
}));
