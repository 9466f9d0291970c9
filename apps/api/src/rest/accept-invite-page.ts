// The page an invitation link opens (`<PUBLIC_URL>/accept-invite?token=...`): the service has no
// web application, so without it the link in the e-mail would end in a 404. A static form that
// posts to POST /api/auth/accept-invite; the token is read from the address bar by the script and
// never written into the HTML, and the strict CSP allows only this origin's own script.
import type { Express, Response } from "express";

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Accept invitation</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 26rem; margin: 4rem auto; padding: 0 1rem; color: #1d2330; }
  label { display: block; margin-top: 1rem; font-weight: 600; }
  input { width: 100%; box-sizing: border-box; padding: .5rem; font: inherit; }
  button { margin-top: 1.5rem; padding: .6rem 1.2rem; font: inherit; cursor: pointer; }
  .hint { color: #5b6473; font-size: .9rem; }
  #result { margin-top: 1.5rem; }
  .error { color: #b3261e; }
</style>
</head>
<body>
<h1>Accept invitation</h1>
<form id="accept" method="post" action="/api/auth/accept-invite">
  <label for="name">Your name</label>
  <input id="name" name="name" autocomplete="name" maxlength="200">
  <p class="hint">Already have an account with this e-mail address? Leave the name empty and enter that account's password.</p>
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="new-password" minlength="8" required>
  <p class="hint">At least 8 characters.</p>
  <button type="submit">Join</button>
</form>
<p id="result" role="status"></p>
<script src="/accept-invite.js"></script>
</body>
</html>
`;

const SCRIPT = `"use strict";
(function () {
  var form = document.getElementById("accept");
  var result = document.getElementById("result");
  var token = new URLSearchParams(location.search).get("token");
  function show(text, isError) {
    result.textContent = text;
    result.className = isError ? "error" : "";
  }
  if (!token) {
    form.hidden = true;
    show("This link has no invitation token. Open the link from the invitation e-mail again.", true);
    return;
  }
  // Keep the single-use secret out of the history and out of anything shared from this tab.
  history.replaceState(null, "", location.pathname);
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var body = { token: token, password: form.password.value };
    if (form.name.value.trim()) body.name = form.name.value.trim();
    show("Joining…", false);
    fetch("/api/auth/accept-invite", { method: "POST", headers: { "content-type": "application/json" }, credentials: "same-origin", body: JSON.stringify(body) })
      .then(function (res) { return res.json().then(function (data) { return { ok: res.ok, data: data }; }); })
      .then(function (r) {
        if (!r.ok) { show(r.data.message || "The invitation could not be accepted.", true); return; }
        form.hidden = true;
        show("Welcome, " + r.data.user.name + ": you joined " + r.data.organization.name + " as " + r.data.role + ". You are signed in; the API is described at /api/docs.", false);
      })
      .catch(function () { show("The service could not be reached. Try again.", true); });
  });
})();
`;

function secure(res: Response): Response {
  return res
    .set("Cache-Control", "no-store")
    .set("Referrer-Policy", "no-referrer")
    .set("X-Content-Type-Options", "nosniff")
    .set("X-Frame-Options", "DENY")
    .set(
      "Content-Security-Policy",
      "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
    );
}

export function mountAcceptInvitePage(app: Express): void {
  app.get("/accept-invite", (_req, res) => void secure(res).type("html").send(PAGE));
  app.get("/accept-invite.js", (_req, res) => void secure(res).type("application/javascript").send(SCRIPT));
}
