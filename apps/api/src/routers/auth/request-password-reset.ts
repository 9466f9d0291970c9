import { requestPasswordReset } from "@locale/core/auth";
import { z } from "zod";
// `req.log` is declared there; the web app type-checks this file without loading the server.
import type {} from "../../logger";
import { ZSuccess } from "../../schemas/common";
import { publicProcedure } from "../../trpc/init";
import { clientOf } from "./client-info";
import { retryAfterHeader } from "./retry-after";

export const ZRequestPasswordResetRequest = z.object({
  email: z.string().trim().email().max(320).describe("The account's e-mail address"),
});

export const requestPasswordResetProcedure = publicProcedure
  .use(retryAfterHeader)
  .meta({
    errors: { 429: "Too many reset requests from this client address; `Retry-After` gives the seconds until the next is accepted" },
    openapi: {
      method: "POST",
      path: "/auth/password-reset",
      tags: ["Auth"],
      summary:
        "Forgot password: e-mails a single-use link to reset it (`/reset-password#token=…`, valid PASSWORD_RESET_TTL_MINUTES). The same answer whether or not the e-mail has an account",
    },
  })
  .input(ZRequestPasswordResetRequest)
  .output(ZSuccess)
  .mutation(async ({ ctx, input }) => {
    const { completion } = await requestPasswordReset(
      { db: ctx.db, config: ctx.core, runtime: ctx.runtime, client: clientOf(ctx.req) },
      input,
    );
    // The answer does not wait for the mail, so its timing says nothing about the account.
    completion.catch((err: unknown) => ctx.req.log?.error({ err }, "password reset e-mail failed"));
    return { success: true as const };
  });
