// Translations over REST: the language pages, upsert status rules, status workflow, history and
// revert, overwrite by key name, a key's translations, placeholder warnings, roles, and 50
// concurrent writes to one translation.

import { createSession } from "@locale/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../../helpers/test-server";

let server: TestServer;
let owner: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpUser(server, "Translation Owner");
});
afterAll(async () => {
  await server.close();
});

const FORBIDDEN = { statusCode: 403, message: "Forbidden resource", error: "Forbidden" };
const LANGUAGE_NOT_FOUND = { statusCode: 404, message: "Language not found", error: "Not Found" };

async function newProject(targetLanguages = ["de", "fr"]): Promise<string> {
  const res = await server.request("POST", "/api/projects", {
    apiKey: owner.apiKey,
    body: { name: "T", sourceLanguage: "en", targetLanguages },
  });
  expect(res.status).toBe(201);
  return res.body._id;
}

async function newKey(projectId: string, key: string, namespace?: string): Promise<string> {
  const res = await server.request("POST", `/api/projects/${projectId}/keys`, { apiKey: owner.apiKey, body: { key, namespace } });
  expect(res.status).toBe(201);
  return res.body._id;
}

const path = (projectId: string, keyId: string, lang: string) => `/api/projects/${projectId}/keys/${keyId}/translations/${lang}`;
const put = (
  projectId: string,
  keyId: string,
  lang: string,
  body: Record<string, unknown>,
  auth: { apiKey?: string; cookie?: string } = { apiKey: owner.apiKey },
) => server.request("PUT", path(projectId, keyId, lang), { ...auth, body });
const setStatus = (
  projectId: string,
  keyId: string,
  lang: string,
  status: string,
  auth: { apiKey?: string; cookie?: string } = { apiKey: owner.apiKey },
) => server.request("PATCH", `${path(projectId, keyId, lang)}/status`, { ...auth, body: { status } });
const history = async (projectId: string, keyId: string, lang: string) => {
  const res = await server.request("GET", `${path(projectId, keyId, lang)}/history`, { apiKey: owner.apiKey });
  expect(res.status).toBe(200);
  return res.body as {
    _id: string;
    previousValue: string | null;
    newValue: string;
    previousStatus: string;
    newStatus: string;
    source: string;
  }[];
};

async function memberWithRole(role: "developer" | "translator" | "reviewer"): Promise<{ cookie: string }> {
  const user = await signUpUser(server, `A ${role}`);
  await server.db.prisma.membership.create({ data: { organizationId: owner.orgId, userId: user.userId, role } });
  const { secret } = await createSession(server.db, user.userId, owner.orgId);
  return { cookie: `sid=${secret}` };
}

