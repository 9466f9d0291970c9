import { router } from "../../trpc/init";
import { acceptInviteProcedure } from "./accept-invite";
import { logInProcedure } from "./log-in";
import { logOutProcedure } from "./log-out";
import { meProcedure } from "./me";
import { signUpProcedure } from "./sign-up";

export const authRouter = router({
  signUp: signUpProcedure,
  logIn: logInProcedure,
  logOut: logOutProcedure,
  me: meProcedure,
  acceptInvite: acceptInviteProcedure,
});
