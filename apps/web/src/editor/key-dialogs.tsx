// Creating, editing and deleting keys; bulk delete and tagging of the selected rows.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { queries } from "../api/queries";
import { errorMessage, trpc } from "../api/trpc";
import { ConfirmDialog, Dialog, ErrorMessage, Field } from "../components/ui";
import type { EditorRow } from "./editor-data";

function splitTags(s: string): string[] {
  return [
    ...new Set(
      s
        .split(",")
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
}

export function KeyDialog(props: {
  projectId: string;
  sourceLanguage: string;
  state: { mode: "create" } | { mode: "edit"; row: EditorRow };
  onClose: () => void;
}) {
  const qc = useQueryClient();
  const row = props.state.mode === "edit" ? props.state.row : null;
  const [confirmDelete, setConfirmDelete] = useState(false);
  const refresh = () => {
    void qc.invalidateQueries(queries.keys.editorRows.pathFilter({ projectId: props.projectId }));
    void qc.invalidateQueries(queries.analytics.progress.pathFilter({ projectId: props.projectId }));
    void qc.invalidateQueries(queries.keys.tags.pathFilter({ projectId: props.projectId }));
  };
  const saveKey = useMutation({
    mutationFn: async (f: { key: string; namespace: string; description: string; tags: string[]; sourceValue: string }) => {
      if (row) {
        await trpc.keys.update.mutate({
          projectId: props.projectId,
          keyId: row.id,
          key: f.key,
          namespace: f.namespace,
          description: f.description,
          tags: f.tags,
        });
        return;
      }
      const created = await trpc.keys.create.mutate({
        projectId: props.projectId,
        key: f.key,
        namespace: f.namespace,
        description: f.description,
        tags: f.tags,
      });
      if (f.sourceValue)
        await trpc.translations.upsert.mutate({
          projectId: props.projectId,
          keyId: created._id,
          language: props.sourceLanguage,
          value: f.sourceValue,
        });
    },
    onSuccess: () => {
      refresh();
      props.onClose();
    },
  });
  const remove = useMutation({
    mutationFn: () => trpc.keys.delete.mutate({ projectId: props.projectId, keyId: row!.id }),
    onSuccess: () => {
      refresh();
      props.onClose();
    },
  });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    saveKey.mutate({
      key: String(f.get("key")),
      namespace: String(f.get("namespace") ?? ""),
      description: String(f.get("description") ?? ""),
      tags: splitTags(String(f.get("tags") ?? "")),
      sourceValue: String(f.get("source") ?? ""),
    });
  };
  return (
    <>
      <Dialog title={row ? `Edit key ${row.key}` : "New key"} open={!confirmDelete} onClose={props.onClose}>
        <form onSubmit={submit} className="wide-form">
          <Field label="Key">{(id) => <input id={id} name="key" required defaultValue={row?.key} maxLength={1000} />}</Field>
          <Field label="Namespace">{(id) => <input id={id} name="namespace" defaultValue={row?.namespace} />}</Field>
          <Field label="Description" hint="Context for translators.">
            {(id) => <textarea id={id} name="description" rows={2} defaultValue={row?.description} />}
          </Field>
          <Field label="Tags" hint="Comma-separated.">
            {(id) => <input id={id} name="tags" defaultValue={row?.tags.join(", ")} />}
          </Field>
          {!row && <Field label={`Source text (${props.sourceLanguage})`}>{(id) => <textarea id={id} name="source" rows={2} />}</Field>}
          <ErrorMessage error={saveKey.error ? errorMessage(saveKey.error) : null} />
          <div className="actions">
            {row && (
              <button type="button" className="danger" onClick={() => setConfirmDelete(true)}>
                Delete key
              </button>
            )}
            <button type="button" onClick={props.onClose}>
              Cancel
            </button>
            <button type="submit" className="primary" disabled={saveKey.isPending}>
              {row ? "Save key" : "Create key"}
            </button>
          </div>
        </form>
      </Dialog>
      {row && (
        <ConfirmDialog
          open={confirmDelete}
          title="Delete key"
          message={<p>Delete the key {row.key} and its translations in every language?</p>}
          confirmLabel="Delete key"
          danger
          busy={remove.isPending}
          error={remove.error ? errorMessage(remove.error) : null}
          onConfirm={() => remove.mutate()}
          onClose={() => setConfirmDelete(false)}
        />
      )}
    </>
  );
}

export function BulkBar({ projectId, rows, onDone }: { projectId: string; rows: EditorRow[]; onDone: () => void }) {
  const qc = useQueryClient();
  const [tag, setTag] = useState("");
  const [confirm, setConfirm] = useState(false);
  const refresh = () => {
    void qc.invalidateQueries(queries.keys.editorRows.pathFilter({ projectId: projectId }));
    void qc.invalidateQueries(queries.analytics.progress.pathFilter({ projectId: projectId }));
    void qc.invalidateQueries(queries.keys.tags.pathFilter({ projectId: projectId }));
    onDone();
  };
  const del = useMutation({
    mutationFn: () => trpc.keys.bulkDelete.mutate({ projectId, keyIds: rows.map((r) => r.id) }),
    onSuccess: () => {
      setConfirm(false);
      refresh();
    },
  });
  const addTag = useMutation({
    mutationFn: (t: string) =>
      trpc.keys.bulkUpdate.mutate({ projectId, keys: rows.map((r) => ({ _id: r.id, tags: [...new Set([...r.tags, t])] })) }),
    onSuccess: refresh,
  });
  return (
    <section className="bulk-bar" aria-label="Selected keys">
      <strong>{rows.length} selected</strong>
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (tag.trim()) addTag.mutate(tag.trim());
        }}
      >
        <label>
          Tag <input value={tag} onChange={(e) => setTag(e.target.value)} size={12} />
        </label>
        <button type="submit" disabled={addTag.isPending}>
          Add tag
        </button>
      </form>
      <button type="button" className="danger" onClick={() => setConfirm(true)}>
        Delete selected
      </button>
      <button type="button" className="link" onClick={onDone}>
        Clear selection
      </button>
      <ErrorMessage error={addTag.error ? errorMessage(addTag.error) : null} />
      <ConfirmDialog
        open={confirm}
        title="Delete keys"
        message={<p>Delete {rows.length} keys and their translations in every language?</p>}
        confirmLabel={`Delete ${rows.length} keys`}
        danger
        busy={del.isPending}
        error={del.error ? errorMessage(del.error) : null}
        onConfirm={() => del.mutate()}
        onClose={() => setConfirm(false)}
      />
    </section>
  );
}
