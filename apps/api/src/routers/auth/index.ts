import { router } from "../../trpc/init";
import { acceptInviteProcedure } from "./accept-invite";
import { changePasswordProcedure } from "./change-password";
import { describeInviteProcedure } from "./describe-invite";
import { identitiesProcedure } from "./identities";
import { logInProcedure } from "./log-in";
import { logOutProcedure } from "./log-out";
import { logOutEverywhereProcedure } from "./log-out-everywhere";
import { meProcedure } from "./me";
import { providersProcedure } from "./providers";
import { requestPasswordResetProcedure } from "./request-password-reset";
import { resetPasswordProcedure } from "./reset-password";
import { revokeSessionProcedure } from "./revoke-session";
import { sessionsProcedure } from "./sessions";
import { signUpProcedure } from "./sign-up";

export const authRouter = router({
  signUp: signUpProcedure,
  logIn: logInProcedure,
  logOut: logOutProcedure,
  me: meProcedure,
  acceptInvite: acceptInviteProcedure,
  invitation: describeInviteProcedure,
  providers: providersProcedure,
  identities: identitiesProcedure,
  requestPasswordReset: requestPasswordResetProcedure,
  resetPassword: resetPasswordProcedure,
  changePassword: changePasswordProcedure,
  sessions: sessionsProcedure,
  revokeSession: revokeSessionProcedure,
  logOutEverywhere: logOutEverywhereProcedure,
});
