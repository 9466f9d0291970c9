import { router } from "../../trpc/init";
import { inviteMemberProcedure } from "./invite-member";
import { listInvitationsProcedure } from "./list-invitations";
import { listMembersProcedure } from "./list-members";
import { removeMemberProcedure } from "./remove-member";
import { revokeInvitationProcedure } from "./revoke-invitation";
import { updateMemberRoleProcedure } from "./update-member-role";

export const membersRouter = router({
  list: listMembersProcedure,
  invite: inviteMemberProcedure,
  updateRole: updateMemberRoleProcedure,
  remove: removeMemberProcedure,
  listInvitations: listInvitationsProcedure,
  revokeInvitation: revokeInvitationProcedure,
});
