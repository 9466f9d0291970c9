// What a team does with stored quality-check issues (docs/quality-checks.md), through REST and
// GraphQL: ignore one per translation and check (activity; a new value clears it), filter the
// lists with `?qa=`, count them per language, set a key's length limit, and see the stored issues
// follow a settings change through the background recheck — which resumes where a dead worker
// stopped.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedProject, waitUntil } from "../../helpers/fake-ai-providers";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../../helpers/test-server";

let server: TestServer;
let owner: TestUser;

beforeAll(async () => {
  server = await startTestServer({}, { worker: true });
  owner = await signUpUser(server, "QA Workflow Owner");
});
afterAll(async () => {
  await server.close();
});

const SOURCE = "Hello, {name}! You have 3 items.";
/** Fires `numbers` (4 for 3) and `end_punctuation` (no final full stop), both warnings by default. */
const WARNED = "Hallo, {name}! Du hast 4 Dinge";

const api = (method: string, path: string, body?: unknown) =>
  server.request(method, `/api${path}`, { apiKey: owner.apiKey, ...(body !== undefined ? { body } : {}) });

async function gql(query: string, variables: Record<string, unknown>) {
  const res = await server.request("POST", "/graphql", { apiKey: owner.apiKey, body: { query, variables } });
  expect(res.status).toBe(200);
  return res.body as { data?: any; errors?: any[] };
}

const checksOf = (t: { qaIssues: { check: string; ignored?: boolean }[] }, counted = true) =>
  [...new Set(t.qaIssues.filter((i) => !counted || !i.ignored).map((i) => i.check))].sort();

async function listDe(projectId: string, qa: string) {
  const res = await api("GET", `/projects/${projectId}/translations/de?qa=${qa}`);
  expect(res.status).toBe(200);
  return res.body as { data: { key: string; qaIssues: { check: string; ignored?: boolean }[] }[]; meta: { total: number } };
}

async function progressOf(projectId: string, language: string) {
  const res = await api("GET", `/projects/${projectId}/analytics/progress`);
  expect(res.status).toBe(200);
  return (res.body.languages as { language: string; qaIssues: number; qaErrors: number }[]).find((l) => l.language === language)!;
}

