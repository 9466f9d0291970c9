// Progress per language, progress over time (an SVG chart drawn here: no chart library, nothing
// loaded from elsewhere) and contributors, per project.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { queries } from "../api/queries";
import { errorMessage } from "../api/trpc";
import { ErrorMessage, languageName, ProgressBar } from "../components/ui";

export function AnalyticsSection() {
  const projects = useQuery(queries.projects.list.queryOptions({}));
  const overview = useQuery(queries.analytics.overview.queryOptions({ orgId: "current" }));
  const [projectId, setProjectId] = useState("");
  const current = projectId || projects.data?.[0]?._id || "";
  return (
    <>
      <h1>Analytics</h1>
      {overview.data && (
        <p>
          Projects: {overview.data.totalProjects} · keys: {overview.data.totalKeys} · translations: {overview.data.totalTranslations}
        </p>
      )}
      <label>
        Project{" "}
        <select value={current} onChange={(e) => setProjectId(e.target.value)}>
          {projects.data?.map((p) => (
            <option key={p._id} value={p._id}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
      {current && <ProjectAnalytics projectId={current} />}
    </>
  );
}

function ProjectAnalytics({ projectId }: { projectId: string }) {
  const progress = useQuery(queries.analytics.progress.queryOptions({ projectId }));
  const overTime = useQuery(queries.analytics.progressOverTime.queryOptions({ projectId, days: 30 }));
  const contributors = useQuery(queries.analytics.contributors.queryOptions({ projectId }));
  const days = overTime.data ?? [];
  const max = Math.max(1, ...days.map((d) => d.translations + d.reviews));
  const w = 600;
  const h = 160;
  const step = days.length > 1 ? w / (days.length - 1) : w;
  const line = (f: (d: (typeof days)[number]) => number) =>
    days.map((d, i) => `${(i * step).toFixed(1)},${(h - (f(d) / max) * h).toFixed(1)}`).join(" ");
  return (
    <div>
      <ErrorMessage error={progress.error ? errorMessage(progress.error) : null} />
      <h2>Progress per language</h2>
      {progress.data?.languages.map((l) => (
        <ProgressBar key={l.language} label={`${languageName(l.language)} (${l.language})`} percent={l.completionPercent} />
      ))}
      <h2>Last 30 days</h2>
      <figure className="chart">
        <svg viewBox={`-4 -4 ${w + 8} ${h + 8}`} role="img" aria-label="Translations and reviews per day over the last 30 days">
          <polyline points={line((d) => d.translations)} fill="none" stroke="#2f5bd3" strokeWidth="2" />
          <polyline points={line((d) => d.reviews)} fill="none" stroke="#1d7a46" strokeWidth="2" strokeDasharray="5 3" />
        </svg>
        <figcaption>
          {days[0]?.date} to {days[days.length - 1]?.date} · <span className="legend translations">── translations</span> ·{" "}
          <span className="legend reviews">- - reviews</span> · top of the chart: {max} per day
        </figcaption>
      </figure>
      <h2>Contributors</h2>
      {contributors.data?.length === 0 && <p className="hint">No contributions yet.</p>}
      <table className="data">
        <thead>
          <tr>
            <th scope="col">Who</th>
            <th scope="col">Translations</th>
            <th scope="col">Reviews</th>
            <th scope="col">Approvals</th>
          </tr>
        </thead>
        <tbody>
          {contributors.data?.map((c) => (
            <tr key={c.userId}>
              <td>{c.userName}</td>
              <td>{c.translations}</td>
              <td>{c.reviews}</td>
              <td>{c.approvals}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
