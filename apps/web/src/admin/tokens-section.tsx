// The server's scope list itself (a dependency-free module), so the checkboxes cannot drift from it.
import { SCOPES } from "@locale/core/browser";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { queries } from "../api/queries";
import { errorMessage, trpc } from "../api/trpc";
import { ConfirmDialog, ErrorMessage, Field } from "../components/ui";
import { CopyField } from "./members-section";

export function TokensSection() {
  const qc = useQueryClient();
  const projects = useQuery(queries.projects.list.queryOptions({}));
  const tokens = useQuery(queries.tokens.listOrganizationTokens.queryOptions({ orgId: "current" }));
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const [revoking, setRevoking] = useState<{ id: string; name: string; projectId: string | null } | null>(null);
  const create = useMutation({
    mutationFn: (v: { name: string; projectId: string; scopes: string[] | null; expiresAt: string | null }) =>
      v.projectId
        ? trpc.tokens.createProjectToken.mutate({ projectId: v.projectId, name: v.name, scopes: v.scopes, expiresAt: v.expiresAt })
        : trpc.tokens.createOrganizationToken.mutate({ orgId: "current", name: v.name, scopes: v.scopes, expiresAt: v.expiresAt }),
    onSuccess: (t) => {
      setCreated({ name: t.name, token: t.token });
      void qc.invalidateQueries(queries.tokens.pathFilter());
    },
  });
  const revoke = useMutation({
    mutationFn: (t: { id: string; projectId: string | null }) =>
      t.projectId
        ? trpc.tokens.revokeProjectToken.mutate({ projectId: t.projectId, tokenId: t.id })
        : trpc.tokens.revokeOrganizationToken.mutate({ orgId: "current", tokenId: t.id }),
    onSuccess: () => {
      setRevoking(null);
      void qc.invalidateQueries(queries.tokens.pathFilter());
    },
  });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const scopes = f.getAll("scope").map(String);
    const expires = String(f.get("expires") ?? "");
    create.mutate({
      name: String(f.get("name")),
      projectId: String(f.get("project") ?? ""),
      scopes: scopes.length ? scopes : null,
      expiresAt: expires ? new Date(`${expires}T23:59:59Z`).toISOString() : null,
    });
  };
  const projectName = (id: string | null) => (id ? (projects.data?.find((p) => p._id === id)?.name ?? id) : "Organization");
  return (
    <>
      <h1>API tokens</h1>
      <table className="data">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Reach</th>
            <th scope="col">Scopes</th>
            <th scope="col">Ends with</th>
            <th scope="col">Expires</th>
            <th scope="col">Last used</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {tokens.data?.map((t) => (
            <tr key={t._id}>
              <td>{t.name}</td>
              <td>{projectName(t.projectId)}</td>
              <td>{t.scopes ? t.scopes.join(", ") : "all of the role"}</td>
              <td>
                <code>…{t.tokenSuffix}</code>
              </td>
              <td>{t.expiresAt ? new Date(t.expiresAt).toLocaleDateString() : "never"}</td>
              <td>{t.lastUsedAt ? new Date(t.lastUsedAt).toLocaleString() : "never"}</td>
              <td>
                <button
                  type="button"
                  className="small danger"
                  onClick={() => setRevoking({ id: t._id, name: t.name, projectId: t.projectId })}
                >
                  Revoke
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ErrorMessage error={tokens.error ? errorMessage(tokens.error) : null} />
      {created && (
        <div className="banner" role="status">
          <p>Token {created.name} created. Copy it now: it is shown only once.</p>
          <CopyField label="Token value" value={created.token} />
        </div>
      )}
      <h2>Create a token</h2>
      <form onSubmit={submit} className="wide-form">
        <div className="form-row">
          <Field label="Token name">{(id) => <input id={id} name="name" required maxLength={200} />}</Field>
          <Field label="Reach">
            {(id) => (
              <select id={id} name="project">
                <option value="">Whole organization</option>
                {projects.data?.map((p) => (
                  <option key={p._id} value={p._id}>
                    Project {p.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Expires on" hint="Empty: never.">
            {(id) => <input id={id} name="expires" type="date" />}
          </Field>
        </div>
        <fieldset className="scopes">
          <legend>Scopes (none checked: everything your role may do)</legend>
          {SCOPES.map((s) => (
            <label key={s} className="inline">
              <input type="checkbox" name="scope" value={s} /> {s}
            </label>
          ))}
        </fieldset>
        <ErrorMessage error={create.error ? errorMessage(create.error) : null} />
        <button type="submit" className="primary" disabled={create.isPending}>
          Create token
        </button>
      </form>
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke token"
        message={<p>Revoke {revoking?.name}? Programs using it stop working immediately.</p>}
        confirmLabel="Revoke"
        danger
        busy={revoke.isPending}
        error={revoke.error ? errorMessage(revoke.error) : null}
        onConfirm={() => revoking && revoke.mutate(revoking)}
        onClose={() => setRevoking(null)}
      />
    </>
  );
}