describe("ignoring an issue, the ?qa= filters and the issue counts", () => {
  it("ignore and unignore per translation and check, over REST and GraphQL", async () => {
    const { projectId, keyIds } = await seedProject(server, owner, [
      { key: "greeting", source: SOURCE },
      { key: "clean", source: "Save" },
    ]);
    const keyId = keyIds.greeting!;
    const put = await api("PUT", `/projects/${projectId}/keys/${keyId}/translations/de`, { value: WARNED });
    expect(put.status).toBe(200);
    expect(checksOf(put.body)).toEqual(["end_punctuation", "numbers"]);
    expect((await api("PUT", `/projects/${projectId}/keys/${keyIds.clean!}/translations/de`, { value: "Speichern" })).status).toBe(200);

    // The filters and counts before anything is ignored.
    expect((await listDe(projectId, "any")).data.map((t) => t.key)).toEqual(["greeting"]);
    expect((await listDe(projectId, "numbers")).meta.total).toBe(1);
    expect((await listDe(projectId, "warning")).meta.total).toBe(1);
    expect((await listDe(projectId, "error")).meta.total).toBe(0);
    expect((await listDe(projectId, "urls")).meta.total).toBe(0);
    expect(await progressOf(projectId, "de")).toMatchObject({ qaIssues: 1, qaErrors: 0 });
    expect(await progressOf(projectId, "fr")).toMatchObject({ qaIssues: 0, qaErrors: 0 });
    const bad = await api("GET", `/projects/${projectId}/translations/de?qa=spelling`);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ statusCode: 400, issues: [{ path: "qa", message: "must be any, warning, error or a check id" }] });

    // REST: ignore `numbers`.
    const ignored = await api("PATCH", `/projects/${projectId}/keys/${keyId}/translations/de/qa-issues/numbers`, { ignored: true });
    expect(ignored.status).toBe(200);
    expect(ignored.body.value).toBe(WARNED);
    expect(ignored.body.qaIssues.filter((i: any) => i.check === "numbers").every((i: any) => i.ignored === true)).toBe(true);
    expect(checksOf(ignored.body)).toEqual(["end_punctuation"]);
    expect((await listDe(projectId, "numbers")).meta.total).toBe(0);
    expect((await listDe(projectId, "end_punctuation")).meta.total).toBe(1);
    expect(await progressOf(projectId, "de")).toMatchObject({ qaIssues: 1 });

    // GraphQL: ignore `end_punctuation`; now nothing counts.
    const viaGql = await gql(
      `mutation($p: ID!, $k: ID!) { setQaIssueIgnored(projectId: $p, keyId: $k, language: "de", check: "end_punctuation", ignored: true) { value qaIssues } }`,
      { p: projectId, k: keyId },
    );
    expect(viaGql.errors).toBeUndefined();
    expect(checksOf(viaGql.data.setQaIssueIgnored)).toEqual([]);
    expect((await listDe(projectId, "any")).meta.total).toBe(0);
    expect(await progressOf(projectId, "de")).toMatchObject({ qaIssues: 0 });
    const gqlList = await gql(
      `query($p: ID!) { translations(projectId: $p, language: "de", qa: "any") { nodes { key } meta { total } }
                        progress(projectId: $p) { languages { language qaIssues qaErrors } } }`,
      { p: projectId },
    );
    expect(gqlList.data.translations.meta.total).toBe(0);
    expect(gqlList.data.progress.languages.find((l: any) => l.language === "de")).toEqual({ language: "de", qaIssues: 0, qaErrors: 0 });

    // Unignore `numbers` (REST): it counts again.
    const back = await api("PATCH", `/projects/${projectId}/keys/${keyId}/translations/de/qa-issues/numbers`, { ignored: false });
    expect(back.status).toBe(200);
    expect(checksOf(back.body)).toEqual(["numbers"]);
    expect((await listDe(projectId, "numbers")).data.map((t) => t.key)).toEqual(["greeting"]);

    // Each change is in the activity log under its own action; a repeat changes nothing and logs nothing.
    expect((await api("PATCH", `/projects/${projectId}/keys/${keyId}/translations/de/qa-issues/numbers`, { ignored: false })).status).toBe(
      200,
    );
    const activity = await api("GET", `/projects/${projectId}/activity?limit=100`);
    const qaEntries = (activity.body.data as any[])
      .filter((e) => e.action.startsWith("translation.qa_"))
      .map((e) => [e.action, e.metadata.check, e.metadata.language, e.metadata.key])
      .reverse();
    expect(qaEntries).toEqual([
      ["translation.qa_ignored", "numbers", "de", "greeting"],
      ["translation.qa_ignored", "end_punctuation", "de", "greeting"],
      ["translation.qa_unignored", "numbers", "de", "greeting"],
    ]);

    // A new value is checked afresh: the ignore of end_punctuation does not carry over.
    const renewed = await api("PUT", `/projects/${projectId}/keys/${keyId}/translations/de`, { value: "Hallo, {name}! Du hast 5 Dinge" });
    expect(checksOf(renewed.body)).toEqual(["end_punctuation", "numbers"]);
    expect(renewed.body.qaIssues.some((i: any) => i.ignored)).toBe(false);

    // Refusals: no such issue on this translation, an unknown check, a missing body field.
    const none = await api("PATCH", `/projects/${projectId}/keys/${keyId}/translations/de/qa-issues/urls`, { ignored: true });
    expect(none.status).toBe(404);
    const unknown = await api("PATCH", `/projects/${projectId}/keys/${keyId}/translations/de/qa-issues/nonsense`, { ignored: true });
    expect(unknown.status).toBe(400);
    expect(unknown.body.issues).toEqual([{ path: "check", message: "unknown check" }]);
    expect((await api("PATCH", `/projects/${projectId}/keys/${keyId}/translations/de/qa-issues/numbers`, {})).status).toBe(400);
    const gqlUnknown = await gql(
      `mutation($p: ID!, $k: ID!) { setQaIssueIgnored(projectId: $p, keyId: $k, language: "de", check: "nonsense", ignored: true) { value } }`,
      { p: projectId, k: keyId },
    );
    expect(gqlUnknown.errors![0].extensions).toMatchObject({ statusCode: 400 });
  });

  it("filters the editor rows and the key list by issue, in the shown languages or one named", async () => {
    const { projectId, keyIds } = await seedProject(server, owner, [
      { key: "a", source: SOURCE },
      { key: "b", source: "Open the https://example.org/help page." },
      { key: "c", source: "Save" },
    ]);
    await api("PUT", `/projects/${projectId}/keys/${keyIds.a!}/translations/de`, { value: WARNED });
    await api("PUT", `/projects/${projectId}/keys/${keyIds.b!}/translations/fr`, { value: "Ouvrez la page https://example.fr/aide." });
    await api("PUT", `/projects/${projectId}/keys/${keyIds.c!}/translations/de`, { value: "Speichern" });
    const rows = async (query: string) => {
      const res = await api("GET", `/projects/${projectId}/editor-rows?${query}`);
      expect(res.status).toBe(200);
      return (res.body.data as { key: string }[]).map((r) => r.key);
    };
    expect(await rows("languages=de,fr&qa=any")).toEqual(["a", "b"]);
    expect(await rows("languages=de&qa=any")).toEqual(["a"]);
    expect(await rows("languages=de,fr&qa=urls")).toEqual(["b"]);
    expect(await rows("languages=de,fr&qa=any&qaIn=fr")).toEqual(["b"]);
    expect(await rows("languages=de,fr&qa=numbers&search=a")).toEqual(["a"]);
    expect((await api("GET", `/projects/${projectId}/editor-rows?languages=de&qa=any&qaIn=ja`)).status).toBe(404);
    expect((await api("GET", `/projects/${projectId}/editor-rows?languages=de&qa=wrong`)).status).toBe(400);
    const keys = await api("GET", `/projects/${projectId}/keys?qa=warning`);
    expect(keys.body.data.map((k: any) => k.key)).toEqual(["a", "b"]);
    expect(keys.body.meta.total).toBe(2);
    const viaGql = await gql(`query($p: ID!) { keys(projectId: $p, qa: "urls") { nodes { key } meta { total } } }`, { p: projectId });
    expect(viaGql.errors).toBeUndefined();
    expect(viaGql.data.keys.nodes.map((k: any) => k.key)).toEqual(["b"]);
  });
});

