// Where invitation links lead. The single-use token is read once from the address bar and then
// removed from it (and from the history), so it is not shared by a copied URL or a screenshot.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { ProviderButtons } from "../account/provider-buttons";
import { queries } from "../api/queries";
import { errorMessage, trpc } from "../api/trpc";
import { roleLabel } from "../components/role-label";
import { ErrorMessage, Field } from "../components/ui";
import { navigate } from "../router/router";

const tokenAtLoad = new URLSearchParams(location.search).get("token");
if (tokenAtLoad && location.pathname === "/accept-invite") history.replaceState(null, "", "/accept-invite");

function explain(message: string): string {
  if (/expired/i.test(message)) return "This invitation has expired. Ask an administrator of the organization to invite you again.";
  if (/already been used/i.test(message)) return "This invitation was already used. Sign in instead, or ask for a new invitation.";
  if (/not found/i.test(message)) return "This invitation does not exist or was revoked. Ask for a new invitation.";
  return message;
}

export function AcceptInviteScreen() {
  const qc = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // What the link offers, asked once with the token in a POST body (never in a logged URL).
  const invitation = useQuery({
    ...queries.auth.invitation.readOptions({ token: tokenAtLoad! }),
    enabled: !!tokenAtLoad,
    retry: false,
    staleTime: Infinity,
  });
  if (!tokenAtLoad) {
    return (
      <main className="auth" id="main">
        <h1>Accept invitation</h1>
        <p className="error" role="alert">
          This link has no invitation token. Open the link from the invitation e-mail again.
        </p>
      </main>
    );
  }
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const name = String(form.get("name") ?? "").trim();
    setBusy(true);
    setError(null);
    try {
      await trpc.auth.acceptInvite.mutate({ token: tokenAtLoad, password: String(form.get("password")), ...(name ? { name } : {}) });
      await qc.invalidateQueries(queries.auth.me.pathFilter());
      navigate("/", { replace: true });
    } catch (err) {
      setError(explain(errorMessage(err)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <main className="auth" id="main">
      <h1>Accept invitation</h1>
      {invitation.isPending && <p role="status">Reading the invitation…</p>}
      {invitation.isError && <ErrorMessage error={explain(errorMessage(invitation.error))} />}
      {invitation.data && (
        <div className="invitation-summary">
          <p>
            {invitation.data.inviterName ? <strong>{invitation.data.inviterName}</strong> : "An administrator"} invited you to join{" "}
            <strong>{invitation.data.organizationName}</strong> as <strong>{roleLabel(invitation.data.role)}</strong>.
          </p>
          <dl>
            <dt>Organization</dt>
            <dd>{invitation.data.organizationName}</dd>
            <dt>Invited by</dt>
            <dd>{invitation.data.inviterName ?? "an administrator"}</dd>
            <dt>Role</dt>
            <dd>{roleLabel(invitation.data.role)}</dd>
            <dt>E-mail</dt>
            <dd>{invitation.data.email}</dd>
          </dl>
          {invitation.data.existingAccount && (
            <p className="hint">This address already has an account: join with that account's password.</p>
          )}
        </div>
      )}
      {!invitation.isError && (
        <JoinForm token={tokenAtLoad} existingAccount={!!invitation.data?.existingAccount} error={error} busy={busy} onSubmit={submit} />
      )}
    </main>
  );
}

function JoinForm(props: {
  token: string;
  existingAccount: boolean;
  error: string | null;
  busy: boolean;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
}) {
  const { error, busy } = props;
  return (
    <>
      <ProviderButtons invitation={props.token} verb="Join" divider="or with a password" />
      <form onSubmit={props.onSubmit}>
        {!props.existingAccount && (
          <Field
            label="Your name"
            hint="Already have an account with this e-mail address? Leave the name empty and enter that account's password."
          >
            {(id) => <input id={id} name="name" autoComplete="name" maxLength={200} />}
          </Field>
        )}
        <Field label="Password" hint={props.existingAccount ? "Your account's current password." : "At least 8 characters."}>
          {(id) => <input id={id} name="password" type="password" autoComplete="new-password" minLength={8} required />}
        </Field>
        <ErrorMessage error={error} />
        <button type="submit" className="primary" disabled={busy}>
          {busy ? "Joining…" : "Join"}
        </button>
      </form>
    </>
  );
}