describe("PUT upsert", () => {
  it("creates a translation as translated and returns the documented fields", async () => {
    const projectId = await newProject();
    const keyId = await newKey(projectId, "greeting");
    const res = await put(projectId, keyId, "de", { value: "Hallo" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      keyId,
      key: "greeting",
      namespace: "",
      value: "Hallo",
      status: "translated",
      language: "de",
      source: "human",
      aiConfidence: null,
      updatedAt: expect.any(String),
      warnings: [],
      qaIssues: [],
    });
    const h = await history(projectId, keyId, "de");
    expect(h).toEqual([
      {
        _id: expect.any(String),
        previousValue: null,
        newValue: "Hallo",
        previousStatus: "untranslated",
        newStatus: "translated",
        changedBy: expect.any(String),
        changedByName: "Translation Owner",
        source: "human",
        created: expect.any(String),
      },
    ]);
    const activity = await server.db.prisma.activity.findFirst({ where: { projectId, action: "translation.created" } });
    expect(activity?.metadata).toMatchObject({ keyId, key: "greeting", language: "de" });
  });

  it("is idempotent: the same value again changes nothing and records no history", async () => {
    const projectId = await newProject();
    const keyId = await newKey(projectId, "k");
    const first = await put(projectId, keyId, "de", { value: "Eins" });
    const again = await put(projectId, keyId, "de", { value: "Eins" });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await history(projectId, keyId, "de")).toHaveLength(1);
    const empty = await put(projectId, await newKey(projectId, "never"), "de", { value: "" });
    expect(empty.body).toMatchObject({ value: "", status: "untranslated", source: null, updatedAt: null });
  });

  it("sends a changed reviewed or approved value back to translated, and an empty value to untranslated", async () => {
    const projectId = await newProject();
    const keyId = await newKey(projectId, "k");
    await put(projectId, keyId, "de", { value: "A" });
    expect((await setStatus(projectId, keyId, "de", "approved")).body.status).toBe("approved");
    const changed = await put(projectId, keyId, "de", { value: "B" });
    expect(changed.body.status).toBe("translated");
    await setStatus(projectId, keyId, "de", "reviewed");
    expect((await put(projectId, keyId, "de", { value: "B" })).body.status).toBe("reviewed");
    const cleared = await put(projectId, keyId, "de", { value: "" });
    expect(cleared.body).toMatchObject({ value: "", status: "untranslated" });
    const h = await history(projectId, keyId, "de");
    expect(h.map((e) => [e.previousValue, e.newValue, e.previousStatus, e.newStatus])).toEqual([
      ["B", "", "reviewed", "untranslated"],
      ["B", "B", "translated", "reviewed"],
      ["A", "B", "approved", "translated"],
      ["A", "A", "translated", "approved"],
      [null, "A", "untranslated", "translated"],
    ]);
    const actions = (
      await server.db.prisma.activity.findMany({ where: { projectId, targetType: "translation" }, orderBy: { createdAt: "asc" } })
    ).map((a) => a.action);
    expect(actions).toEqual([
      "translation.created",
      "translation.approved",
      "translation.updated",
      "translation.reviewed",
      "translation.updated",
    ]);
  });

  it("records AI values with their confidence and a translation.ai_generated entry", async () => {
    const projectId = await newProject();
    const keyId = await newKey(projectId, "k");
    const res = await put(projectId, keyId, "fr", { value: "Bonjour", source: "ai", aiConfidence: 87 });
    expect(res.body).toMatchObject({ value: "Bonjour", source: "ai", aiConfidence: 87, status: "translated" });
    expect((await history(projectId, keyId, "fr"))[0]).toMatchObject({ source: "ai", changedByName: "Translation Owner" });
    const entry = await server.db.prisma.activity.findFirst({ where: { projectId, action: "translation.ai_generated" } });
    expect(entry?.metadata).toMatchObject({ keyId, language: "fr", aiConfidence: 87 });
    const human = await put(projectId, keyId, "fr", { value: "Salut" });
    expect(human.body).toMatchObject({ source: "human", aiConfidence: null });
  });

  it("validates the body: value required, source human|ai, aiConfidence 0-100 and only with ai", async () => {
    const projectId = await newProject();
    const keyId = await newKey(projectId, "k");
    const cases: [Record<string, unknown>, string][] = [
      [{}, "value"],
      [{ value: 5 }, "value"],
      [{ value: "x", source: "tm" }, "source"],
      [{ value: "x", source: "ai", aiConfidence: 101 }, "aiConfidence"],
      [{ value: "x", source: "ai", aiConfidence: -1 }, "aiConfidence"],
      [{ value: "x", aiConfidence: 50 }, "aiConfidence"],
    ];
    for (const [body, field] of cases) {
      const res = await put(projectId, keyId, "de", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: "Bad Request", issues: [{ path: field }] });
      expect(res.body.message).toContain(field);
    }
    const malformed = await server.request("PUT", path(projectId, keyId, "de"), { apiKey: owner.apiKey, rawBody: '{"value": ' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ statusCode: 400, message: "Malformed JSON in request body", error: "Bad Request" });
  });

  it("answers 404 for an unknown key, a language outside the project and a removed language; 400 for a bad code", async () => {
    const projectId = await newProject();
    const keyId = await newKey(projectId, "k");
    const unknownKey = await put(projectId, "no-such-key", "de", { value: "x" });
    expect(unknownKey.body).toEqual({ statusCode: 404, message: "Key not found", error: "Not Found" });
    const foreign = await put(projectId, keyId, "ja", { value: "x" });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(LANGUAGE_NOT_FOUND);
    await put(projectId, keyId, "fr", { value: "Oui" });
    await server.request("DELETE", `/api/projects/${projectId}/languages/fr`, { apiKey: owner.apiKey });
    expect((await put(projectId, keyId, "fr", { value: "Non" })).body).toEqual(LANGUAGE_NOT_FOUND);
    expect((await server.request("GET", `/api/projects/${projectId}/translations/fr`, { apiKey: owner.apiKey })).body).toEqual(
      LANGUAGE_NOT_FOUND,
    );
    expect((await server.request("GET", `${path(projectId, keyId, "fr")}/history`, { apiKey: owner.apiKey })).body).toEqual(
      LANGUAGE_NOT_FOUND,
    );
    const bad = await put(projectId, keyId, "not a code", { value: "x" });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ statusCode: 400, error: "Bad Request", issues: [{ path: "language" }] });
  });

  it("accepts language codes in any case and answers with the canonical code", async () => {
    const projectId = await newProject(["pt-BR"]);
    const keyId = await newKey(projectId, "k");
    const res = await put(projectId, keyId, "pt-br", { value: "Olá" });
    expect(res.status).toBe(200);
    expect(res.body.language).toBe("pt-BR");
  });

  it("refuses writes to an archived project with 409", async () => {
    const projectId = await newProject();
    const keyId = await newKey(projectId, "k");
    await put(projectId, keyId, "de", { value: "A" });
    await server.request("DELETE", `/api/projects/${projectId}`, { apiKey: owner.apiKey });
    const ARCHIVED = { statusCode: 409, message: "Project is archived", error: "Conflict" };
    expect((await put(projectId, keyId, "de", { value: "B" })).body).toEqual(ARCHIVED);
    expect((await setStatus(projectId, keyId, "de", "reviewed")).body).toEqual(ARCHIVED);
    expect((await server.request("POST", `${path(projectId, keyId, "de")}/revert`, { apiKey: owner.apiKey })).body).toEqual(ARCHIVED);
    const overwrite = await server.request("POST", `/api/projects/${projectId}/translations/overwrite`, {
      apiKey: owner.apiKey,
      body: { translations: [] },
    });
    expect(overwrite.body).toEqual(ARCHIVED);
    expect((await server.request("GET", `/api/projects/${projectId}/translations/de`, { apiKey: owner.apiKey })).status).toBe(200);
  });
});