describe("a new source value rechecks the key's other languages", () => {
  const OLD = "You have 3 items.";
  const NEW = "You have 4 items.";
  const CLEAN = { de: "Du hast 3 Dinge.", fr: "Vous avez 3 articles." };

  it("on every write path (REST single and bulk, GraphQL, import, bulk edit), in the write's transaction", async () => {
    const names = ["put", "overwrite", "graphql", "import", "bulk"];
    const { projectId, keyIds } = await seedProject(
      server,
      owner,
      names.map((key) => ({ key, source: OLD, targets: CLEAN })),
    );
    /** Counted checks per key of a language's list, read through the API. */
    const checks = async (language: string) => {
      const res = await api("GET", `/projects/${projectId}/translations/${language}?limit=100`);
      expect(res.status).toBe(200);
      return Object.fromEntries(
        (res.body.data as { key: string; qaIssues: { check: string; ignored?: boolean }[] }[]).map((t) => [t.key, checksOf(t)]),
      );
    };
    const none = Object.fromEntries(names.map((k) => [k, []]));
    expect(await checks("de")).toEqual(none);

    expect((await api("PUT", `/projects/${projectId}/keys/${keyIds.put!}/translations/en`, { value: NEW })).status).toBe(200);
    const overwrite = await api("POST", `/projects/${projectId}/translations/overwrite`, {
      translations: [{ key: "overwrite", language: "en", value: NEW }],
    });
    expect(overwrite.status).toBe(200);
    const viaGql = await gql(
      `mutation($p: ID!, $k: ID!, $v: String!) { upsertTranslation(projectId: $p, keyId: $k, language: "en", value: $v) { value } }`,
      { p: projectId, k: keyIds.graphql!, v: NEW },
    );
    expect(viaGql.errors).toBeUndefined();
    const imported = await api("POST", `/projects/${projectId}/import`, {
      language: "en",
      format: "json-flat",
      overwrite: true,
      content: JSON.stringify({ import: NEW }),
    });
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({ imported: 1 });
    const bulk = await api("POST", `/projects/${projectId}/bulk-edits/apply`, {
      selection: { keyIds: [keyIds.bulk!] },
      operation: { type: "replace", languages: ["en"], find: "3", replace: "4" },
    });
    expect(bulk.status).toBe(200);
    expect(bulk.body.values).toBe(1);

    // Every key's translations now lack the source's 4: `numbers`, in both languages, unchanged values.
    const numbers = Object.fromEntries(names.map((k) => [k, ["numbers"]]));
    expect(await checks("de")).toEqual(numbers);
    expect(await checks("fr")).toEqual(numbers);
    expect((await api("GET", `/projects/${projectId}/translations/de?qa=numbers`)).body.meta.total).toBe(5);
    expect(await progressOf(projectId, "de")).toMatchObject({ qaIssues: 5 });
    const de = await api("GET", `/projects/${projectId}/keys/${keyIds.put!}/translations`);
    expect(de.body.find((t: any) => t.language === "de")).toMatchObject({ value: CLEAN.de, status: "translated" });

    // An ignore of a check that still fires is kept; the old source back clears the issues.
    await api("PATCH", `/projects/${projectId}/keys/${keyIds.put!}/translations/de/qa-issues/numbers`, { ignored: true });
    await api("PUT", `/projects/${projectId}/keys/${keyIds.put!}/translations/en`, { value: "You have 5 items." });
    const kept = (await api("GET", `/projects/${projectId}/translations/de?limit=100`)).body.data.find((t: any) => t.key === "put");
    expect(kept.qaIssues.length).toBeGreaterThan(0);
    expect(kept.qaIssues.every((i: any) => i.check === "numbers" && i.ignored === true)).toBe(true);
    for (const key of names) {
      const res = await api("PUT", `/projects/${projectId}/keys/${keyIds[key]!}/translations/en`, { value: OLD });
      expect(res.status).toBe(200);
    }
    expect(await checks("de")).toEqual(none);
    expect(await checks("fr")).toEqual(none);
  });
});

