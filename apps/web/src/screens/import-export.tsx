// Import a translation file (dropped or chosen; format guessed from its name, changeable) and
// export a language in a chosen format as a download.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type DragEvent, useState } from "react";
import { downloadFile } from "../api/rest";
import { useCan } from "../api/session";
import { errorMessage, type RouterOutputs, trpc } from "../api/trpc";
import { ErrorMessage, Field, languageName } from "../components/ui";
import { Link } from "../router/router";
import { type DetectedLanguage, detectFileLanguage, EVIDENCE_LABEL, matchProjectLanguage } from "./file-language";
import { FORMAT_NAMES, type FormatId, TRANSLATOR_FORMATS, takesImportNamespace } from "./format-choices";

type ImportResult = RouterOutputs["importExport"]["importFile"];

/** The format a file name suggests; XLIFF's version is read from the content. */
export function guessFormat(name: string, content: string): FormatId | null {
  const ext = name.toLowerCase().split(".").pop() ?? "";
  switch (ext) {
    case "json":
      return /^\s*\{\s*"[^"]*"\s*:\s*\{/.test(content) ? "json-nested" : "json-flat";
    case "yml":
    case "yaml":
      return "yaml";
    case "xml":
      return "android-xml";
    case "strings":
      return "ios-strings";
    case "stringsdict":
      return "ios-stringsdict";
    case "xlf":
    case "xliff":
      return /<xliff[^>]*version=["']2/.test(content) ? "xliff2" : "xliff";
    case "arb":
      return "arb";
    case "po":
      return "po";
    case "pot":
      return "pot";
    case "mo":
      return "mo";
    default:
      return null;
  }
}

/** The path of a file from a dropped or chosen folder (`res/values-de/strings.xml`), else its name. */
function fileNameOf(file: File): string {
  return file.webkitRelativePath || file.name;
}

function readFile(file: File, binary: boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onerror = () => reject(r.error);
    r.onload = () => {
      if (!binary) return resolve(String(r.result));
      const bytes = new Uint8Array(r.result as ArrayBuffer);
      let s = "";
      for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      resolve(btoa(s));
    };
    if (binary) r.readAsArrayBuffer(file);
    else r.readAsText(file);
  });
}

export default function ImportExportScreen({ projectId }: { projectId: string }) {
  const can = useCan();
  const project = useQuery({ queryKey: ["project", projectId], queryFn: () => trpc.projects.get.query({ id: projectId }) });
  const formats = useQuery({ queryKey: ["formats", projectId], queryFn: () => trpc.importExport.listFormats.query({ projectId }) });
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
  const qc = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<FormatId | "">("");
  const [language, setLanguage] = useState(languages[1] ?? languages[0] ?? "");
  const [namespace, setNamespace] = useState("");
  const [overwrite, setOverwrite] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [detected, setDetected] = useState<(DetectedLanguage & { projectLanguage: string | null }) | null>(null);
  const choose = async (f: File | null) => {
    setFile(f);
    setResult(null);
    setDetected(null);
    if (!f) return;
    const head = await f
      .slice(0, 64 * 1024)
      .text()
      .catch(() => "");
    const guess = guessFormat(f.name, head);
    if (guess) setFormat(guess);
    // The language the file names (header, folder of a dropped folder, file name) is pre-selected.
    const found = detectFileLanguage({ fileName: fileNameOf(f), head: guess === "mo" ? null : head });
    if (found) {
      const projectLanguage = matchProjectLanguage(found.language, languages);
      setDetected({ ...found, projectLanguage });
      if (projectLanguage) setLanguage(projectLanguage);
    }
  };
  const mismatch = detected && (detected.projectLanguage ?? detected.language) !== language;
  const run = useMutation({
    mutationFn: async () => {
      if (!file || !format) throw new Error("Choose a file and its format.");
      const content = await readFile(file, format === "mo");
      return trpc.importExport.importFile.mutate({
        projectId,
        language,
        format,
        content,
        overwrite,
        fileName: fileNameOf(file),
        ...(takesImportNamespace(format) && namespace ? { namespace } : {}),
      });
    },
    onSuccess: (r) => {
      setResult(r);
      void qc.invalidateQueries({ queryKey: ["editorRows", projectId] });
      void qc.invalidateQueries({ queryKey: ["progress", projectId] });
    },
  });
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    void choose(e.dataTransfer.files[0] ?? null);
  };
  return (
    <form
      className="panel"
      onSubmit={(e) => {
        e.preventDefault();
        run.mutate();
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
        <p>Drop a translation file here, or</p>
        <label className="file-label">
          Choose a file
          <input type="file" name="file" onChange={(e) => void choose(e.target.files?.[0] ?? null)} />
        </label>
        {file && (
          <p>
            <strong>{file.name}</strong> ({Math.ceil(file.size / 1024)} KB)
          </p>
        )}
      </div>
      <div className="form-row">
        <Field label="Format">
          {(id) => (
            <select id={id} value={format} onChange={(e) => setFormat(e.target.value as FormatId)} required>
              <option value="">Choose…</option>
              {formats.map((f) => (
                <option key={f} value={f}>
                  {FORMAT_NAMES[f]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Language">
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
        {format && takesImportNamespace(format) && (
          <Field label="Namespace" hint="Every key of the file goes into it.">
            {(id) => <input id={id} value={namespace} maxLength={200} onChange={(e) => setNamespace(e.target.value)} />}
          </Field>
        )}
      </div>
      {detected && !mismatch && (
        <p className="hint" role="status">
          Detected {languageName(detected.language)} ({detected.language}) from {EVIDENCE_LABEL[detected.from]}.
        </p>
      )}
      {detected && mismatch && (
        <p className="warning" role="alert">
          This file looks like {languageName(detected.language)} ({detected.language}), from {EVIDENCE_LABEL[detected.from]}, but it will be
          imported as {languageName(language)} ({language}).
          {!detected.projectLanguage && " The project has no such language."}
        </p>
      )}
      <label className="inline">
        <input type="checkbox" checked={overwrite} onChange={(e) => setOverwrite(e.target.checked)} /> Overwrite existing translations
      </label>
      <ErrorMessage error={run.error ? errorMessage(run.error) : null} />
      <div className="actions left">
        <button type="submit" className="primary" disabled={!file || !format || run.isPending}>
          {run.isPending ? "Importing…" : "Import"}
        </button>
      </div>
      {result && (
        <div className="import-result" role="status">
          <h3>Result</h3>
          <table className="data">
            <tbody>
              <tr>
                <th scope="row">Imported</th>
                <td>{result.imported}</td>
              </tr>
              <tr>
                <th scope="row">Skipped</th>
                <td>{result.skipped}</td>
              </tr>
              <tr>
                <th scope="row">Keys created</th>
                <td>{result.keysCreated}</td>
              </tr>
              <tr>
                <th scope="row">Errors</th>
                <td>{result.errors.length}</td>
              </tr>
            </tbody>
          </table>
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
      )}
    </form>
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
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      const q = new URLSearchParams({ format });
      if (includeChoice !== null) q.set("includeUntranslated", String(includeChoice));
      if (namespace) q.set("namespace", namespace);
      if (approvedOnly) q.set("approvedOnly", "true");
      await downloadFile(
        `/api/projects/${encodeURIComponent(projectId)}/export/${encodeURIComponent(language)}?${q}`,
        `${language}.${format}`,
      );
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
        void run();
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
      </div>
    </form>
  );
}