describe("PUT with a status", () => {
  const actionsOf = async (projectId: string) =>
    (await server.db.prisma.activity.findMany({ where: { projectId, targetType: "translation" } })).map((a) => a.action).sort();

  it("stores the value with the status, once: history, the value's and the approval's activity, the TM entry", async () => {
    const projectId = await newProject();
    const keyId = await newKey(projectId, "save");
    await put(projectId, keyId, "en", { value: "Save" });
    const approved = await put(projectId, keyId, "de", { value: "Speichern", status: "approved" });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ value: "Speichern", status: "approved", source: "human" });
    expect((await history(projectId, keyId, "de")).map((e) => [e.previousValue, e.newValue, e.previousStatus, e.newStatus])).toEqual([
      [null, "Speichern", "untranslated", "approved"],
    ]);
    expect(await actionsOf(projectId)).toEqual(["translation.approved", "translation.created", "translation.created"]);
    const approval = await server.db.prisma.activity.findFirst({ where: { projectId, action: "translation.approved" } });
    expect(approval?.metadata).toMatchObject({ keyId, key: "save", language: "de", previousStatus: "untranslated", newStatus: "approved" });
    const tm = await server.db.prisma.tmEntry.findMany({
      where: { organizationId: owner.orgId, sourceText: "Save", targetLanguage: "de" },
    });
    expect(tm.map((e) => [e.targetText, e.usageCount])).toEqual([["Speichern", 1]]);

    // The same value and status again: nothing changes, nothing is recorded.
    expect((await put(projectId, keyId, "de", { value: "Speichern", status: "approved" })).body).toEqual(approved.body);
    expect(await history(projectId, keyId, "de")).toHaveLength(1);
    expect(await actionsOf(projectId)).toHaveLength(3);

    // The same value with another status records the status change as the status endpoint does.
    const reviewed = await put(projectId, keyId, "de", { value: "Speichern", status: "reviewed" });
    expect(reviewed.body).toMatchObject({ value: "Speichern", status: "reviewed" });
    expect(await actionsOf(projectId)).toEqual([
      "translation.approved",
      "translation.created",
      "translation.created",
      "translation.reviewed",
    ]);
    const back = await put(projectId, keyId, "de", { value: "Speichern", status: "translated" });
    expect(back.body.status).toBe("translated");
    expect((await actionsOf(projectId)).filter((a) => a === "translation.updated")).toHaveLength(1);

    // A new value approved at once: its value entry and its approval.
    await put(projectId, keyId, "de", { value: "Sichern", status: "approved" });
    expect((await history(projectId, keyId, "de"))[0]).toMatchObject({
      previousValue: "Speichern",
      newValue: "Sichern",
      previousStatus: "translated",
      newStatus: "approved",
    });
    expect((await actionsOf(projectId)).filter((a) => a === "translation.updated" || a === "translation.approved")).toEqual([
      "translation.approved",
      "translation.approved",
      "translation.updated",
      "translation.updated",
    ]);
    // Without a status a changed value still leaves the review behind.
    expect((await put(projectId, keyId, "de", { value: "Ablegen" })).body.status).toBe("translated");
  });

  it("refuses reviewed and approved to whoever may not approve, writing nothing; translators set the other two", async () => {
    const projectId = await newProject();
    const keyId = await newKey(projectId, "k");
    const translator = await memberWithRole("translator");
    const reviewer = await memberWithRole("reviewer");
    await put(projectId, keyId, "de", { value: "Erst" }, translator);
    for (const status of ["reviewed", "approved"]) {
      const refused = await put(projectId, keyId, "de", { value: "Zweit", status }, translator);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual(FORBIDDEN);
      // Reviewers approve through the status endpoint; they write no values.
      expect((await put(projectId, keyId, "de", { value: "Zweit", status }, reviewer)).body).toEqual(FORBIDDEN);
    }
    const untranslated = await put(projectId, keyId, "de", { value: "Zweit", status: "untranslated" }, translator);
    expect(untranslated.body).toMatchObject({ value: "Zweit", status: "untranslated" });
    expect((await history(projectId, keyId, "de")).map((e) => [e.newValue, e.newStatus])).toEqual([
      ["Zweit", "untranslated"],
      ["Erst", "translated"],
    ]);

    // A token without translations:review is refused the same way.
    const token = await server.request("POST", `/api/organizations/${owner.orgId}/tokens`, {
      apiKey: owner.apiKey,
      body: { name: "writes only", scopes: ["translations:write"] },
    });
    expect(token.status).toBe(201);
    const scoped = await put(projectId, keyId, "de", { value: "Dritt", status: "approved" }, { apiKey: token.body.token });
    expect(scoped.body).toEqual(FORBIDDEN);
    expect((await put(projectId, keyId, "de", { value: "Dritt", status: "translated" }, { apiKey: token.body.token })).status).toBe(200);
  });

  it("refuses an unknown status, a status without a value and any field the PUT does not know with 400", async () => {
    const projectId = await newProject();
    const keyId = await newKey(projectId, "k");
    const cases: [Record<string, unknown>, string][] = [
      [{ value: "x", status: "done" }, "status"],
      [{ value: "", status: "translated" }, "status"],
      [{ value: "x", reviewed: true }, "reviewed"],
      [{ value: "x", is_reviewed: true }, "is_reviewed"],
    ];
    for (const [body, field] of cases) {
      const res = await put(projectId, keyId, "de", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: "Bad Request", issues: [expect.any(Object)] });
      expect(res.body.message).toContain(field);
    }
    expect(await history(projectId, keyId, "de")).toEqual([]);
  });
});

