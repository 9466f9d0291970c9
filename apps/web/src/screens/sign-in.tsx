// Sign-in and sign-up. Wrong credentials get one plain sentence (the server does not say which
// of e-mail or password was wrong, and neither do we).
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { ProviderButtons } from "../account/provider-buttons";
import { signInErrorSentence } from "../account/sign-in-errors";
import { queries } from "../api/queries";
import { errorMessage, httpStatusOf, trpc } from "../api/trpc";
import { ErrorMessage, Field } from "../components/ui";
import { Link, navigate, useLocation } from "../router/router";
import { sameOriginPath } from "../router/same-origin-path";

function nextPath(search: string): string {
  return sameOriginPath(new URLSearchParams(search).get("next"));
}

/** Notices other screens leave for the sign-in page (`?notice=`); fixed sentences only. */
const NOTICES: Record<string, string> = {
  "password-reset": "Your password was changed and every session signed out. Sign in with your new password.",
  "signed-out-everywhere": "You were signed out on every device.",
};

export function SignInScreen() {
  const qc = useQueryClient();
  const { search } = useLocation();
  const query = new URLSearchParams(search);
  const providerError = query.get("error");
  const notice = NOTICES[query.get("notice") ?? ""];
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setBusy(true);
    setError(null);
    try {
      await trpc.auth.logIn.mutate({ email: String(form.get("email")), password: String(form.get("password")) });
      await qc.invalidateQueries(queries.auth.me.pathFilter());
      navigate(nextPath(search), { replace: true });
    } catch (err) {
      setError(httpStatusOf(err) === 401 ? "Wrong e-mail or password." : errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <main className="auth" id="main">
      <h1>Sign in to Locale</h1>
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      {providerError && (
        <p className="error-box" role="alert">
          {signInErrorSentence(providerError)}
        </p>
      )}
      <ProviderButtons returnTo={nextPath(search)} divider="or with your e-mail address" />
      <form onSubmit={submit}>
        <Field label="E-mail">{(id) => <input id={id} name="email" type="email" autoComplete="username" required />}</Field>
        <Field label="Password">{(id) => <input id={id} name="password" type="password" autoComplete="current-password" required />}</Field>
        <ErrorMessage error={error} />
        <div className="form-end">
          <button type="submit" className="primary" disabled={busy}>
            {busy ? "Signing in…" : "Sign in"}
          </button>
          <Link to="/forgot-password">Forgot password?</Link>
        </div>
      </form>
      <p>
        No account yet? <Link to="/signup">Create one</Link>
      </p>
    </main>
  );
}

export function SignUpScreen() {
  const qc = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const organizationName = String(form.get("organization") ?? "").trim();
    setBusy(true);
    setError(null);
    try {
      await trpc.auth.signUp.mutate({
        name: String(form.get("name")),
        email: String(form.get("email")),
        password: String(form.get("password")),
        ...(organizationName ? { organizationName } : {}),
      });
      await qc.invalidateQueries(queries.auth.me.pathFilter());
      navigate("/", { replace: true });
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <main className="auth" id="main">
      <h1>Create your account</h1>
      <form onSubmit={submit}>
        <Field label="Your name">{(id) => <input id={id} name="name" autoComplete="name" required maxLength={200} />}</Field>
        <Field label="E-mail">{(id) => <input id={id} name="email" type="email" autoComplete="email" required />}</Field>
        <Field label="Password" hint="At least 8 characters.">
          {(id) => <input id={id} name="password" type="password" autoComplete="new-password" minLength={8} required />}
        </Field>
        <Field label="Organization name" hint="Optional; you can rename it later.">
          {(id) => <input id={id} name="organization" autoComplete="organization" maxLength={200} />}
        </Field>
        <ErrorMessage error={error} />
        <button type="submit" className="primary" disabled={busy}>
          {busy ? "Creating…" : "Create account"}
        </button>
      </form>
      <p>
        Already have an account? <Link to="/login">Sign in</Link>
      </p>
    </main>
  );
}
