import { resetPassword } from "@locale/core/auth";
import { z } from "zod";
import { ZSuccess } from "../../schemas/common";
import { publicProcedure } from "../../trpc/init";

export const ZResetPasswordRequest = z.object({
  token: z.string().min(1).max(200).describe("The `token` from the fragment of the e-mailed link"),
  password: z.string().min(8).describe("The new password (the sign-up rules)"),
});

export const resetPasswordProcedure = publicProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/auth/password-reset/confirm",
      tags: ["Auth"],
      summary:
        "Set a new password with a reset link's token (once; 400 when unknown, used or expired). Ends every session of the account; does not sign in",
    },
  })
  .input(ZResetPasswordRequest)
  .output(ZSuccess)
  .mutation(async ({ ctx, input }) => {
    await resetPassword({ db: ctx.db, config: ctx.core, runtime: ctx.runtime }, input);
    return { success: true as const };
  });
