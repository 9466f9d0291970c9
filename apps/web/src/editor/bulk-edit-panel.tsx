// Bulk edits from the editor (docs/bulk-edits.md): find and replace, set status, copy, clear, on
// the selected rows or on every key the current filter matches. Preview first (counts per
// language, samples, refusals), then apply with the preview's token so values colleagues changed
// meanwhile are left alone.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { queries } from "../api/queries";
import { errorMessage, type RouterInputs, type RouterOutputs, trpc } from "../api/trpc";
import { ErrorMessage, languageName } from "../components/ui";
import type { EditorFilters } from "./editor-data";

type Project = RouterOutputs["projects"]["get"];
type Operation = RouterInputs["bulkEdits"]["preview"]["operation"];
type Preview = RouterOutputs["bulkEdits"]["preview"];
type Result = RouterOutputs["bulkEdits"]["run"];
type Kind = Operation["type"];
type Status = "untranslated" | "translated" | "reviewed" | "approved";

/** The rows' filters as a bulk selection: the same keys the editor lists for `shown` languages. */
function filterOf(f: EditorFilters, shown: string[]) {
  return {
    ...(f.search ? { search: f.search } : {}),
    ...(f.namespace ? { namespace: f.namespace } : {}),
    ...(f.tag ? { tag: f.tag } : {}),
    ...(f.untranslatedIn ? { untranslatedIn: f.untranslatedIn } : {}),
    ...(f.status && f.statusIn ? { status: f.status, statusIn: f.statusIn } : {}),
    ...(f.hasComments ? { hasComments: true } : {}),
    ...(f.qa ? { qa: f.qa, ...(f.qaIn ? { qaIn: f.qaIn } : { qaLanguages: shown }) } : {}),
  };
}

