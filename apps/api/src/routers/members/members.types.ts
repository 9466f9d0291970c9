import { z } from "zod";
import { ZRole } from "../auth/auth.types";

export const ZMember = z.object({ userId: z.string(), name: z.string(), email: z.string(), role: ZRole, joinedAt: z.string() });

export const ZMemberInput = z.object({ orgId: z.string().describe('Organization id, or "current"'), userId: z.string() });

export const ZInviteMemberRequest = z.object({
  orgId: z.string().describe('Organization id, or "current"'),
  email: z.string().trim().email().max(320),
  role: ZRole,
});

export const ZInvitation = z.object({
  _id: z.string(),
  email: z.string(),
  role: ZRole,
  expiresAt: z.string(),
  inviteUrl: z.string().describe("Single-use accept link (works for 7 days); share it by hand when no mail server is configured"),
  emailStatus: z.enum(["sent", "logged", "failed"]).describe("sent over SMTP, logged (no SMTP configured) or failed"),
});

export const ZPendingInvitation = z.object({
  _id: z.string(),
  email: z.string(),
  role: ZRole,
  expiresAt: z.string(),
  invitedById: z.string().nullable(),
  created: z.string(),
});
