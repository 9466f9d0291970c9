// A project's settings: name, description, languages, preferred model, quality-check severities,
// its own API tokens and webhooks; archive, restore and the owner's permanent delete, each behind a confirmation.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { ProjectTokensSection } from "../admin/project-tokens-section";
import { QaSettingsSection } from "../admin/qa-settings-section";
import { WebhooksSection } from "../admin/webhooks-section";
import { queries } from "../api/queries";
import { useCan, useSession } from "../api/session";
import { errorMessage, type RouterInputs, trpc } from "../api/trpc";
import { LanguagePicker } from "../components/language-picker";
import { ConfirmDialog, ErrorMessage, Field, LanguageLabel, languageName } from "../components/ui";
import { Link, navigate } from "../router/router";

type ModelId = NonNullable<RouterInputs["projects"]["update"]["preferredModel"]>;

export default function ProjectSettingsScreen({ projectId }: { projectId: string }) {
  const qc = useQueryClient();
  const can = useCan();
  const me = useSession();
  const canWrite = can("projects.write");
  const project = useQuery(queries.projects.get.queryOptions({ id: projectId }));
  const ai = useQuery(queries.ai.status.queryOptions({ projectId }));
  const [confirm, setConfirm] = useState<null | { kind: "remove"; lang: string } | { kind: "archive" } | { kind: "delete" }>(null);
  const [saved, setSaved] = useState(false);
  const refresh = () =>
    Promise.all([
      qc.invalidateQueries(queries.projects.get.pathFilter({ id: projectId })),
      qc.invalidateQueries(queries.projects.list.pathFilter()),
    ]);
  const update = useMutation({
    mutationFn: (input: Omit<RouterInputs["projects"]["update"], "id">) => trpc.projects.update.mutate({ id: projectId, ...input }),
    onSuccess: async () => {
      setSaved(true);
      await refresh();
    },
  });
  const addLanguage = useMutation({
    mutationFn: (language: string) => trpc.projects.addLanguage.mutate({ id: projectId, language }),
    onSuccess: refresh,
  });
  const action = useMutation({
    mutationFn: async (c: NonNullable<typeof confirm>) => {
      if (c.kind === "remove") await trpc.projects.removeLanguage.mutate({ id: projectId, lang: c.lang });
      else if (c.kind === "archive") await trpc.projects.archive.mutate({ id: projectId });
      else await trpc.projects.deletePermanently.mutate({ id: projectId });
      return c;
    },
    onSuccess: async (c) => {
      setConfirm(null);
      await refresh();
      if (c.kind === "delete") navigate("/");
    },
  });
  const restore = useMutation({ mutationFn: () => trpc.projects.restore.mutate({ id: projectId }), onSuccess: refresh });

  if (project.isError) return <ErrorMessage error={errorMessage(project.error)} />;
  const p = project.data;
  if (!p) return <p role="status">Loading…</p>;
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSaved(false);
    const form = new FormData(e.currentTarget);
    const model = String(form.get("model") ?? "");
    update.mutate({
      name: String(form.get("name")),
      description: String(form.get("description") ?? ""),
      preferredModel: model ? (model as ModelId) : null,
    });
  };
  return (
    <section className="narrow">
      <p className="crumbs">
        <Link to="/">Projects</Link> / <Link to={`/projects/${p._id}`}>{p.name}</Link> / Settings
      </p>
      <h1>Settings of {p.name}</h1>
      {p.archived && (
        <div className="banner" role="status">
          This project is archived; it is read-only until restored.{" "}
          {canWrite && (
            <button type="button" onClick={() => restore.mutate()} disabled={restore.isPending}>
              Restore project
            </button>
          )}
          <ErrorMessage error={restore.error ? errorMessage(restore.error) : null} />
        </div>
      )}
      <form onSubmit={submit}>
        <fieldset disabled={!canWrite || p.archived}>
          <Field label="Name">{(id) => <input id={id} name="name" defaultValue={p.name} required maxLength={200} />}</Field>
          <Field label="Description">{(id) => <textarea id={id} name="description" defaultValue={p.description} rows={3} />}</Field>
          <Field label="Preferred AI model" hint={ai.data?.configured ? undefined : "No AI provider is configured for this organization."}>
            {(id) => (
              <select id={id} name="model" defaultValue={p.preferredModel ?? ""}>
                <option value="">Organization default</option>
                {ai.data?.availableModels.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.displayName} ({m.provider})
                  </option>
                ))}
                {p.preferredModel && !ai.data?.availableModels.some((m) => m.id === p.preferredModel) && (
                  <option value={p.preferredModel}>{p.preferredModel}</option>
                )}
              </select>
            )}
          </Field>
          <ErrorMessage error={update.error ? errorMessage(update.error) : null} />
          {saved && <p role="status">Saved.</p>}
          {canWrite && (
            <button type="submit" className="primary">
              Save
            </button>
          )}
        </fieldset>
      </form>

      <h2>Languages</h2>
      <p>
        Source: <LanguageLabel code={p.sourceLanguage} />
      </p>
      <ul className="chips" aria-label="Target languages">
        {p.targetLanguages.map((l) => (
          <li key={l}>
            <LanguageLabel code={l} />
            {canWrite && !p.archived && (
              <button
                type="button"
                className="icon"
                aria-label={`Remove ${languageName(l)}`}
                onClick={() => setConfirm({ kind: "remove", lang: l })}
              >
                ×
              </button>
            )}
          </li>
        ))}
      </ul>
      {canWrite && !p.archived && (
        <LanguagePicker
          label="Add target language"
          exclude={[p.sourceLanguage, ...p.targetLanguages]}
          onPick={(c) => addLanguage.mutate(c)}
        />
      )}
      <ErrorMessage error={addLanguage.error ? errorMessage(addLanguage.error) : null} />

      {can("qa.manage") && <QaSettingsSection projectId={p._id} targetLanguages={p.targetLanguages} readOnly={p.archived} />}
      {can("tokens.manage") && <ProjectTokensSection projectId={p._id} />}
      {can("webhooks.manage") && <WebhooksSection owner={{ projectId: p._id }} heading="Project webhooks" />}

      {canWrite && (
        <>
          <h2>Danger zone</h2>
          <div className="actions left">
            {!p.archived && (
              <button type="button" className="danger" onClick={() => setConfirm({ kind: "archive" })}>
                Archive project
              </button>
            )}
            {me.role === "owner" && (
              <button type="button" className="danger" onClick={() => setConfirm({ kind: "delete" })}>
                Delete permanently
              </button>
            )}
          </div>
        </>
      )}
      <ConfirmDialog
        open={confirm !== null}
        title={
          confirm?.kind === "remove" ? "Remove language" : confirm?.kind === "archive" ? "Archive project" : "Delete project permanently"
        }
        message={
          confirm?.kind === "remove" ? (
            <p>
              Remove {languageName(confirm.lang)} ({confirm.lang}) from the project? Its translations disappear from the editor and exports.
            </p>
          ) : confirm?.kind === "archive" ? (
            <p>Archive {p.name}? It becomes read-only and is deleted after the recovery period unless restored.</p>
          ) : (
            <p>Delete {p.name} and all its keys, translations and history now? This cannot be undone.</p>
          )
        }
        confirmLabel={confirm?.kind === "remove" ? "Remove language" : confirm?.kind === "archive" ? "Archive" : "Delete forever"}
        danger
        typeToConfirm={confirm?.kind === "delete" ? p.name : undefined}
        busy={action.isPending}
        error={action.error ? errorMessage(action.error) : null}
        onConfirm={() => confirm && action.mutate(confirm)}
        onClose={() => {
          setConfirm(null);
          action.reset();
        }}
      />
    </section>
  );
}
