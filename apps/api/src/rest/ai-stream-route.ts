// GET /projects/:projectId/ai/translate/batch/stream/:jobId — server-sent events of a batch job.
// Stored events after `Last-Event-ID` (header, or `?lastEventId=` for clients that cannot set
// headers) are replayed, then live ones follow: a NOTIFY on the job's channel says "something is
// new" and the table is read again, so replay and live delivery are one code path and nothing
// is lost between them. Heartbeat comments keep proxies from closing an idle stream; the stream
// ends after `complete` or `cancelled`.

import { badRequest } from "@locale/core";
import { FINISHED_JOB_STATUSES, jobEventsChannel, loadAiJob, readJobEventsAfter, TERMINAL_EVENTS } from "@locale/core/ai";
import type { Request } from "express";
import { z } from "zod";
import type { PlainCall, PlainRoute } from "./plain-route";

const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorBody" } } },
});

function lastEventIdOf(req: Request): bigint {
  const raw = req.header("last-event-id") ?? (typeof req.query.lastEventId === "string" ? req.query.lastEventId : undefined);
  if (raw === undefined || raw.trim() === "") return 0n;
  if (!/^\d{1,19}$/.test(raw.trim()))
    throw badRequest("lastEventId: must be an event id (a non-negative integer)", [
      { path: "lastEventId", message: "must be an event id" },
    ]);
  return BigInt(raw.trim());
}

async function handleStream({ deps, svc, params, req, res }: PlainCall): Promise<void> {
  const job = await loadAiJob(svc, String(params.projectId), String(params.jobId));
  let last = lastEventIdOf(req);

  res.status(200);
  res.setHeader("Content-Type", "text/event-stream; charset=utf-8");
  res.setHeader("Cache-Control", "no-cache, no-transform");
  res.setHeader("Connection", "keep-alive");
  res.setHeader("X-Accel-Buffering", "no");
  res.flushHeaders();

  let done = false;
  let unsubscribe: (() => Promise<void>) | undefined;
  const heartbeat = setInterval(() => res.write(": heartbeat\n\n"), deps.config.AI_SSE_HEARTBEAT_MS);
  const finish = () => {
    if (done) return;
    done = true;
    clearInterval(heartbeat);
    void unsubscribe?.().catch(() => {});
    res.end();
  };
  // The response (not the request, which "closes" once read) tells when the client goes away.
  res.on("close", finish);

  const pump = async (checkFinished: boolean) => {
    if (done) return;
    const events = await readJobEventsAfter(deps.db, job.id, last);
    for (const e of events) {
      if (done) return;
      res.write(`id: ${e.id}\nevent: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`);
      last = BigInt(e.id);
      if (TERMINAL_EVENTS.includes(e.event)) return finish();
    }
    if (checkFinished && events.length === 0) {
      // Reconnecting after the terminal event: nothing more will come.
      const current = await deps.db.prisma.aiJob.findUnique({ where: { id: job.id }, select: { status: true } });
      if (!current || FINISHED_JOB_STATUSES.includes(current.status)) finish();
    }
  };
  let chain = Promise.resolve();
  const schedule = (checkFinished = false) => {
    chain = chain
      .then(() => pump(checkFinished))
      .catch((err: unknown) => {
        req.log?.error({ err }, "job event stream failed");
        finish();
      });
  };
  // Subscribe before the first read, so an event committed in between is not missed.
  // After a lost database connection, read again what may have been committed meanwhile.
  unsubscribe = await deps.db.listen(
    jobEventsChannel(job.id),
    () => schedule(),
    () => schedule(),
  );
  if (done) await unsubscribe();
  schedule(true);
}

export const aiStreamRoute: PlainRoute = {
  operations: [{ method: "GET", path: "/projects/{projectId}/ai/translate/batch/stream/{jobId}", body: "json", handle: handleStream }],
  docs: {
    "/projects/{projectId}/ai/translate/batch/stream/{jobId}": {
      get: {
        operationId: "ai-streamBatchJob",
        tags: ["AI"],
        summary: "Follow a batch job as server-sent events",
        description:
          "Events (`event:` name, JSON `data:`, `id:` = stored event id): `start {jobId, total}`; `progress {jobId, keyId, key, status, translation?, confidence?, error?, completed, failed, total}` per key; `complete {jobId, translated, failed, total, durationMs, aborted?, abortReason?}`; `cancelled {jobId, translated, failed, total}`. Stored events after `Last-Event-ID` (header or `lastEventId` query) are replayed first. Heartbeat comments every 15 s (AI_SSE_HEARTBEAT_MS); the stream ends after `complete` or `cancelled`.",
        security: [{ apiKey: [] }, { session: [] }],
        requestParams: {
          path: z.object({ projectId: z.string(), jobId: z.string() }),
          query: z.object({ lastEventId: z.string().optional().describe("Resume after this event id (same as the Last-Event-ID header)") }),
        },
        responses: {
          "200": { description: "The event stream", content: { "text/event-stream": { schema: { type: "string" } } } },
          "400": errorResponse("Invalid Last-Event-ID"),
          "401": errorResponse("No or invalid credentials"),
          "403": errorResponse("No AI permission"),
          "404": errorResponse("Project or job not found"),
        },
      },
    },
  },
};
