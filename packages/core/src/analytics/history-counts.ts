// What the history-based analytics count, in one place (documented in the README):
// - a translation: a history entry whose new status is `translated` and whose value changed
//   (first values, edits, AI saves, imports and reverts that restore a value);
// - a review: an entry that moves a translation to `reviewed` or `approved` from another status;
//   contributors split these into `reviews` (to reviewed) and `approvals` (to approved).
// Status-only rollbacks and clearing a value count as neither.
import { Prisma } from "@locale/db";

export const IS_TRANSLATION = Prisma.sql`(h."newStatus" = 'translated' AND h."newValue" IS DISTINCT FROM h."previousValue")`;
export const IS_REVIEW = Prisma.sql`(h."newStatus" IN ('reviewed', 'approved') AND h."previousStatus" <> h."newStatus")`;
export const IS_TO_REVIEWED = Prisma.sql`(h."newStatus" = 'reviewed' AND h."previousStatus" <> 'reviewed')`;
export const IS_TO_APPROVED = Prisma.sql`(h."newStatus" = 'approved' AND h."previousStatus" <> 'approved')`;
