// The import form's state and requests: one or several files, each with its format (guessed from
// its name and start) and language (detected from its header, folder or name, as the server
// detects it); a preview runs each file's import as a dry run (the server rolls it back), the
// import runs them one after the other.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { queries } from "../api/queries";
import { type RouterOutputs, trpc } from "../api/trpc";
import { type DetectedLanguage, detectFileLanguage, matchProjectLanguage } from "./file-language";
import { type FormatId, takesImportNamespace } from "./format-choices";

export type ImportResult = RouterOutputs["importExport"]["importFile"];

export interface ImportItem {
  file: File;
  /** The path of a file from a chosen folder (`res/values-de/strings.xml`), else its name. */
  name: string;
  format: FormatId | "";
  language: string;
  detected: (DetectedLanguage & { projectLanguage: string | null }) | null;
}

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

/** A chosen file as an import item: format guessed, language detected (else `fallback`). */
async function itemOf(file: File, languages: string[], fallback: string): Promise<ImportItem> {
  const name = file.webkitRelativePath || file.name;
  const head = await file
    .slice(0, 64 * 1024)
    .text()
    .catch(() => "");
  const format = guessFormat(file.name, head) ?? "";
  const found = detectFileLanguage({ fileName: name, head: format === "mo" ? null : head });
  const projectLanguage = found ? matchProjectLanguage(found.language, languages) : null;
  return {
    file,
    name,
    format,
    language: projectLanguage ?? fallback,
    detected: found ? { ...found, projectLanguage } : null,
  };
}

/** Whether the file appears to hold another language than the one it will be imported into. */
export const languageMismatch = (item: ImportItem): boolean =>
  !!item.detected && (item.detected.projectLanguage ?? item.detected.language) !== item.language;

export function useImportFiles(projectId: string, languages: string[]) {
  const qc = useQueryClient();
  const [items, setItems] = useState<ImportItem[]>([]);
  const [namespace, setNamespace] = useState("");
  const [overwrite, setOverwrite] = useState(false);
  // Results of the last preview or import, one per item, in order.
  const [results, setResults] = useState<ImportResult[] | null>(null);
  const defaultLanguage = languages[1] ?? languages[0] ?? "";

  const choose = async (files: File[]) => {
    setResults(null);
    // Each file keeps its own choice; a new pick replaces the list.
    const fallback = items[0]?.language ?? defaultLanguage;
    setItems(await Promise.all(files.map((f) => itemOf(f, languages, fallback))));
  };
  const update = (index: number, change: Partial<Pick<ImportItem, "format" | "language">>) => {
    setResults(null);
    setItems((all) => all.map((item, i) => (i === index ? { ...item, ...change } : item)));
  };
  const send = async (item: ImportItem, dryRun: boolean) => {
    if (!item.format) throw new Error(`Choose the format of ${item.name}.`);
    const content = await readFile(item.file, item.format === "mo");
    return trpc.importExport.importFile.mutate({
      projectId,
      language: item.language,
      format: item.format,
      content,
      overwrite,
      dryRun,
      fileName: item.name,
      ...(takesImportNamespace(item.format) && namespace ? { namespace } : {}),
    });
  };
  const run = useMutation({
    mutationFn: async (dryRun: boolean) => {
      if (items.length === 0) throw new Error("Choose a file.");
      setResults(null);
      const done: ImportResult[] = [];
      // One after the other: each import is a transaction of its own, and a later file sees the keys an earlier one created.
      for (const item of items) done.push(await send(item, dryRun));
      return done;
    },
    onSuccess: (done, dryRun) => {
      setResults(done);
      if (dryRun) return;
      void qc.invalidateQueries(queries.keys.editorRows.pathFilter({ projectId: projectId }));
      void qc.invalidateQueries(queries.analytics.progress.pathFilter({ projectId: projectId }));
      void qc.invalidateQueries(queries.keys.tags.pathFilter({ projectId: projectId }));
    },
  });
  return {
    items,
    choose,
    update,
    namespace,
    setNamespace,
    overwrite,
    setOverwrite: (v: boolean) => {
      setResults(null);
      setOverwrite(v);
    },
    results,
    preview: () => run.mutate(true),
    apply: () => run.mutate(false),
    pending: run.isPending ? (run.variables ? "preview" : "import") : null,
    error: run.error,
    ready: items.length > 0 && items.every((i) => i.format !== ""),
  };
}