describe("placeholder warnings", () => {
  it("warns when a translation's placeholders differ from the source value's, and saves anyway", async () => {
    const projectId = await newProject();
    const keyId = await newKey(projectId, "k");
    await put(projectId, keyId, "en", { value: "Hello {name}, you have %d new {{kind}}" });
    const res = await put(projectId, keyId, "de", { value: "Hallo {nome}, du hast %d neue" });
    expect(res.status).toBe(200);
    expect(res.body.value).toBe("Hallo {nome}, du hast %d neue");
    expect(res.body.warnings).toEqual([{ type: "placeholder_mismatch", missing: ["{name}", "{{kind}}"], extra: ["{nome}"] }]);
    const ok = await put(projectId, keyId, "fr", { value: "Bonjour {name}, %d nouveaux {{kind}}" });
    expect(ok.body.warnings).toEqual([]);
    const page = await server.request("GET", `/api/projects/${projectId}/translations/de`, { apiKey: owner.apiKey });
    expect(page.body.data[0].warnings).toHaveLength(1);
    const all = await server.request("GET", `/api/projects/${projectId}/keys/${keyId}/translations`, { apiKey: owner.apiKey });
    expect(all.body.map((t: { language: string; warnings: unknown[] }) => [t.language, t.warnings.length])).toEqual([
      ["en", 0],
      ["de", 1],
      ["fr", 0],
    ]);
  });
});

describe("status workflow", () => {
  it("allows any jump, records history, and refuses a non-untranslated status without a value", async () => {
    const projectId = await newProject();
    const keyId = await newKey(projectId, "k");
    const empty = await setStatus(projectId, keyId, "de", "translated");
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ statusCode: 400, error: "Bad Request", issues: [{ path: "status" }] });
    expect(empty.body.message).toContain("status");
    await put(projectId, keyId, "de", { value: "Wert" });
    for (const status of ["approved", "untranslated", "reviewed", "translated"]) {
      const res = await setStatus(projectId, keyId, "de", status);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ value: "Wert", status });
    }
    expect((await setStatus(projectId, keyId, "de", "translated")).status).toBe(200);
    const h = await history(projectId, keyId, "de");
    expect(h.map((e) => e.newStatus)).toEqual(["translated", "reviewed", "untranslated", "approved", "translated"]);
    expect(h.slice(0, 4).every((e) => e.previousValue === "Wert" && e.newValue === "Wert")).toBe(true);
    const bad = await setStatus(projectId, keyId, "de", "done");
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0].path).toBe("status");
  });

  it("lets reviewers review and approve but not write values; translators write values but not review", async () => {
    const projectId = await newProject();
    const keyId = await newKey(projectId, "k");
    const reviewer = await memberWithRole("reviewer");
    const translator = await memberWithRole("translator");
    const refused = await put(projectId, keyId, "de", { value: "R" }, reviewer);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(FORBIDDEN);
    expect((await put(projectId, keyId, "de", { value: "T" }, translator)).status).toBe(200);
    const review = await setStatus(projectId, keyId, "de", "approved", translator);
    expect(review.status).toBe(403);
    expect(review.body).toEqual(FORBIDDEN);
    expect((await setStatus(projectId, keyId, "de", "reviewed", reviewer)).body.status).toBe("reviewed");
    expect((await setStatus(projectId, keyId, "de", "approved", reviewer)).body.status).toBe("approved");
    expect((await setStatus(projectId, keyId, "de", "translated", translator)).body.status).toBe("translated");
    const overwrite = await server.request("POST", `/api/projects/${projectId}/translations/overwrite`, {
      ...reviewer,
      body: { translations: [{ key: "k", language: "de", value: "x" }] },
    });
    expect(overwrite.status).toBe(403);
    const revert = await server.request("POST", `${path(projectId, keyId, "de")}/revert`, reviewer);
    expect(revert.status).toBe(403);
    expect((await server.request("GET", `${path(projectId, keyId, "de")}/history`, reviewer)).status).toBe(200);
    const actions = (
      await server.db.prisma.activity.findMany({ where: { projectId, targetType: "translation" }, orderBy: { createdAt: "asc" } })
    ).map((a) => a.action);
    expect(actions).toEqual(["translation.created", "translation.reviewed", "translation.approved", "translation.updated"]);
  });
});

