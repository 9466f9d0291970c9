import { changePassword } from "@locale/core/auth";
import { z } from "zod";
import { ZSuccess } from "../../schemas/common";
import { authedProcedure } from "../../trpc/init";
import { retryAfterHeader } from "./retry-after";

export const ZChangePasswordRequest = z.object({
  currentPassword: z.string().min(1),
  newPassword: z.string().min(8).describe("The sign-up rules"),
});

export const changePasswordProcedure = authedProcedure
  .use(retryAfterHeader)
  .meta({
    errors: {
      403: "Called with an API key (a session only)",
      429: "Too many wrong passwords for this account; `Retry-After` gives the seconds until the block ends",
    },
    openapi: {
      method: "POST",
      path: "/auth/password",
      tags: ["Auth"],
      summary:
        "Change the signed-in person's password (a wrong current password is a 400 on `currentPassword`); ends every other session, keeps this one",
    },
  })
  .input(ZChangePasswordRequest)
  .output(ZSuccess)
  .mutation(async ({ ctx, input }) => {
    await changePassword(ctx.svc, input);
    return { success: true as const };
  });
