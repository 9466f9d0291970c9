// Bulk edits through REST and GraphQL (docs/bulk-edits.md): the preview counts and writes
// nothing, the apply writes one history entry per changed value (source bulk) in one transaction,
// the quality gate's refusals and values changed after the preview are reported and left alone,
// regular expressions run in linear time, and permissions are those of single edits.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedProject } from "../../helpers/fake-ai-providers";
import { addMember, type TestMember } from "../../helpers/invite-member";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../../helpers/test-server";

let server: TestServer;
let owner: TestUser;
let translator: TestMember;
let reviewer: TestMember;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpUser(server, "Bulk Owner");
  translator = await addMember(server, owner, "translator", { name: "Tess" });
  reviewer = await addMember(server, owner, "reviewer", { name: "Rex" });
});
afterAll(async () => {
  await server.close();
});

const preview = (projectId: string, body: unknown, auth: { apiKey?: string; cookie?: string } = { apiKey: owner.apiKey }) =>
  server.request("POST", `/api/projects/${projectId}/bulk-edits/preview`, { ...auth, body });
const apply = (projectId: string, body: unknown, auth: { apiKey?: string; cookie?: string } = { apiKey: owner.apiKey }) =>
  server.request("POST", `/api/projects/${projectId}/bulk-edits/apply`, { ...auth, body });

async function value(keyId: string, language: string) {
  return server.db.prisma.translation.findUnique({ where: { keyId_language: { keyId, language } } });
}

async function brandProject() {
  return seedProject(server, owner, [
    { key: "a.title", source: "Acme app", targets: { de: "Acme App", fr: "L'appli Acme" } },
    { key: "a.body", source: "Acme, acme and AcmeX", targets: { de: "Acme, acme und AcmeX", fr: "" } },
    { key: "b.other", source: "Nothing here", targets: { de: "Nichts", fr: "Rien" } },
  ]);
}

