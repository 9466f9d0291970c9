// Asks for a password-reset e-mail. The answer is the same whether or not an account has this
// address (the server says nothing either), so the page cannot be used to find out who has one.
import { type FormEvent, useState } from "react";
import { errorMessage, trpc } from "../api/trpc";
import { ErrorMessage, Field } from "../components/ui";
import { Link } from "../router/router";

export function ForgotPasswordScreen() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const email = String(new FormData(e.currentTarget).get("email")).trim();
    setBusy(true);
    setError(null);
    try {
      await trpc.auth.requestPasswordReset.mutate({ email });
      setSentTo(email);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <main className="auth" id="main">
      <h1>Reset your password</h1>
      {sentTo ? (
        <>
          <p className="notice" role="status">
            If an account uses <strong>{sentTo}</strong>, an e-mail with a link to choose a new password is on its way. The link can be used
            once, for a limited time.
          </p>
          <p>Nothing arrived after a few minutes? Check the spam folder and the spelling of the address, then ask again.</p>
          <p className="form-end">
            <button type="button" className="link" onClick={() => setSentTo(null)}>
              Send another link
            </button>
            <Link to="/login">Back to sign in</Link>
          </p>
        </>
      ) : (
        <>
          <p>Enter the e-mail address of your account. We will send you a link to choose a new password.</p>
          <form onSubmit={submit}>
            <Field label="E-mail">{(id) => <input id={id} name="email" type="email" autoComplete="email" required />}</Field>
            <ErrorMessage error={error} />
            <div className="form-end">
              <button type="submit" className="primary" disabled={busy}>
                {busy ? "Sending…" : "Send reset link"}
              </button>
              <Link to="/login">Back to sign in</Link>
            </div>
          </form>
        </>
      )}
    </main>
  );
}
