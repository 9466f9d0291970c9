// The signed-in person's own account: change the password, link identity providers, see where
// the account is signed in (this browser marked), end one of those sessions, or all of them at once.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useMemo, useState } from "react";
import { issueAbout } from "../account/error-body";
import { LinkedProviders } from "../account/linked-providers";
import { useProviders } from "../account/provider-buttons";
import { describeMethod, describeUserAgent } from "../account/session-labels";
import { queries } from "../api/queries";
import { useSession } from "../api/session";
import { errorMessage, type RouterOutputs, trpc } from "../api/trpc";
import { ConfirmDialog, ErrorMessage } from "../components/ui";
import { MentionEmailSetting } from "../notifications/mention-email-setting";
import { Link, navigate } from "../router/router";

type SessionRow = RouterOutputs["auth"]["sessions"]["items"][number];

const MIN_LENGTH = 8;

export default function AccountScreen() {
  const me = useSession();
  return (
    <div className="account">
      <h1>Your account</h1>
      <p className="account-who">
        {me.user.name} · {me.user.email}
      </p>
      <ChangePassword />
      <MentionEmailSetting />
      <LinkedProviders />
      <Sessions />
    </div>
  );
}

function useSessions() {
  return useQuery(queries.auth.sessions.queryOptions({}));
}

