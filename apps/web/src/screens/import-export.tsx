// Import translation files (dropped or chosen, one or several; format guessed from each name,
// changeable; a preview says what the import will do) and export a language, or every language
// as one zip, in a chosen format as a download.
import { useQuery } from "@tanstack/react-query";
import { type DragEvent, useState } from "react";
import { queries } from "../api/queries";
import { downloadFile } from "../api/rest";
import { useCan } from "../api/session";
import { errorMessage } from "../api/trpc";
import { ErrorMessage, Field, languageName } from "../components/ui";
import { Link } from "../router/router";
import { EVIDENCE_LABEL } from "./file-language";
import { FORMAT_NAMES, type FormatId, TRANSLATOR_FORMATS, takesImportNamespace } from "./format-choices";
import { type ImportItem, type ImportResult, languageMismatch, useImportFiles } from "./import-files";

export default function ImportExportScreen({ projectId }: { projectId: string }) {
  const can = useCan();
  const project = useQuery(queries.projects.get.queryOptions({ id: projectId }));
  const formats = useQuery(queries.importExport.listFormats.queryOptions({ projectId }));
  if (project.isError) return <ErrorMessage error={errorMessage(project.error)} />;
  const p = project.data;
  if (!p) return <p role="status">Loading…</p>;
  const languages = [p.sourceLanguage, ...p.targetLanguages];
  const formatIds = formats.data ?? (Object.keys(FORMAT_NAMES) as FormatId[]);
  return (
    <section className="narrow">
      <p className="crumbs">
        <Link to="/">Projects</Link> / <Link to={`/projects/${p._id}`}>{p.name}</Link> / Import and export
      </p>
      <h1>Import and export</h1>
      {can("import") && !p.archived && <ImportForm projectId={projectId} languages={languages} formats={formatIds} />}
      {can("export") && <ExportForm projectId={projectId} languages={languages} formats={formatIds.filter((f) => f !== "pot")} />}
    </section>
  );
}

