import { router } from "../../trpc/init";
import { signUpProcedure } from "./sign-up";
import { logInProcedure } from "./log-in";
import { logOutProcedure } from "./log-out";
import { meProcedure } from "./me";
import { acceptInviteProcedure } from "./accept-invite";

export const authRouter = router({
  signUp: signUpProcedure,
  logIn: logInProcedure,
  logOut: logOutProcedure,
  me: meProcedure,
  acceptInvite: acceptInviteProcedure,
});
