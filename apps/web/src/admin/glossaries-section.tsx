import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { queries } from "../api/queries";
import { useCan } from "../api/session";
import { errorMessage, trpc } from "../api/trpc";
import { ErrorMessage, Field } from "../components/ui";

export function GlossariesSection() {
  const qc = useQueryClient();
  const can = useCan();
  const list = useQuery(queries.glossary.list.queryOptions({ orgId: "current" }));
  const [openId, setOpenId] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: (v: { name: string; sourceLanguage: string; targetLanguages: string[] }) =>
      trpc.glossary.create.mutate({ orgId: "current", ...v }),
    onSuccess: (g) => {
      setOpenId(g._id);
      void qc.invalidateQueries(queries.glossary.list.pathFilter());
    },
  });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    create.mutate({
      name: String(f.get("name")),
      sourceLanguage: String(f.get("source")),
      targetLanguages: String(f.get("targets") ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    });
  };
  const current = list.data?.find((g) => g._id === openId) ?? list.data?.[0];
  return (
    <>
      <h1>Glossaries</h1>
      <ErrorMessage error={list.error ? errorMessage(list.error) : null} />
      <div className="tabs small-tabs">
        {list.data?.map((g) => (
          <button type="button" key={g._id} aria-pressed={current?._id === g._id} onClick={() => setOpenId(g._id)}>
            {g.name}
          </button>
        ))}
      </div>
      {current && <Terms glossaryId={current._id} targetLanguages={current.targetLanguages} canWrite={can("glossary.write")} />}
      {can("glossary.write") && (
        <>
          <h2>New glossary</h2>
          <form onSubmit={submit} className="form-row">
            <Field label="Glossary name">{(id) => <input id={id} name="name" required />}</Field>
            <Field label="Source language">{(id) => <input id={id} name="source" required defaultValue="en" size={6} />}</Field>
            <Field label="Target languages" hint="Comma-separated codes.">
              {(id) => <input id={id} name="targets" />}
            </Field>
            <button type="submit" className="primary">
              Create glossary
            </button>
          </form>
          <ErrorMessage error={create.error ? errorMessage(create.error) : null} />
        </>
      )}
    </>
  );
}

function Terms({ glossaryId, targetLanguages, canWrite }: { glossaryId: string; targetLanguages: string[]; canWrite: boolean }) {
  const qc = useQueryClient();
  const [search, setSearch] = useState("");
  const terms = useQuery(queries.glossary.listTerms.queryOptions({ orgId: "current", id: glossaryId, ...(search ? { search } : {}) }));
  const refresh = () => void qc.invalidateQueries(queries.glossary.listTerms.pathFilter({ id: glossaryId }));
  const add = useMutation({
    mutationFn: (v: { term: string; definition: string; doNotTranslate: boolean; translations: { language: string; value: string }[] }) =>
      trpc.glossary.createTerm.mutate({ orgId: "current", id: glossaryId, ...v }),
    onSuccess: refresh,
  });
  const del = useMutation({
    mutationFn: (termId: string) => trpc.glossary.deleteTerm.mutate({ orgId: "current", termId }),
    onSuccess: refresh,
  });
  const importFile = useMutation({
    mutationFn: async (file: File) => {
      const format = file.name.toLowerCase().endsWith(".tbx") ? ("tbx" as const) : ("csv" as const);
      return trpc.glossary.import.mutate({ orgId: "current", id: glossaryId, format, content: await file.text() });
    },
    onSuccess: refresh,
  });
  const exportFile = async (format: "csv" | "tbx") => {
    const out = await trpc.glossary.export.query({ orgId: "current", id: glossaryId, format });
    const blob = new Blob([out.content], { type: format === "csv" ? "text/csv" : "application/x-tbx+xml" });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = `glossary.${format}`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
  };
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    add.mutate(
      {
        term: String(f.get("term")),
        definition: String(f.get("definition") ?? ""),
        doNotTranslate: f.get("dnt") === "on",
        translations: targetLanguages.map((l) => ({ language: l, value: String(f.get(`t-${l}`) ?? "") })).filter((t) => t.value),
      },
      { onSuccess: () => form.reset() },
    );
  };
  return (
    <div>
      <div className="form-row">
        <label>
          Search terms <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </label>
        <button type="button" onClick={() => void exportFile("csv")}>
          Export CSV
        </button>
        <button type="button" onClick={() => void exportFile("tbx")}>
          Export TBX
        </button>
        {canWrite && (
          <label className="file-label">
            Import CSV or TBX
            <input type="file" accept=".csv,.tbx,.xml" onChange={(e) => e.target.files?.[0] && importFile.mutate(e.target.files[0])} />
          </label>
        )}
      </div>
      {importFile.data && (
        <p role="status">
          Imported {importFile.data.imported}, updated {importFile.data.updated}, skipped {importFile.data.skipped}
          {importFile.data.errors.length ? `; ${importFile.data.errors.map((e) => `row ${e.row}: ${e.message}`).join("; ")}` : ""}.
        </p>
      )}
      <ErrorMessage error={importFile.error ? errorMessage(importFile.error) : del.error ? errorMessage(del.error) : null} />
      <table className="data">
        <thead>
          <tr>
            <th scope="col">Term</th>
            <th scope="col">Definition</th>
            <th scope="col">Translations</th>
            <th scope="col">Do not translate</th>
            {canWrite && <th scope="col">Actions</th>}
          </tr>
        </thead>
        <tbody>
          {terms.data?.map((t) => (
            <tr key={t._id}>
              <td>{t.term}</td>
              <td>{t.definition}</td>
              <td>{t.translations.map((x) => `${x.language}: ${x.value}`).join(" · ")}</td>
              <td>{t.doNotTranslate ? "yes" : ""}</td>
              {canWrite && (
                <td>
                  <button type="button" className="small danger" onClick={() => del.mutate(t._id)}>
                    Delete
                  </button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {canWrite && (
        <form onSubmit={submit} className="form-row">
          <Field label="Term">{(id) => <input id={id} name="term" required />}</Field>
          <Field label="Definition">{(id) => <input id={id} name="definition" />}</Field>
          {targetLanguages.map((l) => (
            <Field key={l} label={`Translation ${l}`}>
              {(id) => <input id={id} name={`t-${l}`} size={12} />}
            </Field>
          ))}
          <label className="inline">
            <input type="checkbox" name="dnt" /> Do not translate
          </label>
          <button type="submit" className="primary" disabled={add.isPending}>
            Add term
          </button>
        </form>
      )}
      <ErrorMessage error={add.error ? errorMessage(add.error) : null} />
    </div>
  );
}