function ImportForm({ projectId, languages, formats }: { projectId: string; languages: string[]; formats: FormatId[] }) {
  const f = useImportFiles(projectId, languages);
  const [dragging, setDragging] = useState(false);
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    void f.choose([...e.dataTransfer.files]);
  };
  const single = f.items.length === 1 ? f.items[0]! : null;
  const takesNamespace = f.items.some((i) => i.format && takesImportNamespace(i.format));
  return (
    <form
      className="panel"
      onSubmit={(e) => {
        e.preventDefault();
        f.apply();
      }}
    >
      <h2>Import a file</h2>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop zone is an optional shortcut for the file input inside it */}
      <div
        className={`dropzone${dragging ? " dragging" : ""}`}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p>Drop translation files here, or</p>
        <label className="file-label">
          Choose files
          <input type="file" name="file" multiple onChange={(e) => void f.choose([...(e.target.files ?? [])])} />
        </label>
        {single && (
          <p>
            <strong>{single.file.name}</strong> ({Math.ceil(single.file.size / 1024)} KB)
          </p>
        )}
      </div>
      {single ? (
        <div className="form-row">
          <Field label="Format">
            {(id) => (
              <select id={id} value={single.format} onChange={(e) => f.update(0, { format: e.target.value as FormatId })} required>
                <option value="">Choose…</option>
                {formats.map((x) => (
                  <option key={x} value={x}>
                    {FORMAT_NAMES[x]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Language">
            {(id) => (
              <LanguageSelect id={id} languages={languages} value={single.language} onChange={(l) => f.update(0, { language: l })} />
            )}
          </Field>
          {takesNamespace && <NamespaceField value={f.namespace} onChange={f.setNamespace} />}
        </div>
      ) : (
        f.items.length > 1 && (
          <>
            <table className="data import-files">
              <caption>{f.items.length} files</caption>
              <thead>
                <tr>
                  <th scope="col">File</th>
                  <th scope="col">Format</th>
                  <th scope="col">Language</th>
                </tr>
              </thead>
              <tbody>
                {f.items.map((item, i) => (
                  <tr key={item.name}>
                    <th scope="row">
                      {item.name}
                      <LanguageNote item={item} />
                    </th>
                    <td>
                      <select
                        aria-label={`Format of ${item.name}`}
                        value={item.format}
                        onChange={(e) => f.update(i, { format: e.target.value as FormatId })}
                        required
                      >
                        <option value="">Choose…</option>
                        {formats.map((x) => (
                          <option key={x} value={x}>
                            {FORMAT_NAMES[x]}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td>
                      <LanguageSelect
                        label={`Language of ${item.name}`}
                        languages={languages}
                        value={item.language}
                        onChange={(l) => f.update(i, { language: l })}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {takesNamespace && (
              <div className="form-row">
                <NamespaceField value={f.namespace} onChange={f.setNamespace} />
              </div>
            )}
          </>
        )
      )}
      {single && <LanguageNote item={single} />}
      <label className="inline">
        <input type="checkbox" checked={f.overwrite} onChange={(e) => f.setOverwrite(e.target.checked)} /> Overwrite existing translations
      </label>
      <ErrorMessage error={f.error ? errorMessage(f.error) : null} />
      <div className="actions left">
        <button type="button" disabled={!f.ready || f.pending !== null} onClick={f.preview}>
          {f.pending === "preview" ? "Previewing…" : "Preview"}
        </button>
        <button type="submit" className="primary" disabled={!f.ready || f.pending !== null}>
          {f.pending === "import" ? "Importing…" : "Import"}
        </button>
      </div>
      {f.results?.map((result, i) => (
        <ImportOutcome key={f.items[i]?.name ?? i} result={result} fileName={f.items.length > 1 ? f.items[i]?.name : undefined} />
      ))}
    </form>
  );
}

function LanguageSelect(props: { id?: string; label?: string; languages: string[]; value: string; onChange: (l: string) => void }) {
  return (
    <select id={props.id} aria-label={props.label} value={props.value} onChange={(e) => props.onChange(e.target.value)}>
      {props.languages.map((l) => (
        <option key={l} value={l}>
          {languageName(l)} ({l})
        </option>
      ))}
    </select>
  );
}

function NamespaceField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  return (
    <Field label="Namespace" hint="Every key of a JSON or ARB file goes into it.">
      {(id) => <input id={id} value={value} maxLength={200} onChange={(e) => onChange(e.target.value)} />}
    </Field>
  );
}

/** What the file says about its language, and a warning when another is chosen. */
function LanguageNote({ item }: { item: ImportItem }) {
  const d = item.detected;
  if (!d) return null;
  if (!languageMismatch(item))
    return (
      <p className="hint" role="status">
        Detected {languageName(d.language)} ({d.language}) from {EVIDENCE_LABEL[d.from]}.
      </p>
    );
  return (
    <p className="warning" role="alert">
      This file looks like {languageName(d.language)} ({d.language}), from {EVIDENCE_LABEL[d.from]}, but it will be imported as{" "}
      {languageName(item.language)} ({item.language}).
      {!d.projectLanguage && " The project has no such language."}
    </p>
  );
}

/** One file's import result, or what its import would do (a dry run). */
function ImportOutcome({ result, fileName }: { result: ImportResult; fileName?: string | undefined }) {
  const title = `${result.dryRun ? "Preview" : "Result"}${fileName ? `: ${fileName}` : ""}`;
  const rows: [string, number][] = result.dryRun
    ? [
        ["Keys to create", result.keysCreated],
        ["Values to add", result.imported - result.replaced],
        ["Values to change", result.replaced],
        ["Left alone", result.skipped],
        ["Errors", result.errors.length],
      ]
    : [
        ["Imported", result.imported],
        ["Skipped", result.skipped],
        ["Keys created", result.keysCreated],
        ["Errors", result.errors.length],
      ];
  return (
    <div className="import-result" role="status">
      <h3>{title}</h3>
      {result.dryRun && <p className="hint">Nothing has been imported yet: this is what Import will do.</p>}
      <table className="data">
        <tbody>
          {rows.map(([label, n]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{n}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {result.dryRun && result.createdKeys.length > 0 && (
        <p className="hint">
          New keys: {result.createdKeys.join(", ")}
          {result.keysCreated > result.createdKeys.length ? ", …" : ""}
        </p>
      )}
      {result.errors.length > 0 && (
        <table className="data">
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Key</th>
              <th scope="col">Problem</th>
            </tr>
          </thead>
          <tbody>
            {result.errors.map((e, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: errors have no identity of their own
              <tr key={i}>
                <td>{e.line ?? "—"}</td>
                <td>{e.key ?? "—"}</td>
                <td>{e.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

function ExportForm({ projectId, languages, formats }: { projectId: string; languages: string[]; formats: FormatId[] }) {
  const [language, setLanguage] = useState(languages[1] ?? languages[0] ?? "");
  const [format, setFormat] = useState<FormatId>("json-flat");
  const [namespace, setNamespace] = useState("");
  // null: the format's own default (every key for translator formats), sent as no parameter.
  const [includeChoice, setIncludeChoice] = useState<boolean | null>(null);
  const includeUntranslated = includeChoice ?? TRANSLATOR_FORMATS.includes(format);
  const [approvedOnly, setApprovedOnly] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** One language, or (`all`) every language of the project as one zip. */
  const run = async (all: boolean) => {
    setBusy(true);
    setError(null);
    try {
      const q = new URLSearchParams({ format });
      if (includeChoice !== null) q.set("includeUntranslated", String(includeChoice));
      if (namespace) q.set("namespace", namespace);
      if (approvedOnly) q.set("approvedOnly", "true");
      const project = `/api/projects/${encodeURIComponent(projectId)}`;
      if (all) await downloadFile(`${project}/export-zip?${q}`, `${format}.zip`);
      else await downloadFile(`${project}/export/${encodeURIComponent(language)}?${q}`, `${language}.${format}`);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="panel"
      onSubmit={(e) => {
        e.preventDefault();
        void run(false);
      }}
    >
      <h2>Export</h2>
      <div className="form-row">
        <Field label="Export language">
          {(id) => (
            <select id={id} value={language} onChange={(e) => setLanguage(e.target.value)}>
              {languages.map((l) => (
                <option key={l} value={l}>
                  {languageName(l)} ({l})
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Export format">
          {(id) => (
            <select
              id={id}
              value={format}
              onChange={(e) => {
                setFormat(e.target.value as FormatId);
                setIncludeChoice(null);
              }}
            >
              {formats.map((f) => (
                <option key={f} value={f}>
                  {FORMAT_NAMES[f]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Export namespace" hint="Empty: every key. Otherwise only its keys, without the prefix.">
          {(id) => <input id={id} value={namespace} onChange={(e) => setNamespace(e.target.value)} />}
        </Field>
      </div>
      <label className="inline">
        <input type="checkbox" checked={includeUntranslated} onChange={(e) => setIncludeChoice(e.target.checked)} /> Include untranslated
        keys
      </label>
      <label className="inline">
        <input type="checkbox" checked={approvedOnly} onChange={(e) => setApprovedOnly(e.target.checked)} /> Approved translations only
      </label>
      <ErrorMessage error={error} />
      <div className="actions left">
        <button type="submit" className="primary" disabled={busy}>
          Download
        </button>
        <button type="button" disabled={busy} onClick={() => void run(true)}>
          All languages as one zip
        </button>
      </div>
    </form>
  );
}
