// Project → Releases (docs/delivery.md): the releases with the one `latest` serves, the public
// delivery URL, publishing a release (languages, statuses, format, placeholders, note), rollback
// and rotating the delivery id. Everyone who may export sees them; owners, admins and developers
// (`releases.manage`) change them.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { CopyField } from "../admin/members-section";
import { queries } from "../api/queries";
import { useCan } from "../api/session";
import { errorMessage, trpc } from "../api/trpc";
import { ConfirmDialog, ErrorMessage, Field, LanguageLabel } from "../components/ui";
import { Link } from "../router/router";

const STATUSES = ["approved", "reviewed", "translated"] as const;
const PLACEHOLDERS = ["", "printf", "python", "android", "ios", "i18next", "ruby", "dotnet"];

export default function ReleasesScreen({ projectId }: { projectId: string }) {
  const qc = useQueryClient();
  const can = useCan();
  const manage = can("releases.manage");
  const project = useQuery(queries.projects.get.queryOptions({ id: projectId }));
  const releases = useQuery(queries.releases.list.queryOptions({ projectId }));
  const delivery = useQuery(queries.releases.delivery.queryOptions({ projectId }));
  const formats = useQuery(queries.importExport.listFormats.queryOptions({ projectId }));
  const [confirm, setConfirm] = useState<null | { kind: "rollback"; version: number } | { kind: "rotate" }>(null);
  const [published, setPublished] = useState<number | null>(null);
  const refresh = () =>
    Promise.all([
      qc.invalidateQueries(queries.releases.list.pathFilter({ projectId: projectId })),
      qc.invalidateQueries(queries.releases.delivery.pathFilter({ projectId: projectId })),
    ]);
  const create = useMutation({
    mutationFn: (input: Parameters<typeof trpc.releases.create.mutate>[0]) => trpc.releases.create.mutate(input),
    onSuccess: async (r) => {
      setPublished(r.version);
      await refresh();
    },
  });
  const action = useMutation({
    mutationFn: async (c: NonNullable<typeof confirm>) => {
      if (c.kind === "rollback") await trpc.releases.rollback.mutate({ projectId, version: c.version });
      else await trpc.releases.rotateDeliveryId.mutate({ projectId });
    },
    onSuccess: async () => {
      setConfirm(null);
      await refresh();
    },
  });

  if (project.isError) return <ErrorMessage error={errorMessage(project.error)} />;
  const p = project.data;
  if (!p) return <p role="status">Loading…</p>;
  const languages = [p.sourceLanguage, ...p.targetLanguages];
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setPublished(null);
    const form = new FormData(e.currentTarget);
    const chosen = form.getAll("languages").map(String);
    const placeholders = String(form.get("placeholders") ?? "");
    const note = String(form.get("note") ?? "");
    create.mutate({
      projectId,
      languages: chosen.length > 0 ? chosen : undefined,
      statuses: form.getAll("statuses").map(String) as (typeof STATUSES)[number][],
      format: String(form.get("format") ?? "json-flat"),
      ...(placeholders ? { placeholders } : {}),
      ...(note ? { note } : {}),
    });
  };
  const d = delivery.data;
  const rollsBack = (version: number) => d?.latestVersion != null && version < d.latestVersion;
  const ext = releases.data?.[0]?.files[0]?.fileName.split(".").pop() ?? "json";
  return (
    <section className="narrow">
      <p className="crumbs">
        <Link to="/">Projects</Link> / <Link to={`/projects/${p._id}`}>{p.name}</Link> / Releases
      </p>
      <h1>Releases of {p.name}</h1>
      <p>
        A release is a numbered, unchangeable snapshot of the source text and the approved translations. Applications fetch it without an
        API key from the delivery address; <code>latest</code> follows the newest release unless you roll back.
      </p>

      <h2>Delivery</h2>
      {d?.baseUrl ? (
        <>
          <CopyField label="Delivery URL of the latest release" value={`${d.baseUrl}/latest/{language}.${ext}`} />
          <CopyField label="Manifest URL" value={`${d.baseUrl}/manifest.json`} />
          <p>Latest: {d.latestVersion === null ? "none" : `release ${d.latestVersion}`}</p>
          {manage && !p.archived && (
            <button type="button" className="danger" onClick={() => setConfirm({ kind: "rotate" })}>
              Rotate delivery id
            </button>
          )}
        </>
      ) : (
        <p>Nothing is delivered yet: the first release creates the delivery address.</p>
      )}
      <ErrorMessage error={delivery.error ? errorMessage(delivery.error) : null} />

      <h2>Releases</h2>
      {releases.data?.length === 0 && <p>No release yet.</p>}
      {!!releases.data?.length && (
        <table className="data releases" aria-label="Releases">
          <thead>
            <tr>
              <th scope="col">Release</th>
              <th scope="col">Created</th>
              <th scope="col">Format</th>
              <th scope="col">Languages (keys)</th>
              <th scope="col">Note</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {releases.data.map((r) => (
              <tr key={r._id}>
                <td>
                  {r.version}
                  {r.latest && <strong> (latest)</strong>}
                </td>
                <td>{new Date(r.created).toLocaleString()}</td>
                <td>
                  {r.format}
                  {r.placeholders ? `, ${r.placeholders}` : ""}
                </td>
                <td>{r.files.map((f) => `${f.language} (${f.entries})`).join(", ")}</td>
                <td>{r.note}</td>
                <td>
                  {manage && !r.latest && !p.archived && (
                    <button
                      type="button"
                      className="small"
                      aria-label={`${rollsBack(r.version) ? "Roll back" : "Make latest"} to release ${r.version}`}
                      onClick={() => setConfirm({ kind: "rollback", version: r.version })}
                    >
                      {rollsBack(r.version) ? "Roll back" : "Make latest"}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ErrorMessage error={releases.error ? errorMessage(releases.error) : null} />

      {manage && !p.archived && (
        <>
          <h2>New release</h2>
          <form onSubmit={submit}>
            <fieldset>
              <legend>Languages (none chosen: all)</legend>
              {languages.map((l) => (
                <label key={l} className="inline">
                  <input type="checkbox" name="languages" value={l} /> <LanguageLabel code={l} />
                </label>
              ))}
            </fieldset>
            <fieldset>
              <legend>Statuses published</legend>
              {STATUSES.map((s) => (
                <label key={s} className="inline">
                  <input type="checkbox" name="statuses" value={s} defaultChecked={s === "approved"} /> {s}
                </label>
              ))}
            </fieldset>
            <Field label="Format">
              {(id) => (
                <select id={id} name="format" defaultValue="json-flat">
                  {(formats.data ?? ["json-flat"])
                    .filter((f) => f !== "pot")
                    .map((f) => (
                      <option key={f} value={f}>
                        {f}
                      </option>
                    ))}
                </select>
              )}
            </Field>
            <Field label="Placeholders">
              {(id) => (
                <select id={id} name="placeholders" defaultValue="">
                  {PLACEHOLDERS.map((s) => (
                    <option key={s} value={s}>
                      {s || "As stored (ICU)"}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label="Note">{(id) => <input id={id} name="note" maxLength={2000} />}</Field>
            <button type="submit" className="primary" disabled={create.isPending}>
              Publish release
            </button>
          </form>
          {published !== null && <p role="status">Release {published} published; latest now serves it.</p>}
          <ErrorMessage error={create.error ? errorMessage(create.error) : null} />
        </>
      )}
      <ConfirmDialog
        open={confirm !== null}
        title={confirm?.kind === "rotate" ? "Rotate delivery id" : "Change the latest release"}
        message={
          confirm?.kind === "rotate" ? (
            <p>Replace the delivery id? Applications using the current address get 404 from now on.</p>
          ) : (
            <p>Serve release {confirm?.version} as latest? Applications receive it on their next check.</p>
          )
        }
        confirmLabel={confirm?.kind === "rotate" ? "Rotate" : `Serve release ${confirm?.version}`}
        danger={confirm?.kind === "rotate"}
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
