// Project → Screenshots (docs/visual-context.md): every screenshot of the project with its region
// count, each opening the region editor; those who may write screenshots upload and delete here.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { queries } from "../api/queries";
import { useCan } from "../api/session";
import { errorMessage, type RouterOutputs, trpc } from "../api/trpc";
import { ConfirmDialog, ErrorMessage, Field } from "../components/ui";
import { Link } from "../router/router";

type Screenshot = RouterOutputs["screenshots"]["list"][number];

/** The file as base64, what the JSON upload takes. */
function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ""));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

export default function ScreenshotsScreen({ projectId }: { projectId: string }) {
  const qc = useQueryClient();
  const can = useCan();
  const project = useQuery(queries.projects.get.queryOptions({ id: projectId }));
  const shots = useQuery(queries.screenshots.list.queryOptions({ projectId }));
  const [deleting, setDeleting] = useState<Screenshot | null>(null);
  const refresh = () => qc.invalidateQueries(queries.screenshots.list.pathFilter({ projectId: projectId }));
  const upload = useMutation({
    mutationFn: async ({ file, name }: { file: File; name: string }) =>
      trpc.screenshots.upload.mutate({ projectId, name: name || file.name, content: await readBase64(file) }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (s: Screenshot) => trpc.screenshots.delete.mutate({ projectId, screenshotId: s._id }),
    onSuccess: async () => {
      setDeleting(null);
      await refresh();
    },
  });

  if (project.isError) return <ErrorMessage error={errorMessage(project.error)} />;
  const p = project.data;
  if (!p) return <p role="status">Loading…</p>;
  const manage = can("screenshots.write") && !p.archived;
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const file = form.get("file");
    if (!(file instanceof File) || file.size === 0) return;
    upload.mutate({ file, name: String(form.get("name") ?? "").trim() }, { onSuccess: () => (e.target as HTMLFormElement).reset() });
  };
  const list = shots.data ?? [];
  return (
    <section className="narrow screenshots-screen">
      <p className="crumbs">
        <Link to="/">Projects</Link> / <Link to={`/projects/${p._id}`}>{p.name}</Link> / Screenshots
      </p>
      <h1>Screenshots of {p.name}</h1>
      <p>
        A screenshot shows translators where strings appear: each region marks one key on the image. Open a screenshot to see its regions
        {manage ? " and to draw, move and assign them" : ""}.
      </p>
      {shots.isSuccess && list.length === 0 && <p>No screenshot yet.</p>}
      <ul className="shot-grid">
        {list.map((s) => (
          <li key={s._id}>
            <Link to={`/projects/${p._id}/screenshots/${s._id}`} className="shot-card">
              <img
                src={`/api/projects/${p._id}/screenshots/${s._id}/thumbnail`}
                alt=""
                width={s.thumbnail.width}
                height={s.thumbnail.height}
                loading="lazy"
              />
              <span>{s.name}</span>
            </Link>
            <span className="hint">
              {s.width}×{s.height} px, {s.regions.length} region{s.regions.length === 1 ? "" : "s"}
            </span>
            {manage && (
              <button type="button" className="small danger" aria-label={`Delete screenshot ${s.name}`} onClick={() => setDeleting(s)}>
                Delete
              </button>
            )}
          </li>
        ))}
      </ul>
      <ErrorMessage error={shots.error ? errorMessage(shots.error) : null} />
      {manage && (
        <>
          <h2>Upload a screenshot</h2>
          <form onSubmit={submit}>
            <Field label="Image (PNG, JPEG or WebP, at most 10 MB)">
              {(id) => <input id={id} name="file" type="file" accept="image/png,image/jpeg,image/webp" required />}
            </Field>
            <Field label="Name" hint="The file name when left empty.">
              {(id) => <input id={id} name="name" maxLength={300} />}
            </Field>
            <button type="submit" className="primary" disabled={upload.isPending}>
              Upload
            </button>
          </form>
          {upload.isSuccess && (
            <p role="status">
              Uploaded {upload.data.name}. <Link to={`/projects/${p._id}/screenshots/${upload.data._id}`}>Draw its regions</Link>
            </p>
          )}
          <ErrorMessage error={upload.error ? errorMessage(upload.error) : null} />
        </>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete screenshot"
        message={<p>Delete {deleting?.name} and its regions? This cannot be undone.</p>}
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        error={remove.error ? errorMessage(remove.error) : null}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
      />
    </section>
  );
}