export function BulkEditPanel({
  project,
  filters,
  shownLanguages,
  selectedKeyIds,
  canWrite,
  canReview,
  onClose,
}: {
  project: Project;
  filters: EditorFilters;
  /** The editor's shown languages (where its `qa` filter looks without `qaIn`). */
  shownLanguages: string[];
  selectedKeyIds: string[];
  canWrite: boolean;
  canReview: boolean;
  onClose: () => void;
}) {
  const qc = useQueryClient();
  const all = [project.sourceLanguage, ...project.targetLanguages];
  const [kind, setKind] = useState<Kind>(canWrite ? "replace" : "setStatus");
  const [scope, setScope] = useState<"selected" | "filter">(selectedKeyIds.length > 0 ? "selected" : "filter");
  const [languages, setLanguages] = useState<string[]>(project.targetLanguages.slice(0, 1));
  const [find, setFind] = useState("");
  const [replace, setReplace] = useState("");
  const [regex, setRegex] = useState(false);
  const [caseSensitive, setCaseSensitive] = useState(true);
  const [wholeWord, setWholeWord] = useState(false);
  const [status, setStatus] = useState<Status>(canReview ? "reviewed" : "translated");
  const [from, setFrom] = useState(project.sourceLanguage);
  const [overwrite, setOverwrite] = useState(false);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [result, setResult] = useState<Result | null>(null);

  const operation = (): Operation => {
    switch (kind) {
      case "replace":
        return { type: "replace", languages, find, replace, regex, caseSensitive, wholeWord };
      case "setStatus":
        return { type: "setStatus", languages, status };
      case "copy":
        return { type: "copy", languages: languages.filter((l) => l !== from), from, overwrite };
      case "clear":
        return { type: "clear", languages };
    }
  };
  const request = () => ({
    projectId: project._id,
    selection: scope === "selected" ? { keyIds: selectedKeyIds } : { filter: filterOf(filters, shownLanguages) },
    operation: operation(),
  });
  // Any change of the edit makes the preview stale.
  const changed =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPreview(null);
      setResult(null);
    };

  const runPreview = useMutation({ mutationFn: () => trpc.bulkEdits.preview.mutate(request()), onSuccess: setPreview });
  const runApply = useMutation({
    mutationFn: () => trpc.bulkEdits.run.mutate({ ...request(), ...(preview ? { token: preview.token } : {}) }),
    onSuccess: (r) => {
      setResult(r);
      setPreview(null);
      void qc.invalidateQueries(queries.keys.editorRows.pathFilter({ projectId: project._id }));
      void qc.invalidateQueries(queries.analytics.progress.pathFilter({ projectId: project._id }));
    },
  });

  const kinds: { value: Kind; label: string; allowed: boolean }[] = [
    { value: "replace", label: "Find and replace", allowed: canWrite },
    { value: "setStatus", label: "Set status", allowed: true },
    { value: "copy", label: "Copy values", allowed: canWrite },
    { value: "clear", label: "Clear values", allowed: canWrite },
  ];
  const ready = languages.length > 0 && (kind !== "replace" || find !== "") && (scope === "filter" || selectedKeyIds.length > 0);

  return (
    <section className="ai-panel bulk-edit-panel" aria-label="Bulk edit">
      <h2>Bulk edit</h2>
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (ready) runPreview.mutate();
        }}
      >
        <label>
          Action{" "}
          <select value={kind} onChange={(e) => changed(setKind)(e.target.value as Kind)}>
            {kinds
              .filter((k) => k.allowed)
              .map((k) => (
                <option key={k.value} value={k.value}>
                  {k.label}
                </option>
              ))}
          </select>
        </label>
        <fieldset className="inline-form">
          <legend>Keys</legend>
          <label>
            <input
              type="radio"
              name="bulk-scope"
              checked={scope === "selected"}
              disabled={selectedKeyIds.length === 0}
              onChange={() => changed(setScope)("selected")}
            />{" "}
            Selected ({selectedKeyIds.length})
          </label>
          <label>
            <input type="radio" name="bulk-scope" checked={scope === "filter"} onChange={() => changed(setScope)("filter")} /> All matching
            the filter
          </label>
        </fieldset>
        <fieldset className="inline-form">
          <legend>Languages</legend>
          {all.map((l) => (
            <label key={l}>
              <input
                type="checkbox"
                checked={languages.includes(l)}
                onChange={(e) => changed(setLanguages)(e.target.checked ? [...languages, l] : languages.filter((x) => x !== l))}
              />{" "}
              {l}
            </label>
          ))}
        </fieldset>
        {kind === "replace" && (
          <>
            <label>
              Find <input value={find} onChange={(e) => changed(setFind)(e.target.value)} />
            </label>
            <label>
              Replace with <input value={replace} onChange={(e) => changed(setReplace)(e.target.value)} />
            </label>
            <label>
              <input type="checkbox" checked={regex} onChange={(e) => changed(setRegex)(e.target.checked)} /> Regular expression
            </label>
            <label>
              <input type="checkbox" checked={caseSensitive} onChange={(e) => changed(setCaseSensitive)(e.target.checked)} /> Match case
            </label>
            <label>
              <input type="checkbox" checked={wholeWord} onChange={(e) => changed(setWholeWord)(e.target.checked)} /> Whole word
            </label>
          </>
        )}
        {kind === "setStatus" && (
          <label>
            Status{" "}
            <select value={status} onChange={(e) => changed(setStatus)(e.target.value as Status)}>
              <option value="untranslated">Untranslated</option>
              <option value="translated">Translated</option>
              {canReview && <option value="reviewed">Reviewed</option>}
              {canReview && <option value="approved">Approved</option>}
            </select>
          </label>
        )}
        {kind === "copy" && (
          <>
            <label>
              From{" "}
              <select value={from} onChange={(e) => changed(setFrom)(e.target.value)}>
                {all.map((l) => (
                  <option key={l} value={l}>
                    {languageName(l)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              <input type="checkbox" checked={overwrite} onChange={(e) => changed(setOverwrite)(e.target.checked)} /> Also replace values
              that are not empty
            </label>
          </>
        )}
        <button type="submit" disabled={!ready || runPreview.isPending}>
          Preview
        </button>
        <button type="button" className="link" onClick={onClose}>
          Close
        </button>
      </form>
      <ErrorMessage error={runPreview.error ? errorMessage(runPreview.error) : runApply.error ? errorMessage(runApply.error) : null} />
      {preview && (
        <div className="bulk-preview">
          <p role="status">
            {preview.values} value{preview.values === 1 ? "" : "s"} in {preview.keys} key{preview.keys === 1 ? "" : "s"} would change
            {preview.refusedCount > 0 ? `; ${preview.refusedCount} refused by the quality checks` : ""}.
          </p>
          <table className="bulk-counts">
            <caption>Per language</caption>
            <thead>
              <tr>
                <th scope="col">Language</th>
                <th scope="col">Values</th>
                {kind === "replace" && <th scope="col">Matches</th>}
              </tr>
            </thead>
            <tbody>
              {preview.languages.map((l) => (
                <tr key={l.language}>
                  <td>{languageName(l.language)}</td>
                  <td>{l.values}</td>
                  {kind === "replace" && <td>{l.matches}</td>}
                </tr>
              ))}
            </tbody>
          </table>
          {preview.samples.length > 0 && (
            <table className="bulk-samples">
              <caption>Examples</caption>
              <thead>
                <tr>
                  <th scope="col">Key</th>
                  <th scope="col">Language</th>
                  <th scope="col">Before</th>
                  <th scope="col">After</th>
                </tr>
              </thead>
              <tbody>
                {preview.samples.map((s) => (
                  <tr key={`${s.keyId}:${s.language}`}>
                    <td>{s.namespace ? `${s.namespace}:${s.key}` : s.key}</td>
                    <td>{s.language}</td>
                    <td>{kind === "setStatus" ? s.statusBefore : s.before}</td>
                    <td>{kind === "setStatus" ? s.statusAfter : s.after}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {preview.refused.length > 0 && (
            <ul className="bulk-refused" aria-label="Refused by the quality checks">
              {preview.refused.slice(0, 20).map((r) => (
                <li key={`${r.keyId}:${r.language}:${r.code}:${r.message}`}>
                  {r.key} ({r.language}): {r.message}
                </li>
              ))}
            </ul>
          )}
          <button type="button" className="primary" disabled={preview.values === 0 || runApply.isPending} onClick={() => runApply.mutate()}>
            Apply to {preview.values} value{preview.values === 1 ? "" : "s"}
          </button>
        </div>
      )}
      {result && (
        <p role="status" className="bulk-result">
          Changed {result.values} value{result.values === 1 ? "" : "s"}
          {result.refusedCount > 0 ? `; ${result.refusedCount} refused by the quality checks` : ""}
          {result.conflictCount > 0 ? `; ${result.conflictCount} left as they were (changed by someone since the preview)` : ""}.
        </p>
      )}
    </section>
  );
}
