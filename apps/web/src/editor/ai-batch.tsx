// Batch AI translation of a language's untranslated keys: starts a job, follows its server-sent
// events (rows fill in as keys are translated), and can cancel it.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { queries } from "../api/queries";
import { errorMessage, type RouterOutputs, trpc } from "../api/trpc";
import { ErrorMessage, languageName } from "../components/ui";
import { patchCachedValue } from "./editor-data";

type Project = RouterOutputs["projects"]["get"];

interface JobState {
  jobId: string;
  total: number;
  completed: number;
  failed: number;
  finished: null | "complete" | "cancelled";
  message?: string;
}

export function AiBatchPanel({ project, onClose }: { project: Project; onClose: () => void }) {
  const qc = useQueryClient();
  const status = useQuery(queries.ai.status.queryOptions({ projectId: project._id }));
  const [language, setLanguage] = useState(project.targetLanguages[0] ?? "");
  const [limit, setLimit] = useState(50);
  const [job, setJob] = useState<JobState | null>(null);
  const [streamError, setStreamError] = useState<string | null>(null);
  const source = useRef<EventSource | null>(null);
  useEffect(() => () => source.current?.close(), []);

  // At the job's end the rows, progress and every open history of the project are read again:
  // the job wrote history entries the side panel has not seen.
  const refresh = () => {
    void qc.invalidateQueries(queries.analytics.progress.pathFilter({ projectId: project._id }));
    void qc.invalidateQueries(queries.keys.editorRows.pathFilter({ projectId: project._id }));
    void qc.invalidateQueries(queries.translations.history.pathFilter({ projectId: project._id }));
  };
  const follow = (jobId: string, total: number, lang: string) => {
    source.current?.close();
    const es = new EventSource(`/api/projects/${encodeURIComponent(project._id)}/ai/translate/batch/stream/${encodeURIComponent(jobId)}`);
    source.current = es;
    es.addEventListener("progress", (e) => {
      const d = JSON.parse((e as MessageEvent).data) as {
        keyId: string;
        status: string;
        translation?: string;
        confidence?: number;
        completed: number;
        failed: number;
        total: number;
      };
      if (d.status === "translated" && d.translation !== undefined) {
        patchCachedValue(qc, project._id, d.keyId, lang, d.translation, d.confidence);
        void qc.invalidateQueries(queries.translations.history.pathFilter({ projectId: project._id, keyId: d.keyId, language: lang }));
      }
      setJob((j) => (j && j.jobId === jobId ? { ...j, completed: d.completed, failed: d.failed, total: d.total } : j));
      void qc.invalidateQueries(queries.analytics.progress.pathFilter({ projectId: project._id }));
    });
    const end = (kind: "complete" | "cancelled") => (e: Event) => {
      const d = JSON.parse((e as MessageEvent).data) as { translated: number; failed: number; total: number; abortReason?: string };
      setJob((j) =>
        j && j.jobId === jobId ? { ...j, completed: d.translated + d.failed, failed: d.failed, finished: kind, message: d.abortReason } : j,
      );
      es.close();
      refresh();
    };
    es.addEventListener("complete", end("complete"));
    es.addEventListener("cancelled", end("cancelled"));
    es.onerror = () => {
      if (es.readyState === EventSource.CLOSED) setStreamError("The progress stream was interrupted.");
    };
    setJob({ jobId, total, completed: 0, failed: 0, finished: null });
  };
  const start = useMutation({
    mutationFn: () =>
      trpc.ai.startBatchJob.mutate({ projectId: project._id, sourceLanguage: project.sourceLanguage, targetLanguage: language, limit }),
    onSuccess: (r) => {
      setStreamError(null);
      if (r.total === 0)
        setJob({ jobId: r.jobId, total: 0, completed: 0, failed: 0, finished: "complete", message: "Nothing to translate." });
      else follow(r.jobId, r.total, language);
    },
  });
  const cancel = useMutation({ mutationFn: (jobId: string) => trpc.ai.cancelBatchJob.mutate({ projectId: project._id, jobId }) });

  if (status.data && !status.data.configured)
    return (
      <section className="ai-panel" aria-label="AI batch translation">
        <p>No AI provider is configured. An administrator can add a provider key in the organization settings.</p>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </section>
    );
  const running = job !== null && job.finished === null;
  const percent = job && job.total > 0 ? Math.round((job.completed / job.total) * 100) : 0;
  return (
    <section className="ai-panel" aria-label="AI batch translation">
      <h2>AI batch translation</h2>
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          start.mutate();
        }}
      >
        <label>
          Language{" "}
          <select value={language} onChange={(e) => setLanguage(e.target.value)} disabled={running}>
            {project.targetLanguages.map((l) => (
              <option key={l} value={l}>
                {languageName(l)} ({l})
              </option>
            ))}
          </select>
        </label>
        <label>
          Keys at most{" "}
          <input type="number" min={1} max={200} value={limit} onChange={(e) => setLimit(Number(e.target.value) || 1)} disabled={running} />
        </label>
        <button type="submit" className="primary" disabled={running || start.isPending || !language}>
          Translate untranslated keys
        </button>
        {running && (
          <button type="button" className="danger" onClick={() => cancel.mutate(job.jobId)} disabled={cancel.isPending}>
            Cancel
          </button>
        )}
        <button type="button" className="link" onClick={onClose}>
          Close
        </button>
      </form>
      <ErrorMessage error={start.error ? errorMessage(start.error) : cancel.error ? errorMessage(cancel.error) : streamError} />
      {job && (
        <div className="batch-progress">
          <div
            className="progress"
            role="progressbar"
            aria-label="AI batch progress"
            aria-valuemin={0}
            aria-valuemax={job.total}
            aria-valuenow={job.completed}
          >
            <div className="progress-fill" style={{ width: `${percent}%` }} />
          </div>
          <p role="status" className="batch-status">
            {job.finished === "cancelled"
              ? `Cancelled after ${job.completed} of ${job.total} keys.`
              : job.finished === "complete"
                ? `Done: ${job.completed - job.failed} translated, ${job.failed} failed of ${job.total}.${job.message ? ` ${job.message}` : ""}`
                : `${job.completed} of ${job.total} keys${job.failed ? `, ${job.failed} failed` : ""}…`}
          </p>
        </div>
      )}
    </section>
  );
}