describe("history and revert", () => {
  it("lists history newest first and reverts the latest change, recording it", async () => {
    const projectId = await newProject();
    const keyId = await newKey(projectId, "k");
    await put(projectId, keyId, "de", { value: "v1" });
    await setStatus(projectId, keyId, "de", "approved");
    await put(projectId, keyId, "de", { value: "v2" });
    const reverted = await server.request("POST", `${path(projectId, keyId, "de")}/revert`, { apiKey: owner.apiKey });
    expect(reverted.status).toBe(200);
    expect(reverted.body).toMatchObject({ value: "v1", status: "approved" });
    const h = await history(projectId, keyId, "de");
    expect(h.map((e) => e.newValue)).toEqual(["v1", "v2", "v1", "v1"]);
    expect(h[0]).toMatchObject({ previousValue: "v2", previousStatus: "translated", newStatus: "approved" });
    const entry = await server.db.prisma.activity.findFirst({ where: { projectId, action: "translation.reverted" } });
    expect(entry?.metadata).toMatchObject({ keyId, language: "de", historyId: h[1]!._id });
  });

  it("reverts to a given history entry's value and status", async () => {
    const projectId = await newProject();
    const keyId = await newKey(projectId, "k");
    await put(projectId, keyId, "de", { value: "first" });
    await put(projectId, keyId, "de", { value: "second" });
    await put(projectId, keyId, "de", { value: "third" });
    const h = await history(projectId, keyId, "de");
    const firstEntry = h[2]!;
    const res = await server.request("POST", `${path(projectId, keyId, "de")}/revert/${firstEntry._id}`, { apiKey: owner.apiKey });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ value: "first", status: "translated" });
    expect((await history(projectId, keyId, "de"))[0]).toMatchObject({ previousValue: "third", newValue: "first" });
    const unknown = await server.request("POST", `${path(projectId, keyId, "de")}/revert/not-an-entry`, { apiKey: owner.apiKey });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ statusCode: 404, message: "History entry not found", error: "Not Found" });
    const otherKey = await newKey(projectId, "other");
    await put(projectId, otherKey, "de", { value: "o" });
    const crossed = await server.request("POST", `${path(projectId, otherKey, "de")}/revert/${firstEntry._id}`, { apiKey: owner.apiKey });
    expect(crossed.status).toBe(404);
  });

  it("answers 400 when there is nothing to revert", async () => {
    const projectId = await newProject();
    const keyId = await newKey(projectId, "k");
    const res = await server.request("POST", `${path(projectId, keyId, "de")}/revert`, { apiKey: owner.apiKey });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      message: "Nothing to revert: the translation has no history",
      error: "Bad Request",
      issues: [{ path: "", message: "the translation has no history" }],
    });
    expect(await history(projectId, keyId, "de")).toEqual([]);
  });

  it("does not let a translator confer an approval by reverting", async () => {
    const projectId = await newProject();
    const keyId = await newKey(projectId, "k");
    await put(projectId, keyId, "de", { value: "good" });
    await setStatus(projectId, keyId, "de", "approved");
    await put(projectId, keyId, "de", { value: "worse" });
    const translator = await memberWithRole("translator");
    const res = await server.request("POST", `${path(projectId, keyId, "de")}/revert`, translator);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ value: "good", status: "translated" });
  });
});

