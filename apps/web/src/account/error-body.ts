// The documented error body ({statusCode, message, error, issues?}) as the tRPC client carries
// it, so a form can put an issue next to the field it names instead of in one sentence.
import { TRPCClientError } from "@trpc/client";

export interface ErrorIssue {
  path: string;
  message: string;
}

export function issuesOf(error: unknown): ErrorIssue[] {
  if (!(error instanceof TRPCClientError)) return [];
  const body = (error.shape as { appBody?: { issues?: ErrorIssue[] } } | undefined)?.appBody;
  return body?.issues ?? [];
}

/** The message of the issue about `field`, if the server named that field. */
export function issueAbout(error: unknown, field: string): string | null {
  return issuesOf(error).find((i) => i.path === field || i.path.startsWith(`${field}.`))?.message ?? null;
}
