// The body a webhook receives for an activity entry: one shape for every outbox writer.
import type { Activity } from "@locale/db";

export function webhookPayloadOf(entry: Activity) {
  return {
    id: entry.id,
    event: entry.action,
    created: entry.createdAt.toISOString(),
    organizationId: entry.organizationId,
    projectId: entry.projectId,
    data: {
      targetId: entry.targetId,
      targetType: entry.targetType,
      userId: entry.userId,
      userName: entry.userName,
      metadata: entry.metadata,
    },
  };
}