describe("overwrite by key name", () => {
  it("writes values with source api and status translated, reporting unknown keys and languages", async () => {
    const projectId = await newProject();
    const a = await newKey(projectId, "a");
    const b = await newKey(projectId, "b", "ns");
    await put(projectId, a, "de", { value: "alt" });
    await setStatus(projectId, a, "de", "approved");
    const res = await server.request("POST", `/api/projects/${projectId}/translations/overwrite`, {
      apiKey: owner.apiKey,
      body: {
        translations: [
          { key: "a", language: "de", value: "neu" },
          { key: "b", namespace: "ns", language: "fr", value: "nouveau" },
          { key: "b", language: "fr", value: "wrong namespace" },
          { key: "zzz", language: "de", value: "x" },
          { key: "a", language: "ja", value: "x" },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      overwritten: 2,
      notFound: [
        { key: "b", namespace: "", language: "fr" },
        { key: "zzz", namespace: "", language: "de" },
        { key: "a", namespace: "", language: "ja" },
      ],
    });
    const all = await server.request("GET", `/api/projects/${projectId}/keys/${a}/translations`, { apiKey: owner.apiKey });
    expect(all.body.find((t: { language: string }) => t.language === "de")).toMatchObject({
      value: "neu",
      status: "translated",
      source: "api",
    });
    const fr = await server.request("GET", `/api/projects/${projectId}/keys/${b}/translations`, { apiKey: owner.apiKey });
    expect(fr.body.find((t: { language: string }) => t.language === "fr")).toMatchObject({
      value: "nouveau",
      status: "translated",
      source: "api",
    });
    expect((await history(projectId, a, "de"))[0]).toMatchObject({
      previousValue: "alt",
      newValue: "neu",
      previousStatus: "approved",
      source: "api",
    });
    const again = await server.request("POST", `/api/projects/${projectId}/translations/overwrite`, {
      apiKey: owner.apiKey,
      body: { translations: [{ key: "a", language: "de", value: "neu" }] },
    });
    expect(again.body).toEqual({ overwritten: 1, notFound: [] });
    expect(await history(projectId, a, "de")).toHaveLength(3);
  });

  it("writes 1000 values in one request, each with its history entry", async () => {
    const projectId = await newProject();
    await server.request("POST", `/api/projects/${projectId}/keys/bulk`, {
      apiKey: owner.apiKey,
      body: { keys: Array.from({ length: 500 }, (_, i) => ({ key: `k${i}` })) },
    });
    const items = Array.from({ length: 1000 }, (_, i) => ({ key: `k${i % 500}`, language: i < 500 ? "de" : "fr", value: `v${i}` }));
    const first = await server.request("POST", `/api/projects/${projectId}/translations/overwrite`, {
      apiKey: owner.apiKey,
      body: { translations: items },
    });
    expect(first.body).toEqual({ overwritten: 1000, notFound: [] });
    const changed = items.map((item) => ({ ...item, value: `${item.value}!` }));
    expect(
      (
        await server.request("POST", `/api/projects/${projectId}/translations/overwrite`, {
          apiKey: owner.apiKey,
          body: { translations: changed },
        })
      ).body.overwritten,
    ).toBe(1000);
    const page = await server.request("GET", `/api/projects/${projectId}/translations/fr?limit=200`, { apiKey: owner.apiKey });
    expect(
      page.body.data.every(
        (t: { value: string; source: string; status: string }) => t.value.endsWith("!") && t.source === "api" && t.status === "translated",
      ),
    ).toBe(true);
    expect(await server.db.prisma.translationHistory.count({ where: { projectId } })).toBe(2000);
  });

  it("refuses more than 1000 items and a bad language code with 400", async () => {
    const projectId = await newProject();
    const many = Array.from({ length: 1001 }, (_, i) => ({ key: `k${i}`, language: "de", value: "v" }));
    const res = await server.request("POST", `/api/projects/${projectId}/translations/overwrite`, {
      apiKey: owner.apiKey,
      body: { translations: many },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: "Bad Request", issues: [{ path: "translations" }] });
    const bad = await server.request("POST", `/api/projects/${projectId}/translations/overwrite`, {
      apiKey: owner.apiKey,
      body: { translations: [{ key: "k", language: "??", value: "v" }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0].path).toBe("translations.0.language");
  });
});

describe("reads", () => {
  it("pages a language over every key, synthesising untranslated entries, ordered by namespace then key", async () => {
    const projectId = await newProject();
    const ids: Record<string, string> = {};
    for (const [key, ns] of [
      ["b", ""],
      ["a", ""],
      ["c", "zz"],
      ["d", ""],
    ] as const)
      ids[`${ns}/${key}`] = await newKey(projectId, key, ns);
    await put(projectId, ids["/b"]!, "de", { value: "B" });
    const res = await server.request("GET", `/api/projects/${projectId}/translations/de?limit=3`, { apiKey: owner.apiKey });
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ page: 1, limit: 3, total: 4, totalPages: 2 });
    expect(res.body.data.map((t: { key: string; value: string; status: string }) => [t.key, t.value, t.status])).toEqual([
      ["a", "", "untranslated"],
      ["b", "B", "translated"],
      ["d", "", "untranslated"],
    ]);
    expect(res.body.data[0]).toEqual({
      keyId: ids["/a"],
      key: "a",
      namespace: "",
      value: "",
      status: "untranslated",
      language: "de",
      source: null,
      aiConfidence: null,
      updatedAt: null,
      warnings: [],
      qaIssues: [],
    });
    const page2 = await server.request("GET", `/api/projects/${projectId}/translations/de?limit=3&page=2`, { apiKey: owner.apiKey });
    expect(page2.body.data.map((t: { key: string; namespace: string }) => `${t.namespace}/${t.key}`)).toEqual(["zz/c"]);
    const source = await server.request("GET", `/api/projects/${projectId}/translations/en`, { apiKey: owner.apiKey });
    expect(source.body.meta.total).toBe(4);
  });

  it("applies the pagination rules and 404s a language outside the project", async () => {
    const projectId = await newProject();
    await newKey(projectId, "k");
    const base = `/api/projects/${projectId}/translations/de`;
    expect((await server.request("GET", `${base}?page=0`, { apiKey: owner.apiKey })).body.meta.page).toBe(1);
    expect((await server.request("GET", `${base}?limit=500`, { apiKey: owner.apiKey })).body.meta.limit).toBe(200);
    for (const q of ["limit=0", "limit=abc", "page=1.5"]) {
      const res = await server.request("GET", `${base}?${q}`, { apiKey: owner.apiKey });
      expect(res.status, q).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: "Bad Request" });
    }
    expect((await server.request("GET", `/api/projects/${projectId}/translations/ja`, { apiKey: owner.apiKey })).body).toEqual(
      LANGUAGE_NOT_FOUND,
    );
  });

  it("lists a key's translations in every project language, source first; removed languages disappear", async () => {
    const projectId = await newProject(["fr", "de"]);
    const keyId = await newKey(projectId, "k");
    await put(projectId, keyId, "de", { value: "D" });
    await put(projectId, keyId, "en", { value: "E" });
    const res = await server.request("GET", `/api/projects/${projectId}/keys/${keyId}/translations`, { apiKey: owner.apiKey });
    expect(res.status).toBe(200);
    expect(res.body.map((t: { language: string; value: string; status: string }) => [t.language, t.value, t.status])).toEqual([
      ["en", "E", "translated"],
      ["fr", "", "untranslated"],
      ["de", "D", "translated"],
    ]);
    await server.request("DELETE", `/api/projects/${projectId}/languages/de`, { apiKey: owner.apiKey });
    const after = await server.request("GET", `/api/projects/${projectId}/keys/${keyId}/translations`, { apiKey: owner.apiKey });
    expect(after.body.map((t: { language: string }) => t.language)).toEqual(["en", "fr"]);
    await server.request("POST", `/api/projects/${projectId}/languages`, { apiKey: owner.apiKey, body: { language: "de" } });
    const back = await server.request("GET", `/api/projects/${projectId}/keys/${keyId}/translations`, { apiKey: owner.apiKey });
    expect(back.body[2]).toMatchObject({ language: "de", value: "D" });
  });

  it("answers the same under /api/v1", async () => {
    const projectId = await newProject();
    const keyId = await newKey(projectId, "k");
    const res = await server.request("PUT", `/api/v1/projects/${projectId}/keys/${keyId}/translations/de`, {
      apiKey: owner.apiKey,
      body: { value: "v1" },
    });
    expect(res.status).toBe(200);
    const page = await server.request("GET", `/api/v1/projects/${projectId}/translations/de`, { apiKey: owner.apiKey });
    expect(page.body.data[0].value).toBe("v1");
  });
});

