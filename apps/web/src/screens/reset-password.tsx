// Where the password-reset e-mail's link leads: `/reset-password#token=<secret>`. The secret is in
// the fragment, so it never reaches a server (nor its logs); it is read once when the application
// loads and removed from the address bar and the history at once, so a copied URL, a screenshot
// or the back button does not carry it. Resetting ends every session; the person then signs in.
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { issueAbout } from "../account/error-body";
import { errorMessage, httpStatusOf, trpc } from "../api/trpc";
import { ErrorMessage, Field } from "../components/ui";
import { Link, navigate } from "../router/router";

let tokenAtLoad: string | null = null;
if (location.pathname === "/reset-password" && location.hash) {
  tokenAtLoad = new URLSearchParams(location.hash.slice(1)).get("token");
  history.replaceState(null, "", "/reset-password");
}

const MIN_LENGTH = 8;

/** The server's reason as a sentence of its own: capital first letter, final full stop. */
function sentence(text: string): string {
  const s = text.trim();
  return `${s.charAt(0).toUpperCase()}${s.slice(1)}${/[.!?]$/.test(s) ? "" : "."}`;
}

export function ResetPasswordScreen() {
  const qc = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [linkRefused, setLinkRefused] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!tokenAtLoad || linkRefused) {
    return (
      <main className="auth" id="main">
        <h1>Choose a new password</h1>
        <p className="error-box" role="alert">
          {linkRefused ?? "This link has no reset token. Open the link from the e-mail again."}
        </p>
        <p>
          <Link to="/forgot-password">Ask for a new link</Link>
        </p>
      </main>
    );
  }
  const token = tokenAtLoad;
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const password = String(form.get("password"));
    if (password !== String(form.get("repeat"))) {
      setError("The two passwords differ. Type the same new password twice.");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await trpc.auth.resetPassword.mutate({ token, password });
      tokenAtLoad = null;
      // Every session of the account ended, this browser's included.
      qc.clear();
      navigate("/login?notice=password-reset", { replace: true });
    } catch (err) {
      // A 400 that does not name the password is about the link (unknown, used or expired token).
      const aboutPassword = issueAbout(err, "password");
      if (aboutPassword) setError(`New password: ${aboutPassword}`);
      else if (httpStatusOf(err) === 400) setLinkRefused(sentence(issueAbout(err, "token") ?? errorMessage(err)));
      else setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <main className="auth" id="main">
      <h1>Choose a new password</h1>
      <p>Your new password replaces the old one and signs you out everywhere.</p>
      <form onSubmit={submit}>
        <Field label="New password" hint={`At least ${MIN_LENGTH} characters.`}>
          {(id) => <input id={id} name="password" type="password" autoComplete="new-password" minLength={MIN_LENGTH} required />}
        </Field>
        <Field label="Repeat the new password">
          {(id) => <input id={id} name="repeat" type="password" autoComplete="new-password" minLength={MIN_LENGTH} required />}
        </Field>
        <ErrorMessage error={error} />
        <button type="submit" className="primary" disabled={busy}>
          {busy ? "Saving…" : "Set new password"}
        </button>
      </form>
    </main>
  );
}
