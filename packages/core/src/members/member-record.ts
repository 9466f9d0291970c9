import type { Membership, Role, User } from "@locale/db";
import { iso } from "../shared/dates";

export interface MemberRecord {
  userId: string;
  name: string;
  email: string;
  role: Role;
  joinedAt: string;
}

export const toMemberRecord = (m: Membership & { user: Pick<User, "name" | "email"> }): MemberRecord => ({
  userId: m.userId,
  name: m.user.name,
  email: m.user.email,
  role: m.role,
  joinedAt: iso(m.joinedAt),
});