describe("large projects (cached key order)", () => {
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  /**
   * Every page of the language (as `keyId:value`) and of the key list, checked against the order
   * the database itself gives.
   */
  async function assertPagesMatchKeyList(projectId: string, expectedTotal: number): Promise<string[]> {
    const ordered = await server.db.prisma.key.findMany({
      where: { projectId },
      orderBy: [{ namespace: "asc" }, { key: "asc" }],
      select: { id: true, key: true, namespace: true },
    });
    const oracle = ordered.map((k) => k.id);
    const names = ordered.map((k) => `${k.namespace}/${k.key}`);
    expect(oracle).toHaveLength(expectedTotal);
    const seen: string[] = [];
    const totalPages = Math.ceil(expectedTotal / 200);
    for (let page = 1; page <= totalPages; page++) {
      const [translations, keys] = await Promise.all([
        server.request("GET", `/api/projects/${projectId}/translations/de?limit=200&page=${page}`, { apiKey: owner.apiKey }),
        server.request("GET", `/api/projects/${projectId}/keys?limit=200&page=${page}`, { apiKey: owner.apiKey }),
      ]);
      const expected = oracle.slice((page - 1) * 200, page * 200);
      expect(translations.body.meta).toEqual({ page, limit: 200, total: expectedTotal, totalPages });
      expect(keys.body.meta).toEqual({ page, limit: 200, total: expectedTotal, totalPages });
      expect(translations.body.data.map((t: { keyId: string }) => t.keyId)).toEqual(expected);
      expect(translations.body.data.map((t: { key: string; namespace: string }) => `${t.namespace}/${t.key}`)).toEqual(
        names.slice((page - 1) * 200, page * 200),
      );
      expect(keys.body.data.map((k: { _id: string }) => k._id)).toEqual(expected);
      seen.push(...translations.body.data.map((t: { keyId: string; value: string }) => `${t.keyId}:${t.value}`));
    }
    return seen;
  }

  it("pages stay exact across creates, renames, deletes and value changes, whichever read path answers", async () => {
    const projectId = await newProject();
    const first = await server.request("POST", `/api/projects/${projectId}/keys/bulk`, {
      apiKey: owner.apiKey,
      body: { keys: Array.from({ length: 1000 }, (_, i) => ({ key: `item.${String(i).padStart(4, "0")}` })) },
    });
    expect(first.body.created).toBe(1000);
    await server.request("POST", `/api/projects/${projectId}/keys/bulk`, {
      apiKey: owner.apiKey,
      body: { keys: Array.from({ length: 150 }, (_, i) => ({ key: `extra.${i}` })) },
    });
    const ids = first.body.keys.map((k: { _id: string }) => k._id) as string[];
    await put(projectId, ids[0]!, "de", { value: "Erster" });
    await assertPagesMatchKeyList(projectId, 1150);
    await sleep(300); // the background rebuild of the order has finished: the next reads use it
    const cached = await assertPagesMatchKeyList(projectId, 1150);
    expect(cached).toContain(`${ids[0]}:Erster`);

    await put(projectId, ids[1]!, "de", { value: "Zweiter" });
    expect(await assertPagesMatchKeyList(projectId, 1150)).toContain(`${ids[1]}:Zweiter`);

    await server.request("PATCH", `/api/projects/${projectId}/keys/${ids[2]}`, { apiKey: owner.apiKey, body: { key: "aaa.first" } });
    await server.request("DELETE", `/api/projects/${projectId}/keys/${ids[3]}`, { apiKey: owner.apiKey });
    await server.request("DELETE", `/api/projects/${projectId}/keys/bulk`, { apiKey: owner.apiKey, body: { keyIds: ids.slice(10, 20) } });
    await server.request("POST", `/api/projects/${projectId}/keys`, { apiKey: owner.apiKey, body: { key: "zzz.last", namespace: "z" } });
    const afterChanges = await assertPagesMatchKeyList(projectId, 1140);
    expect(afterChanges[0]).toBe(`${ids[2]}:`);
    await sleep(300);
    expect(await assertPagesMatchKeyList(projectId, 1140)).toEqual(afterChanges);
  });

  it("keeps the total exact through bulk deletes and an archived project's reads", async () => {
    const projectId = await newProject();
    const created = await server.request("POST", `/api/projects/${projectId}/keys/bulk`, {
      apiKey: owner.apiKey,
      body: { keys: Array.from({ length: 1001 - 1 }, (_, i) => ({ key: `k${i}` })) },
    });
    const ids = created.body.keys.map((k: { _id: string }) => k._id) as string[];
    await server.request("DELETE", `/api/projects/${projectId}/keys/bulk`, { apiKey: owner.apiKey, body: { keyIds: ids.slice(0, 500) } });
    const page = await server.request("GET", `/api/projects/${projectId}/translations/en?limit=1`, { apiKey: owner.apiKey });
    expect(page.body.meta.total).toBe(500);
    await server.request("DELETE", `/api/projects/${projectId}`, { apiKey: owner.apiKey });
    expect(
      (await server.request("GET", `/api/projects/${projectId}/translations/en?limit=1`, { apiKey: owner.apiKey })).body.meta.total,
    ).toBe(500);
  });
});

describe("concurrency", () => {
  it("serialises 50 concurrent PUTs of one translation: all succeed, history is one unbroken chain", async () => {
    const projectId = await newProject();
    const keyId = await newKey(projectId, "hot");
    const values = Array.from({ length: 50 }, (_, i) => `value ${i}`);
    const responses = await Promise.all(values.map((value) => put(projectId, keyId, "de", { value })));
    expect(responses.map((r) => r.status)).toEqual(values.map(() => 200));
    const h = (await history(projectId, keyId, "de")).reverse();
    expect(h).toHaveLength(50);
    expect(h[0]!.previousValue).toBeNull();
    for (let i = 1; i < h.length; i++) expect(h[i]!.previousValue).toBe(h[i - 1]!.newValue);
    expect(new Set(h.map((e) => e.newValue))).toEqual(new Set(values));
    const final = await server.request("GET", `/api/projects/${projectId}/keys/${keyId}/translations`, { apiKey: owner.apiKey });
    expect(final.body[1].value).toBe(h[h.length - 1]!.newValue);
    expect(await server.db.prisma.activity.count({ where: { projectId, targetType: "translation" } })).toBe(50);
  });
});