describe("a key's length limit over the API", () => {
  it("is set on create and update (REST and GraphQL) and enforced by max_length", async () => {
    const { projectId } = await seedProject(server, owner, []);
    const created = await api("POST", `/projects/${projectId}/keys`, { key: "button.save", maxLength: 6 });
    expect(created.status).toBe(201);
    expect(created.body.maxLength).toBe(6);
    const keyId = created.body._id as string;
    await api("PUT", `/projects/${projectId}/keys/${keyId}/translations/en`, { value: "Save" });
    const tooLong = await api("PUT", `/projects/${projectId}/keys/${keyId}/translations/de`, { value: "Speichern" });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.issues).toEqual([{ path: "value", code: "qa.max_length", message: expect.stringContaining("6") }]);
    expect((await api("GET", `/projects/${projectId}/keys/${keyId}`)).body.maxLength).toBe(6);

    // Removing the limit (null) lets the value in.
    const lifted = await api("PATCH", `/projects/${projectId}/keys/${keyId}`, { maxLength: null });
    expect(lifted.status).toBe(200);
    expect(lifted.body.maxLength).toBeNull();
    expect((await api("PUT", `/projects/${projectId}/keys/${keyId}/translations/de`, { value: "Speichern" })).status).toBe(200);

    // GraphQL: create with a limit, update it, 0 removes it.
    const gqlCreated = await gql(`mutation($p: ID!) { createKey(projectId: $p, input: { key: "title", maxLength: 3 }) { id maxLength } }`, {
      p: projectId,
    });
    expect(gqlCreated.data.createKey.maxLength).toBe(3);
    const titleId = gqlCreated.data.createKey.id as string;
    await api("PUT", `/projects/${projectId}/keys/${titleId}/translations/en`, { value: "Hi" });
    const refused = await gql(
      `mutation($p: ID!, $k: ID!) { upsertTranslation(projectId: $p, keyId: $k, language: "fr", value: "Salut") { value } }`,
      { p: projectId, k: titleId },
    );
    expect(refused.errors![0].extensions).toMatchObject({ statusCode: 422, issues: [{ path: "value", code: "qa.max_length" }] });
    const raised = await gql(`mutation($p: ID!, $k: ID!) { updateKey(projectId: $p, keyId: $k, input: { maxLength: 5 }) { maxLength } }`, {
      p: projectId,
      k: titleId,
    });
    expect(raised.data.updateKey.maxLength).toBe(5);
    expect((await api("PUT", `/projects/${projectId}/keys/${titleId}/translations/fr`, { value: "Salut" })).status).toBe(200);
    const cleared = await gql(`mutation($p: ID!, $k: ID!) { updateKey(projectId: $p, keyId: $k, input: { maxLength: 0 }) { maxLength } }`, {
      p: projectId,
      k: titleId,
    });
    expect(cleared.data.updateKey.maxLength).toBeNull();

    // Bad limits are refused with the field named.
    const negative = await api("POST", `/projects/${projectId}/keys`, { key: "x", maxLength: -1 });
    expect(negative.status).toBe(400);
    expect(negative.body.issues[0].path).toBe("maxLength");
    expect((await api("PATCH", `/projects/${projectId}/keys/${keyId}`, { maxLength: 1.5 })).status).toBe(400);
    const gqlBad = await gql(`mutation($p: ID!) { createKey(projectId: $p, input: { key: "y", maxLength: 100001 }) { id } }`, {
      p: projectId,
    });
    expect(gqlBad.errors![0].extensions).toMatchObject({ statusCode: 400 });
  });
});