describe("find and replace", () => {
  it("previews counts and samples without writing, then applies with one history entry per value", async () => {
    const { projectId, keyIds } = await brandProject();
    const body = {
      selection: { filter: {} },
      operation: { type: "replace", languages: ["de", "fr"], find: "acme", replace: "Acme Cloud", caseSensitive: false, wholeWord: true },
    };
    const p = await preview(projectId, body);
    expect(p.status).toBe(200);
    expect(p.body.values).toBe(3);
    expect(p.body.keys).toBe(2);
    expect(p.body.languages).toEqual([
      { language: "de", values: 2, matches: 3 },
      { language: "fr", values: 1, matches: 1 },
    ]);
    expect(p.body.samples).toContainEqual(
      expect.objectContaining({ key: "a.body", language: "de", before: "Acme, acme und AcmeX", after: "Acme Cloud, Acme Cloud und AcmeX" }),
    );
    expect(p.body.refusedCount).toBe(0);
    expect(typeof p.body.token).toBe("string");
    expect((await value(keyIds["a.body"]!, "de"))!.value).toBe("Acme, acme und AcmeX");
    expect(await server.db.prisma.translationHistory.count({ where: { projectId } })).toBe(0);

    const a = await apply(projectId, { ...body, token: p.body.token });
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ values: 3, keys: 2, refusedCount: 0, conflictCount: 0, conflicts: [] });
    const row = (await value(keyIds["a.body"]!, "de"))!;
    expect(row.value).toBe("Acme Cloud, Acme Cloud und AcmeX");
    expect(row.source).toBe("bulk");
    expect((await value(keyIds["a.title"]!, "fr"))!.value).toBe("L'appli Acme Cloud");
    expect((await value(keyIds["a.title"]!, "en"))!.value).toBe("Acme app"); // not a chosen language
    const history = await server.db.prisma.translationHistory.findMany({ where: { projectId } });
    expect(history).toHaveLength(3);
    expect(history.every((h) => h.source === "bulk" && h.changedBy === owner.userId)).toBe(true);
    expect(history.find((h) => h.keyId === keyIds["a.body"] && h.language === "de")).toMatchObject({
      previousValue: "Acme, acme und AcmeX",
      newValue: "Acme Cloud, Acme Cloud und AcmeX",
    });
    // The per-translation history endpoint shows it too.
    const h = await server.request("GET", `/api/projects/${projectId}/keys/${keyIds["a.body"]}/translations/de/history`, {
      apiKey: owner.apiKey,
    });
    expect(h.body[0]).toMatchObject({ source: "bulk", newValue: "Acme Cloud, Acme Cloud und AcmeX" });
    const activity = await server.db.prisma.activity.findMany({ where: { projectId, action: "translation.updated" } });
    expect(activity.map((e) => e.metadata)).toEqual([expect.objectContaining({ bulk: true, operation: "replace", count: 3 })]);

    // Retrying the apply with the same token changes nothing: every value changed after that preview.
    const again = await apply(projectId, { ...body, token: p.body.token });
    expect(again.body).toMatchObject({ values: 0, conflictCount: 3 });
    expect((await value(keyIds["a.body"]!, "de"))!.value).toBe("Acme Cloud, Acme Cloud und AcmeX");
  });

  it("supports regular expressions with groups, bounded to linear time; refuses what RE2 cannot run", async () => {
    const { projectId, keyIds } = await seedProject(server, owner, [
      { key: "mail", source: "x", targets: { de: "Schreib an bob@example.com" } },
      { key: "evil", source: "x", targets: { de: `${"a".repeat(50_000)}!` } },
    ]);
    const ok = await apply(projectId, {
      selection: { keyIds: [keyIds.mail] },
      operation: { type: "replace", languages: ["de"], find: "(?P<user>\\w+)@(\\w+)\\.com", replace: "${user} at $2 ($$)", regex: true },
    });
    expect(ok.status).toBe(200);
    expect((await value(keyIds.mail!, "de"))!.value).toBe("Schreib an bob at example ($)");

    // A pattern that backtracks catastrophically elsewhere is answered at once here.
    const evil = await preview(projectId, {
      selection: { keyIds: [keyIds.evil] },
      operation: { type: "replace", languages: ["de"], find: "(a+)+$", replace: "x", regex: true },
    });
    expect(evil.status).toBe(200);
    expect(evil.body.values).toBe(0);

    const backref = await preview(projectId, {
      selection: {},
      operation: { type: "replace", languages: ["de"], find: "(a)\\1", replace: "x", regex: true },
    });
    expect(backref.status).toBe(400);
    expect(backref.body.issues[0]).toMatchObject({ path: "operation.find", code: "regex.unsupported" });
    const group = await preview(projectId, {
      selection: {},
      operation: { type: "replace", languages: ["de"], find: "a", replace: "$3", regex: true },
    });
    expect(group.status).toBe(400);
    expect(group.body.message).toMatch(/group 3/);
    const both = await preview(projectId, {
      selection: { keyIds: [keyIds.mail], filter: {} },
      operation: { type: "clear", languages: ["de"] },
    });
    expect(both.status).toBe(400);
    const language = await preview(projectId, { selection: {}, operation: { type: "clear", languages: ["ja"] } });
    expect(language.status).toBe(404);
  });

  it("leaves values the quality gate refuses and reports them per key; the rest is applied", async () => {
    const { projectId, keyIds } = await seedProject(server, owner, [
      { key: "n1", source: "You have 3 items", targets: { de: "Du hast 3 Dinge" } },
      { key: "n2", source: "Three items, 4", targets: { de: "Drei Dinge 3" } },
    ]);
    const qa = await server.request("PUT", `/api/projects/${projectId}/qa-settings`, {
      apiKey: owner.apiKey,
      body: { checks: { numbers: "error" } },
    });
    expect(qa.status).toBe(200);
    const body = { selection: {}, operation: { type: "replace", languages: ["de"], find: "3", replace: "4" } };
    const p = await preview(projectId, body);
    expect(p.body.refusedCount).toBe(1);
    expect(p.body.refused[0]).toMatchObject({ key: "n1", language: "de", code: "qa.numbers" });
    const a = await apply(projectId, body);
    expect(a.status).toBe(200);
    expect(a.body.values).toBe(1);
    expect(a.body.refused.map((r: { key: string; code: string }) => [r.key, r.code])).toContainEqual(["n1", "qa.numbers"]);
    expect((await value(keyIds.n1!, "de"))!.value).toBe("Du hast 3 Dinge");
    expect((await value(keyIds.n2!, "de"))!.value).toBe("Drei Dinge 4");
  });

  it("does not overwrite a value changed after the preview when the token is given", async () => {
    const { projectId, keyIds } = await brandProject();
    const body = { selection: {}, operation: { type: "replace", languages: ["de"], find: "Acme", replace: "Acme Cloud", wholeWord: true } };
    const p = await preview(projectId, body);
    expect(p.body.values).toBe(2);
    // A colleague edits one of the previewed values meanwhile.
    const put = await server.request("PUT", `/api/projects/${projectId}/keys/${keyIds["a.title"]}/translations/de`, {
      cookie: translator.cookie,
      body: { value: "Acme Anwendung" },
    });
    expect(put.status).toBe(200);
    const a = await apply(projectId, { ...body, token: p.body.token });
    expect(a.status).toBe(200);
    expect(a.body.values).toBe(1);
    expect(a.body.conflictCount).toBe(1);
    expect(a.body.conflicts).toEqual([{ keyId: keyIds["a.title"], key: "a.title", namespace: "", language: "de" }]);
    expect((await value(keyIds["a.title"]!, "de"))!.value).toBe("Acme Anwendung");
    expect((await value(keyIds["a.body"]!, "de"))!.value).toBe("Acme Cloud, acme und AcmeX");

    // A token is bound to its edit.
    const other = await apply(projectId, { ...body, operation: { ...body.operation, replace: "X" }, token: p.body.token });
    expect(other.status).toBe(400);
    expect(other.body.issues[0].path).toBe("token");
    const junk = await apply(projectId, { ...body, token: "v1.bm9wZQ.x" });
    expect(junk.status).toBe(400);
  });
});

