import { router } from "../../trpc/init";
import { listMembersProcedure } from "./list-members";
import { inviteMemberProcedure } from "./invite-member";
import { updateMemberRoleProcedure } from "./update-member-role";
import { removeMemberProcedure } from "./remove-member";
import { listInvitationsProcedure } from "./list-invitations";
import { revokeInvitationProcedure } from "./revoke-invitation";

export const membersRouter = router({
  list: listMembersProcedure,
  invite: inviteMemberProcedure,
  updateRole: updateMemberRoleProcedure,
  remove: removeMemberProcedure,
  listInvitations: listInvitationsProcedure,
  revokeInvitation: revokeInvitationProcedure,
});