function ChangePassword() {
  const qc = useQueryClient();
  // Signed in through a provider: the account may have no password yet (accounts it created have none).
  const viaProvider =
    useSessions()
      .data?.items.find((s) => s.current)
      ?.method.startsWith("oidc:") ?? false;
  const ids = { current: useId(), next: useId(), repeat: useId(), currentError: useId() };
  const [mismatch, setMismatch] = useState(false);
  const change = useMutation({
    mutationFn: (v: { currentPassword: string; newPassword: string }) => trpc.auth.changePassword.mutate(v),
    onSuccess: () => qc.invalidateQueries(queries.auth.sessions.pathFilter()),
  });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const formElement = e.currentTarget;
    const form = new FormData(formElement);
    const newPassword = String(form.get("newPassword"));
    const mismatched = newPassword !== String(form.get("repeat"));
    setMismatch(mismatched);
    if (mismatched) return change.reset();
    change.mutate({ currentPassword: String(form.get("currentPassword")), newPassword }, { onSuccess: () => formElement.reset() });
  };
  const currentIssueText = change.error ? issueAbout(change.error, "currentPassword") : null;
  const currentIssue =
    currentIssueText && /not your current password/i.test(currentIssueText)
      ? "This is not your current password."
      : currentIssueText && `Current password: ${currentIssueText}`;
  const newIssue = change.error ? issueAbout(change.error, "newPassword") : null;
  const otherError = change.error && !currentIssue && !newIssue ? errorMessage(change.error) : null;
  return (
    <section className="panel" aria-labelledby="change-password-title">
      <h2 id="change-password-title">Change password</h2>
      {viaProvider && (
        <p className="hint">
          You signed in with an identity provider. If your account has no password yet, set one with a{" "}
          <Link to="/forgot-password">reset link by e-mail</Link> (it signs you out everywhere).
        </p>
      )}
      <form onSubmit={submit} className="stacked-form">
        <div className="field">
          <label htmlFor={ids.current}>Current password</label>
          <input
            id={ids.current}
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
            aria-invalid={currentIssue ? true : undefined}
            aria-describedby={currentIssue ? ids.currentError : undefined}
          />
          {currentIssue && (
            <p className="error" role="alert" id={ids.currentError}>
              {currentIssue}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={ids.next}>New password</label>
          <input id={ids.next} name="newPassword" type="password" autoComplete="new-password" minLength={MIN_LENGTH} required />
          <p className="hint">At least {MIN_LENGTH} characters. Your other sessions are signed out; this one stays.</p>
        </div>
        <div className="field">
          <label htmlFor={ids.repeat}>Repeat the new password</label>
          <input id={ids.repeat} name="repeat" type="password" autoComplete="new-password" minLength={MIN_LENGTH} required />
        </div>
        <ErrorMessage error={mismatch ? "The two new passwords differ. Type the same new password twice." : null} />
        <ErrorMessage error={newIssue ? `New password: ${newIssue}` : otherError} />
        {change.isSuccess && !mismatch && (
          <p className="notice" role="status">
            Password changed. Every other session of your account was signed out.
          </p>
        )}
        <button type="submit" className="primary" disabled={change.isPending}>
          {change.isPending ? "Changing…" : "Change password"}
        </button>
      </form>
    </section>
  );
}

function Sessions() {
  const qc = useQueryClient();
  const sessions = useSessions();
  const providers = useProviders();
  const providerNames = useMemo(() => new Map((providers.data?.items ?? []).map((p) => [p.id, p.name])), [providers.data]);
  const [confirmEverywhere, setConfirmEverywhere] = useState(false);
  const signedOut = (notice?: string) => {
    qc.clear();
    navigate(notice ? `/login?notice=${notice}` : "/login", { replace: true });
  };
  const revoke = useMutation({
    mutationFn: (s: SessionRow) => trpc.auth.revokeSession.mutate({ sessionId: s._id }),
    onSuccess: (_out, s) => (s.current ? signedOut() : qc.invalidateQueries(queries.auth.sessions.pathFilter())),
  });
  const everywhere = useMutation({
    mutationFn: () => trpc.auth.logOutEverywhere.mutate({}),
    onSuccess: () => signedOut("signed-out-everywhere"),
  });
  const items = sessions.data?.items ?? [];
  // The table waits for the providers' names too: otherwise a session signed in through one shows
  // the provider's id first and its name a moment later (an error leaves the ids).
  const loading = sessions.isPending || providers.isPending;
  return (
    <section className="panel" aria-labelledby="sessions-title">
      <h2 id="sessions-title">Where you are signed in</h2>
      <p className="hint">Each browser or device you signed in with. Sign out the ones you do not recognise or no longer use.</p>
      {loading && <p role="status">Loading sessions…</p>}
      <ErrorMessage error={sessions.error ? errorMessage(sessions.error) : null} />
      {!loading && items.length > 0 && (
        <table className="data sessions">
          <caption className="sr-only">Active sessions of your account, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Device</th>
              <th scope="col">Signed in with</th>
              <th scope="col">Address</th>
              <th scope="col">Signed in</th>
              <th scope="col">Last active</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((s) => (
              <tr key={s._id} className={s.current ? "current" : undefined} aria-current={s.current ? "true" : undefined}>
                <td>
                  <span title={s.userAgent ?? undefined}>{describeUserAgent(s.userAgent)}</span>
                  {s.current && <span className="badge current-badge">This session</span>}
                </td>
                <td>{describeMethod(s.method, providerNames)}</td>
                <td>{s.ipAddress ?? "unknown"}</td>
                <td>
                  <DateTime iso={s.createdAt} />
                </td>
                <td>
                  <DateTime iso={s.lastSeenAt} />
                </td>
                <td>
                  <button
                    type="button"
                    className="small danger"
                    disabled={revoke.isPending}
                    onClick={() => revoke.mutate(s)}
                    aria-label={
                      s.current
                        ? "Sign out this session"
                        : `Revoke the session of ${describeUserAgent(s.userAgent)}, signed in ${new Date(s.createdAt).toLocaleString()}`
                    }
                  >
                    {s.current ? "Sign out" : "Revoke"}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ErrorMessage error={revoke.error ? errorMessage(revoke.error) : null} />
      <div className="actions left">
        <button type="button" className="danger" onClick={() => setConfirmEverywhere(true)}>
          Sign out everywhere
        </button>
      </div>
      <ConfirmDialog
        open={confirmEverywhere}
        title="Sign out everywhere"
        message={<p>End every session of your account, this one included? You will have to sign in again on each device.</p>}
        confirmLabel="Sign out everywhere"
        danger
        busy={everywhere.isPending}
        error={everywhere.error ? errorMessage(everywhere.error) : null}
        onConfirm={() => everywhere.mutate()}
        onClose={() => setConfirmEverywhere(false)}
      />
    </section>
  );
}

function DateTime({ iso }: { iso: string }) {
  return <time dateTime={iso}>{new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })}</time>;
}
