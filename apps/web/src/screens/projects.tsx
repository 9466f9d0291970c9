// The projects of the organization with per-language progress, and project creation.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { queries } from "../api/queries";
import { useCan } from "../api/session";
import { errorMessage, type RouterOutputs, trpc } from "../api/trpc";
import { LanguagePicker } from "../components/language-picker";
import { Dialog, ErrorMessage, Field, LanguageLabel, languageName, ProgressBar } from "../components/ui";
import { Link, navigate } from "../router/router";

type Project = RouterOutputs["projects"]["list"][number];

function ProjectProgress({ project }: { project: Project }) {
  const progress = useQuery({
    ...queries.analytics.progress.queryOptions({ projectId: project._id }),
    enabled: !project.archived,
  });
  if (project.archived)
    return <p className="hint">Archived {project.archivedAt ? new Date(project.archivedAt).toLocaleDateString() : ""}</p>;
  if (!progress.data) return <p className="hint">Loading progress…</p>;
  const targets = progress.data.languages.filter((l) => l.language !== project.sourceLanguage);
  return (
    <div>
      <p className="hint">{progress.data.totalKeys} keys</p>
      {targets.length === 0 && <p className="hint">No target languages yet.</p>}
      {targets.map((l) => (
        <ProgressBar key={l.language} label={`${languageName(l.language)} (${l.language})`} percent={l.completionPercent} />
      ))}
    </div>
  );
}

export default function ProjectsScreen() {
  const can = useCan();
  const [showArchived, setShowArchived] = useState(false);
  const [creating, setCreating] = useState(false);
  const projects = useQuery(queries.projects.list.queryOptions({ includeArchived: showArchived ? "true" : "false" }));
  return (
    <section>
      <div className="page-head">
        <h1>Projects</h1>
        <label className="inline">
          <input type="checkbox" checked={showArchived} onChange={(e) => setShowArchived(e.target.checked)} /> Show archived
        </label>
        {can("projects.write") && (
          <button type="button" className="primary" onClick={() => setCreating(true)}>
            New project
          </button>
        )}
      </div>
      <ErrorMessage error={projects.error ? errorMessage(projects.error) : null} />
      {projects.data?.length === 0 && (
        <p>No projects yet.{can("projects.write") ? " Create one to start translating." : " Ask an administrator to create one."}</p>
      )}
      <ul className="cards">
        {projects.data?.map((p) => (
          <li key={p._id} className={`card${p.archived ? " archived" : ""}`}>
            <h2>
              <Link to={`/projects/${p._id}`}>{p.name}</Link>
            </h2>
            {p.description && <p>{p.description}</p>}
            <p className="hint">
              Source: <LanguageLabel code={p.sourceLanguage} />
            </p>
            <ProjectProgress project={p} />
            <div className="card-links">
              <Link to={`/projects/${p._id}`}>Editor</Link>
              <Link to={`/projects/${p._id}/files`}>Import / export</Link>
              <Link to={`/projects/${p._id}/releases`}>Releases</Link>
              {can("projects.write") && <Link to={`/projects/${p._id}/settings`}>Settings</Link>}
            </div>
          </li>
        ))}
      </ul>
      <CreateProjectDialog open={creating} onClose={() => setCreating(false)} />
    </section>
  );
}

function CreateProjectDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const qc = useQueryClient();
  const [source, setSource] = useState("en");
  const [targets, setTargets] = useState<string[]>([]);
  const create = useMutation({
    mutationFn: (input: { name: string; description: string }) =>
      trpc.projects.create.mutate({ ...input, sourceLanguage: source, targetLanguages: targets }),
    onSuccess: async (p) => {
      await qc.invalidateQueries(queries.projects.list.pathFilter());
      onClose();
      navigate(`/projects/${p._id}`);
    },
  });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    create.mutate({ name: String(form.get("name")), description: String(form.get("description") ?? "") });
  };
  return (
    <Dialog title="New project" open={open} onClose={onClose}>
      <form onSubmit={submit} className="wide-form">
        <Field label="Name">{(id) => <input id={id} name="name" required maxLength={200} />}</Field>
        <Field label="Description">{(id) => <textarea id={id} name="description" rows={2} />}</Field>
        <p>
          Source language: <LanguageLabel code={source} />
        </p>
        <LanguagePicker label="Change source language" exclude={[source, ...targets]} onPick={setSource} />
        <LanguagePicker label="Add target language" exclude={[source, ...targets]} onPick={(c) => setTargets((t) => [...t, c])} />
        <ul className="chips" aria-label="Target languages">
          {targets.map((t) => (
            <li key={t}>
              <LanguageLabel code={t} />
              <button
                type="button"
                className="icon"
                aria-label={`Remove ${languageName(t)}`}
                onClick={() => setTargets((all) => all.filter((x) => x !== t))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
        <ErrorMessage error={create.error ? errorMessage(create.error) : null} />
        <div className="actions">
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={create.isPending}>
            Create project
          </button>
        </div>
      </form>
    </Dialog>
  );
}