describe("the background recheck after a settings change", () => {
  async function settings(projectId: string, checks: Record<string, string>) {
    const res = await api("PUT", `/projects/${projectId}/qa-settings`, { checks });
    expect(res.status).toBe(200);
    expect(res.body.recheck).toMatchObject({ status: expect.stringMatching(/queued|running|completed/) });
    return res.body.recheck.generation as number;
  }
  async function completed(projectId: string, generation: number) {
    let recheck: any;
    await waitUntil(async () => {
      recheck = (await api("GET", `/projects/${projectId}/qa-settings`)).body.recheck;
      return recheck?.generation === generation && recheck.status === "completed";
    }, 60_000);
    return recheck;
  }

  it("recomputes the stored issues (errors included), keeps ignores of unchanged values, and reports progress", async () => {
    const { projectId, keyIds } = await seedProject(server, owner, [
      { key: "a", source: SOURCE },
      { key: "b", source: SOURCE },
    ]);
    await api("PUT", `/projects/${projectId}/keys/${keyIds.a!}/translations/de`, { value: WARNED });
    await api("PUT", `/projects/${projectId}/keys/${keyIds.b!}/translations/de`, { value: WARNED });
    await api("PATCH", `/projects/${projectId}/keys/${keyIds.a!}/translations/de/qa-issues/end_punctuation`, { ignored: true });
    const stored = async (key: string) =>
      (await listDe(projectId, "any")).data.find((t) => t.key === key) ??
      (await api("GET", `/projects/${projectId}/keys/${keyIds[key]}/translations`)).body.find((t: any) => t.language === "de");

    // numbers off: its stored warnings go away.
    let generation = await settings(projectId, { numbers: "off" });
    let recheck = await completed(projectId, generation);
    expect(recheck).toMatchObject({ total: 4, checked: 4, changed: 2 });
    expect(checksOf(await stored("a"), false)).toEqual(["end_punctuation"]);
    expect((await stored("a")).qaIssues[0].ignored).toBe(true);
    expect(checksOf(await stored("b"))).toEqual(["end_punctuation"]);
    expect((await listDe(projectId, "numbers")).meta.total).toBe(0);

    // numbers as an error: the values already stored now carry an error-level issue.
    generation = await settings(projectId, { numbers: "error" });
    recheck = await completed(projectId, generation);
    expect(recheck).toMatchObject({ checked: 4, changed: 2 });
    expect((await listDe(projectId, "error")).data.map((t) => t.key)).toEqual(["a", "b"]);
    expect(await progressOf(projectId, "de")).toMatchObject({ qaIssues: 2, qaErrors: 2 });
    expect((await stored("a")).qaIssues.find((i: { check: string; ignored?: boolean }) => i.check === "end_punctuation")!.ignored).toBe(
      true,
    );
    const viaGql = await gql(`query($p: ID!) { qaSettings(projectId: $p) }`, { p: projectId });
    expect(viaGql.data.qaSettings.recheck).toMatchObject({ status: "completed", generation, checked: 4 });
  });

  it("resumes from the stored cursor when the worker that held it died", async () => {
    const keys = ["k1", "k2", "k3", "k4", "k5"];
    const { projectId } = await seedProject(
      server,
      owner,
      keys.map((key) => ({ key, source: SOURCE, targets: { de: WARNED } })),
    );
    const prisma = server.db.prisma;
    // The seeded values carry no stored issues; pretend a recheck got through the first two
    // translations (in id order) and its worker died an hour ago.
    const ids = (await prisma.translation.findMany({ where: { projectId, language: "de" }, orderBy: { id: "asc" } })).map((t) => t.id);
    const sourceIds = (await prisma.translation.findMany({ where: { projectId, language: "en" }, select: { id: true } })).map((t) => t.id);
    const all = [...ids, ...sourceIds].sort();
    const cursor = all[1]!;
    await prisma.qaRecheck.create({
      data: {
        projectId,
        status: "running",
        cursor,
        total: all.length,
        checked: 2,
        lockedBy: "worker-that-died",
        heartbeatAt: new Date(Date.now() - 60 * 60 * 1000),
      },
    });
    await server.db.notify("qa_recheck_queued", projectId);
    await waitUntil(async () => (await prisma.qaRecheck.findUnique({ where: { projectId } }))?.status === "completed", 60_000);
    const row = await prisma.qaRecheck.findUnique({ where: { projectId } });
    expect(row).toMatchObject({ checked: all.length, total: all.length, cursor: all[all.length - 1], lockedBy: null });
    const after = await prisma.translation.findMany({ where: { projectId, language: "de" } });
    for (const t of after) {
      const issues = (t.qaIssues as { check: string }[]).map((i) => i.check);
      if (t.id <= cursor) expect(issues).toEqual([]);
      else expect(issues).toContain("numbers");
    }
    expect(row!.changed).toBe(ids.filter((id) => id > cursor).length);
  });
});
