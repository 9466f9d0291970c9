// A project's own API tokens on its settings screen: listed with revoke, and created for this project only.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { queries } from "../api/queries";
import { errorMessage, trpc } from "../api/trpc";
import { ConfirmDialog, ErrorMessage, Field } from "../components/ui";
import { CopyField } from "./members-section";

export function ProjectTokensSection({ projectId }: { projectId: string }) {
  const qc = useQueryClient();
  const _key = ["tokens", projectId];
  const tokens = useQuery(queries.tokens.listProjectTokens.queryOptions({ projectId }));
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const [revoking, setRevoking] = useState<{ id: string; name: string } | null>(null);
  // Organization-wide lists show project tokens too, so both are refreshed.
  const refresh = () => qc.invalidateQueries(queries.tokens.pathFilter());
  const create = useMutation({
    mutationFn: (name: string) => trpc.tokens.createProjectToken.mutate({ projectId, name, scopes: null, expiresAt: null }),
    onSuccess: async (t) => {
      setCreated({ name: t.name, token: t.token });
      await refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: (id: string) => trpc.tokens.revokeProjectToken.mutate({ projectId, tokenId: id }),
    onSuccess: async () => {
      // A revoked token's value is useless; its banner would only mislead.
      setRevoking(null);
      setCreated(null);
      await refresh();
    },
  });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    create.mutate(String(new FormData(form).get("name")), { onSuccess: () => form.reset() });
  };
  return (
    <>
      <h2>Project API tokens</h2>
      {tokens.data?.length === 0 && <p>No token reaches only this project yet.</p>}
      {!!tokens.data?.length && (
        <table className="data" aria-label="Project API tokens">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Scopes</th>
              <th scope="col">Ends with</th>
              <th scope="col">Expires</th>
              <th scope="col">Last used</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {tokens.data.map((t) => (
              <tr key={t._id}>
                <td>{t.name}</td>
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
                    aria-label={`Revoke ${t.name}`}
                    onClick={() => setRevoking({ id: t._id, name: t.name })}
                  >
                    Revoke
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ErrorMessage error={tokens.error ? errorMessage(tokens.error) : null} />
      {created && (
        <div className="banner" role="status">
          <p>Token {created.name} created. Copy it now: it is shown only once.</p>
          <CopyField label="Project token value" value={created.token} />
        </div>
      )}
      <form onSubmit={submit} className="form-row">
        <Field label="Project token name" hint="Scopes and expiry: Organization › API tokens.">
          {(id) => <input id={id} name="name" required maxLength={200} />}
        </Field>
        <button type="submit" className="primary" disabled={create.isPending}>
          Create project token
        </button>
      </form>
      <ErrorMessage error={create.error ? errorMessage(create.error) : null} />
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke token"
        message={<p>Revoke {revoking?.name}? Programs using it stop working immediately.</p>}
        confirmLabel="Revoke"
        danger
        busy={revoke.isPending}
        error={revoke.error ? errorMessage(revoke.error) : null}
        onConfirm={() => revoking && revoke.mutate(revoking.id)}
        onClose={() => setRevoking(null)}
      />
    </>
  );
}
