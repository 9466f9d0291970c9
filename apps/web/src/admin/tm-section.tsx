import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { queries } from "../api/queries";
import { useCan } from "../api/session";
import { errorMessage, trpc } from "../api/trpc";
import { ErrorMessage } from "../components/ui";

export function TmSection() {
  const qc = useQueryClient();
  const can = useCan();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState("");
  const [langs, setLangs] = useState({ source: "", target: "" });
  const list = useQuery({
    ...queries.tm.list.queryOptions({
      orgId: "current",
      page,
      limit: 50,
      ...(langs.source ? { sourceLang: langs.source } : {}),
      ...(langs.target ? { targetLang: langs.target } : {}),
    }),
    enabled: !search,
  });
  const found = useQuery({
    ...queries.tm.search.queryOptions({
      orgId: "current",
      sourceText: search,
      limit: 50,
      minSimilarity: 30,
      ...(langs.source ? { sourceLang: langs.source } : {}),
      ...(langs.target ? { targetLang: langs.target } : {}),
    }),
    enabled: !!search,
  });
  const del = useMutation({
    mutationFn: (entryId: string) => trpc.tm.delete.mutate({ orgId: "current", entryId }),
    onSuccess: () => {
      void qc.invalidateQueries(queries.tm.list.pathFilter());
      void qc.invalidateQueries(queries.tm.search.pathFilter());
    },
  });
  const rows = search ? (found.data ?? []) : (list.data?.data ?? []);
  return (
    <>
      <h1>Translation memory</h1>
      <div className="form-row">
        <label>
          Search by similarity <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </label>
        <label>
          Source language <input size={6} value={langs.source} onChange={(e) => setLangs((l) => ({ ...l, source: e.target.value }))} />
        </label>
        <label>
          Target language <input size={6} value={langs.target} onChange={(e) => setLangs((l) => ({ ...l, target: e.target.value }))} />
        </label>
      </div>
      <ErrorMessage
        error={list.error ? errorMessage(list.error) : found.error ? errorMessage(found.error) : del.error ? errorMessage(del.error) : null}
      />
      <table className="data">
        <thead>
          <tr>
            {search && <th scope="col">Similarity</th>}
            <th scope="col">Source</th>
            <th scope="col">Target</th>
            <th scope="col">Languages</th>
            <th scope="col">Used</th>
            {can("tm.write") && <th scope="col">Actions</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((e) => (
            <tr key={e._id}>
              {search && <td>{"similarity" in e ? `${Math.round(e.similarity as number)}%` : ""}</td>}
              <td>{e.sourceText}</td>
              <td>{e.targetText}</td>
              <td>
                {e.sourceLanguage} → {e.targetLanguage}
              </td>
              <td>{e.usageCount}</td>
              {can("tm.write") && (
                <td>
                  <button type="button" className="small danger" onClick={() => del.mutate(e._id)}>
                    Delete
                  </button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {!search && list.data && (
        <div className="pager">
          <button type="button" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            Previous
          </button>
          <span>
            Page {list.data.meta.page} of {Math.max(1, list.data.meta.totalPages)}
          </span>
          <button type="button" disabled={page >= list.data.meta.totalPages} onClick={() => setPage((p) => p + 1)}>
            Next
          </button>
        </div>
      )}
    </>
  );
}
