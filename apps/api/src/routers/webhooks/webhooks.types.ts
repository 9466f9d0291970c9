import { z } from "zod";

export const tags = ["Webhooks"];

export const ZOrgScope = z.object({ orgId: z.string().describe("Organization id, or `current`") });
export const ZProjectScope = z.object({ projectId: z.string() });

export const ZWebhook = z.object({
  _id: z.string(),
  url: z.string(),
  events: z.array(z.string()).describe('Activity action names, or ["*"] for every event'),
  active: z.boolean(),
  projectId: z.string().nullable().describe("Set for project webhooks, which receive only that project's events"),
  organizationId: z.string(),
  created: z.string(),
});

export const ZCreatedWebhook = ZWebhook.extend({
  secret: z.string().describe("Signing secret (`whsec_...`); shown only in this response"),
});

export const ZCreateWebhookBody = z.object({
  url: z.string().max(2000).describe("http(s) address that receives POSTed events"),
  events: z.array(z.string()).max(100).describe('Activity action names, or ["*"]'),
  active: z.boolean().optional().describe("Default true"),
});

export const ZUpdateWebhookBody = z.object({
  url: z.string().max(2000).optional(),
  events: z.array(z.string()).max(100).optional(),
  active: z.boolean().optional(),
});

export const ZWebhookDelivery = z.object({
  _id: z.string(),
  webhookId: z.string(),
  event: z.string(),
  status: z.enum(["pending", "succeeded", "failed"]),
  attempts: z.number(),
  responseStatus: z.number().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().nullable(),
  nextAttemptAt: z.string().nullable(),
  created: z.string(),
  attemptLog: z.array(
    z.object({
      attempt: z.number(),
      responseStatus: z.number().nullable(),
      error: z.string().nullable(),
      durationMs: z.number(),
      created: z.string(),
    }),
  ),
});