describe("status, copy and clear", () => {
  it("sets a status for a filter with the review permission; the gate holds", async () => {
    const { projectId, keyIds } = await brandProject();
    const body = { selection: { filter: { search: "acme" } }, operation: { type: "setStatus", languages: ["de"], status: "reviewed" } };
    const denied = await apply(projectId, body, { cookie: translator.cookie });
    expect(denied.status).toBe(403);
    const p = await preview(projectId, body, { cookie: reviewer.cookie });
    expect(p.body).toMatchObject({ values: 2, languages: [{ language: "de", values: 2, matches: 0 }] });
    const a = await apply(projectId, { ...body, token: p.body.token }, { cookie: reviewer.cookie });
    expect(a.status).toBe(200);
    expect(a.body.values).toBe(2);
    expect((await value(keyIds["a.title"]!, "de"))!.status).toBe("reviewed");
    expect((await value(keyIds["a.title"]!, "de"))!.source).toBe("human"); // a status change keeps the producer
    expect((await value(keyIds["b.other"]!, "de"))!.status).toBe("translated");
    const history = await server.db.prisma.translationHistory.findMany({ where: { projectId } });
    expect(history.map((h) => [h.previousStatus, h.newStatus, h.source])).toEqual([
      ["translated", "reviewed", "bulk"],
      ["translated", "reviewed", "bulk"],
    ]);
    // A reviewer may not change values.
    const write = await apply(projectId, { selection: {}, operation: { type: "clear", languages: ["de"] } }, { cookie: reviewer.cookie });
    expect(write.status).toBe(403);
  });

  it("copies from the source into empty values only, then clears", async () => {
    const { projectId, keyIds } = await brandProject();
    const copy = await apply(projectId, { selection: {}, operation: { type: "copy", languages: ["fr"] } }, { cookie: translator.cookie });
    expect(copy.status).toBe(200);
    expect(copy.body.values).toBe(1); // only a.body's fr was empty
    const row = (await value(keyIds["a.body"]!, "fr"))!;
    expect(row).toMatchObject({ value: "Acme, acme and AcmeX", status: "translated", source: "bulk" });
    expect((await value(keyIds["a.title"]!, "fr"))!.value).toBe("L'appli Acme");
    const over = await apply(projectId, {
      selection: { keyIds: [keyIds["a.title"]] },
      operation: { type: "copy", from: "de", languages: ["fr"], overwrite: true },
    });
    expect(over.body.values).toBe(1);
    expect((await value(keyIds["a.title"]!, "fr"))!.value).toBe("Acme App");
    const selfCopy = await apply(projectId, { selection: {}, operation: { type: "copy", from: "fr", languages: ["fr"] } });
    expect(selfCopy.status).toBe(400);

    const clear = await apply(projectId, { selection: { filter: { namespace: "" } }, operation: { type: "clear", languages: ["fr"] } });
    expect(clear.status).toBe(200);
    expect(clear.body.values).toBe(3);
    expect(await value(keyIds["b.other"]!, "fr")).toMatchObject({ value: "", status: "untranslated" });
    const created = await server.db.prisma.translationHistory.findFirst({
      where: { projectId, keyId: keyIds["a.body"], language: "fr" },
      orderBy: { createdAt: "asc" },
    });
    expect(created).toMatchObject({ previousValue: null, newValue: "Acme, acme and AcmeX", source: "bulk" });
  });

  it("keeps other organizations' projects out of reach", async () => {
    const { projectId } = await brandProject();
    const stranger = await signUpUser(server, "Stranger");
    const res = await apply(projectId, { selection: {}, operation: { type: "clear", languages: ["de"] } }, { apiKey: stranger.apiKey });
    expect(res.status).toBe(404);
  });
});

