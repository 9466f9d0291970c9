import type { Invitation, Role } from "@locale/db";
import { iso } from "../shared/dates";

export interface InvitationRecord {
  _id: string;
  email: string;
  role: Role;
  expiresAt: string;
}

export const toInvitationRecord = (i: Invitation): InvitationRecord => ({
  _id: i.id,
  email: i.email,
  role: i.role,
  expiresAt: iso(i.expiresAt),
});

export interface PendingInvitationRecord extends InvitationRecord {
  invitedById: string | null;
  created: string;
}

export const toPendingInvitationRecord = (i: Invitation): PendingInvitationRecord => ({
  ...toInvitationRecord(i),
  invitedById: i.invitedById,
  created: iso(i.createdAt),
});

/** Invitation links work for this long, and once. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export function inviteUrlOf(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, "")}/accept-invite?token=${encodeURIComponent(token)}`;
}
