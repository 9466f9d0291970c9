// Pre-translation from the translation memory (docs/pretranslation.md): chosen languages, a fuzzy
// threshold, optionally an MT engine or the AI for what the TM leaves, and the editor's selection;
// one job per language, each followed on the AI batch's event stream (rows fill in as it goes).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { queries } from "../api/queries";
import { errorMessage, type RouterOutputs, trpc } from "../api/trpc";
import { ErrorMessage, languageName } from "../components/ui";
import { Link } from "../router/router";
import { patchCachedValue } from "./editor-data";

type Project = RouterOutputs["projects"]["get"];
type Engine = "deepl" | "google" | "azure" | "amazon" | "ai";

interface LanguageJob {
  jobId: string;
  language: string;
  total: number;
  completed: number;
  failed: number;
  finished: null | "complete" | "cancelled";
  summary?: string;
}

const THRESHOLDS = [100, 95, 85, 75, 50];

export function PretranslatePanel({
  project,
  selectedKeyIds,
  onClose,
}: {
  project: Project;
  selectedKeyIds: string[];
  onClose: () => void;
}) {
  const qc = useQueryClient();
  const engines = useQuery(queries.mt.engines.queryOptions({ projectId: project._id }));
  const ai = useQuery(queries.ai.status.queryOptions({ projectId: project._id }));
  const [languages, setLanguages] = useState<string[]>(project.targetLanguages);
  const [minSimilarity, setMinSimilarity] = useState(100);
  const [engine, setEngine] = useState<Engine | "">("");
  const [onlySelected, setOnlySelected] = useState(false);
  const [jobs, setJobs] = useState<LanguageJob[]>([]);
  const sources = useRef<EventSource[]>([]);
  useEffect(
    () => () => {
      for (const s of sources.current) s.close();
    },
    [],
  );

  const update = (jobId: string, change: Partial<LanguageJob>) =>
    setJobs((all) => all.map((j) => (j.jobId === jobId ? { ...j, ...change } : j)));
  const follow = (job: LanguageJob) => {
    const es = new EventSource(
      `/api/projects/${encodeURIComponent(project._id)}/ai/translate/batch/stream/${encodeURIComponent(job.jobId)}`,
    );
    sources.current.push(es);
    es.addEventListener("progress", (e) => {
      const d = JSON.parse((e as MessageEvent).data) as {
        keyId: string;
        status: string;
        translation?: string;
        confidence?: number;
        origin?: string;
        completed: number;
        failed: number;
      };
      if (d.status === "translated" && d.translation !== undefined) {
        const source = d.origin === "mt" ? "mt" : d.origin === "ai" ? "ai" : "tm";
        patchCachedValue(qc, project._id, d.keyId, job.language, d.translation, d.confidence, source);
      }
      update(job.jobId, { completed: d.completed, failed: d.failed });
    });
    const end = (kind: "complete" | "cancelled") => (e: Event) => {
      const d = JSON.parse((e as MessageEvent).data) as {
        translated: number;
        failed: number;
        total: number;
        refused?: number;
        origins?: Record<string, number>;
      };
      const o = d.origins ?? {};
      const fallback = (o.mt ?? 0) + (o.ai ?? 0);
      update(job.jobId, {
        finished: kind,
        completed: d.translated + d.failed,
        failed: d.failed,
        summary:
          kind === "cancelled"
            ? `Cancelled after ${d.translated} filled.`
            : `${d.translated} filled (${o.context ?? 0} context, ${o.exact ?? 0} exact, ${o.fuzzy ?? 0} fuzzy${fallback ? `, ${fallback} by ${engine}` : ""}), ${d.total - d.translated - d.failed} left, ${d.refused ?? 0} refused by the quality checks.`,
      });
      es.close();
      void qc.invalidateQueries(queries.analytics.progress.pathFilter({ projectId: project._id }));
      void qc.invalidateQueries(queries.keys.editorRows.pathFilter({ projectId: project._id }));
      void qc.invalidateQueries(queries.translations.history.pathFilter({ projectId: project._id }));
    };
    es.addEventListener("complete", end("complete"));
    es.addEventListener("cancelled", end("cancelled"));
  };

  const start = useMutation({
    mutationFn: () =>
      trpc.pretranslate.start.mutate({
        projectId: project._id,
        targetLanguages: languages,
        minSimilarity,
        ...(engine ? { engine } : {}),
        ...(onlySelected && selectedKeyIds.length > 0 ? { keyIds: selectedKeyIds } : {}),
      }),
    onSuccess: (r) => {
      for (const s of sources.current) s.close();
      sources.current = [];
      const started = r.jobs.map<LanguageJob>((j) => ({
        jobId: j.jobId,
        language: j.targetLanguage,
        total: j.total,
        completed: 0,
        failed: 0,
        finished: j.total === 0 ? "complete" : null,
        summary: j.total === 0 ? "Nothing to pre-translate." : undefined,
      }));
      setJobs(started);
      for (const j of started) if (j.finished === null) follow(j);
    },
  });
  const cancel = useMutation({ mutationFn: (jobId: string) => trpc.ai.cancelBatchJob.mutate({ projectId: project._id, jobId }) });
  const running = jobs.some((j) => j.finished === null);
  const configured = (engines.data?.engines ?? []).filter((e) => e.configured);

  return (
    <section className="ai-panel" aria-label="Pre-translation">
      <h2>Pre-translate from the translation memory</h2>
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          start.mutate();
        }}
      >
        <fieldset className="lang-toggle">
          <legend>Languages</legend>
          {project.targetLanguages.map((l) => (
            <label key={l} className="inline">
              <input
                type="checkbox"
                checked={languages.includes(l)}
                disabled={running}
                onChange={(e) => setLanguages(e.target.checked ? [...languages, l] : languages.filter((x) => x !== l))}
              />{" "}
              {languageName(l)} ({l})
            </label>
          ))}
        </fieldset>
        <label>
          TM matches from{" "}
          <select value={minSimilarity} onChange={(e) => setMinSimilarity(Number(e.target.value))} disabled={running}>
            {THRESHOLDS.map((t) => (
              <option key={t} value={t}>
                {t === 100 ? "100 % (and context)" : `${t} %`}
              </option>
            ))}
          </select>
        </label>
        <label>
          Then{" "}
          <select value={engine} onChange={(e) => setEngine(e.target.value as Engine | "")} disabled={running}>
            <option value="">leave the rest untranslated</option>
            {configured.map((e) => (
              <option key={e.id} value={e.id}>
                translate the rest with {e.displayName}
              </option>
            ))}
            {ai.data?.configured && <option value="ai">translate the rest with AI</option>}
          </select>
        </label>
        {selectedKeyIds.length > 0 && (
          <label className="inline">
            <input type="checkbox" checked={onlySelected} onChange={(e) => setOnlySelected(e.target.checked)} disabled={running} /> Only the{" "}
            {selectedKeyIds.length} selected keys
          </label>
        )}
        <button type="submit" className="primary" disabled={running || start.isPending || languages.length === 0}>
          Pre-translate
        </button>
        {running && (
          <button
            type="button"
            className="danger"
            onClick={() => {
              for (const j of jobs) if (j.finished === null) cancel.mutate(j.jobId);
            }}
            disabled={cancel.isPending}
          >
            Cancel
          </button>
        )}
        <Link to={`/projects/${project._id}/leverage`}>Leverage report</Link>
        <button type="button" className="link" onClick={onClose}>
          Close
        </button>
      </form>
      <ErrorMessage error={start.error ? errorMessage(start.error) : cancel.error ? errorMessage(cancel.error) : null} />
      {jobs.map((j) => (
        <div className="batch-progress" key={j.jobId}>
          <div
            className="progress"
            role="progressbar"
            aria-label={`Pre-translation progress, ${languageName(j.language)}`}
            aria-valuemin={0}
            aria-valuemax={j.total}
            aria-valuenow={j.completed}
          >
            <div className="progress-fill" style={{ width: `${j.total > 0 ? Math.round((j.completed / j.total) * 100) : 100}%` }} />
          </div>
          <p role="status" className="batch-status">
            {languageName(j.language)}: {j.summary ?? `${j.completed} of ${j.total} keys${j.failed ? `, ${j.failed} failed` : ""}…`}
          </p>
        </div>
      ))}
    </section>
  );
}