describe("selection by the editor's filters", () => {
  it("selects exactly the keys the editor rows list, quality-check and comment filters included", async () => {
    const { projectId, keyIds } = await seedProject(server, owner, [
      { key: "a", source: "You have 3 items." },
      { key: "b", source: "Open https://example.org/help." },
      { key: "c", source: "Save" },
      { key: "d", source: "Pick 4 colours." },
    ]);
    const api = (method: string, path: string, body?: unknown) =>
      server.request(method, `/api/projects/${projectId}${path}`, { apiKey: owner.apiKey, ...(body !== undefined ? { body } : {}) });
    // Written through the API, so the quality checks store their warnings.
    const written = await api("POST", "/translations/overwrite", {
      translations: [
        { key: "a", language: "de", value: "Du hast 4 Dinge." }, // numbers
        { key: "a", language: "fr", value: "Vous avez 3 articles." },
        { key: "b", language: "de", value: "Öffne https://example.org/help." },
        { key: "b", language: "fr", value: "Ouvrez https://example.fr/aide." }, // urls
        { key: "c", language: "de", value: "Speichern" },
        { key: "c", language: "fr", value: "Enregistrer" },
        { key: "d", language: "de", value: "Wähle 4 Farben." },
        { key: "d", language: "fr", value: "Choisissez 4 couleurs." },
      ],
    });
    expect(written.status).toBe(200);
    expect((await api("POST", `/keys/${keyIds.c!}/comments`, { body: "Button label" })).status).toBe(201);

    const rowKeys = async (query: string) => {
      const res = await api("GET", `/editor-rows?${query}`);
      expect(res.status).toBe(200);
      return (res.body.data as { key: string }[]).map((r) => r.key);
    };
    const bulkKeys = async (filter: Record<string, unknown>) => {
      const res = await preview(projectId, {
        selection: { filter },
        operation: { type: "setStatus", languages: ["de"], status: "reviewed" },
      });
      expect(res.status).toBe(200);
      return (res.body.samples as { key: string }[]).map((s) => s.key);
    };
    const cases: [string, Record<string, unknown>, string[]][] = [
      ["languages=de,fr&qa=any", { qa: "any", qaLanguages: ["de", "fr"] }, ["a", "b"]],
      ["languages=de&qa=any", { qa: "any", qaLanguages: ["de"] }, ["a"]],
      ["languages=de,fr&qa=any&qaIn=fr", { qa: "any", qaIn: "fr" }, ["b"]],
      ["languages=de,fr&qa=urls", { qa: "urls" }, ["b"]],
      ["languages=de,fr&qa=warning&search=4", { qa: "warning", search: "4" }, ["a"]],
      ["languages=de&hasComments=true", { hasComments: true }, ["c"]],
      ["languages=de&hasComments=false", { hasComments: false }, ["a", "b", "d"]],
    ];
    for (const [query, filter, keys] of cases) {
      expect(await rowKeys(query)).toEqual(keys);
      expect(await bulkKeys(filter)).toEqual(keys);
    }
    const viaGql = await server.request("POST", "/graphql", {
      apiKey: owner.apiKey,
      body: {
        query: `mutation($p: ID!, $s: BulkSelectionInput!, $o: BulkOperationInput!) {
          previewBulkEdit(projectId: $p, selection: $s, operation: $o) { samples { key } }
        }`,
        variables: {
          p: projectId,
          s: { filter: { qa: "any", qaLanguages: ["de"], hasComments: false } },
          o: { type: "setStatus", languages: ["de"], status: "reviewed" },
        },
      },
    });
    expect(viaGql.body.data.previewBulkEdit.samples).toEqual([{ key: "a" }]);

    // "Fix every value with a numbers issue in German": only those are replaced, not d's 4.
    const fix = await apply(projectId, {
      selection: { filter: { qa: "numbers", qaIn: "de" } },
      operation: { type: "replace", languages: ["de"], find: "4", replace: "3" },
    });
    expect(fix.status).toBe(200);
    expect(fix.body).toMatchObject({ values: 1, keys: 1 });
    expect((await value(keyIds.a!, "de"))!).toMatchObject({ value: "Du hast 3 Dinge.", qaIssues: [] });
    expect((await value(keyIds.d!, "de"))!.value).toBe("Wähle 4 Farben.");
    expect(await rowKeys("languages=de&qa=any")).toEqual([]);

    const bad = await preview(projectId, { selection: { filter: { qa: "spelling" } }, operation: { type: "clear", languages: ["de"] } });
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toEqual([{ path: "selection.filter.qa", message: "must be any, warning, error or a check id" }]);
    const unknown = await preview(projectId, {
      selection: { filter: { qa: "any", qaIn: "ja" } },
      operation: { type: "clear", languages: ["de"] },
    });
    expect(unknown.status).toBe(404);
  });
});

