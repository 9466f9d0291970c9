import { listSessions } from "@locale/core/auth";
import { z } from "zod";
import { authedProcedure } from "../../trpc/init";

export const ZAccountSession = z.object({
  _id: z.string(),
  method: z.string().describe('How it was opened: "password", "signup", "invitation", "oidc:<provider id>"'),
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable().describe("The client address at sign-in"),
  createdAt: z.string(),
  lastSeenAt: z.string().describe("Updated at most once an hour"),
  expiresAt: z.string(),
  current: z.boolean().describe("The session of this request"),
});
export const ZSessionsResponse = z.object({ items: z.array(ZAccountSession) });

export const sessionsProcedure = authedProcedure
  .meta({
    errors: { 403: "Called with an API key (a session only)" },
    openapi: {
      method: "GET",
      path: "/auth/sessions",
      tags: ["Auth"],
      summary: "The signed-in person's active sessions in every organization, newest first",
    },
  })
  .input(z.object({}))
  .output(ZSessionsResponse)
  .query(({ ctx }) => listSessions(ctx.svc));