describe("GraphQL", () => {
  it("previews and applies through the same services", async () => {
    const { projectId, keyIds } = await brandProject();
    const gql = (query: string, variables: Record<string, unknown>) =>
      server.request("POST", "/graphql", { apiKey: owner.apiKey, body: { query, variables } });
    const operation = { type: "replace", languages: ["de"], find: "Acme", replace: "Acme Cloud", wholeWord: true };
    const p = await gql(
      `mutation($p: ID!, $s: BulkSelectionInput!, $o: BulkOperationInput!) {
        previewBulkEdit(projectId: $p, selection: $s, operation: $o) { token values languages { language values matches } samples { key before after } }
      }`,
      { p: projectId, s: { filter: { search: "acme" } }, o: operation },
    );
    expect(p.body.errors).toBeUndefined();
    expect(p.body.data.previewBulkEdit).toMatchObject({ values: 2, languages: [{ language: "de", values: 2, matches: 2 }] });
    const a = await gql(
      `mutation($p: ID!, $s: BulkSelectionInput!, $o: BulkOperationInput!, $t: String) {
        applyBulkEdit(projectId: $p, selection: $s, operation: $o, token: $t) { values conflictCount refusedCount }
      }`,
      { p: projectId, s: { filter: { search: "acme" } }, o: operation, t: p.body.data.previewBulkEdit.token },
    );
    expect(a.body.data.applyBulkEdit).toEqual({ values: 2, conflictCount: 0, refusedCount: 0 });
    expect((await value(keyIds["a.title"]!, "de"))!.value).toBe("Acme Cloud App");
    const bad = await gql(
      `mutation($p: ID!, $s: BulkSelectionInput!, $o: BulkOperationInput!) { applyBulkEdit(projectId: $p, selection: $s, operation: $o) { values } }`,
      { p: projectId, s: {}, o: { type: "replace", languages: ["de"] } },
    );
    expect(bad.body.errors[0].extensions.code).toBe("BAD_USER_INPUT");
  });
});
