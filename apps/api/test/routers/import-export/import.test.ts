// POST /api/projects/:projectId/import, black-box over HTTP: every format, overwrite semantics and
// history, gettext fuzzy/POT rules, namespaces, parse errors, limits, permissions and tenancy.

import { createSession } from "@locale/core";
import { FORMAT_IDS, type FormatId, parse, serialize, type TranslationEntry } from "@locale/formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../../helpers/test-server";

let server: TestServer;
let owner: TestUser;
beforeAll(async () => {
  // Small body limits so the 413 tests do not need to send 20 or 100 MiB.
  server = await startTestServer({ MAX_BODY_BYTES: String(1024 * 1024), IMPORT_MAX_BODY_BYTES: String(2 * 1024 * 1024) });
  owner = await signUpUser(server, "Olga Owner");
});
afterAll(async () => {
  await server.close();
});

const FORBIDDEN = { statusCode: 403, message: "Forbidden resource", error: "Forbidden" };
const PROJECT_NOT_FOUND = { statusCode: 404, message: "Project not found", error: "Not Found" };

async function createProject(user: TestUser, targetLanguages: string[] = ["de"], sourceLanguage = "en"): Promise<string> {
  const res = await server.request("POST", "/api/projects", {
    apiKey: user.apiKey,
    body: { name: "Import test", sourceLanguage, targetLanguages },
  });
  expect(res.status).toBe(201);
  return res.body._id as string;
}

function importFile(user: TestUser | { cookie: string }, projectId: string, body: Record<string, unknown>) {
  return server.request("POST", `/api/projects/${projectId}/import`, {
    ...("apiKey" in user ? { apiKey: user.apiKey } : { cookie: user.cookie }),
    body,
  });
}

/** Every non-empty value of a language, read back through GET /translations/:language. */
async function storedValues(projectId: string, language: string): Promise<Record<string, string>> {
  const values: Record<string, string> = {};
  for (let page = 1; page <= 50; page++) {
    const res = await server.request("GET", `/api/projects/${projectId}/translations/${language}?page=${page}&limit=200`, {
      apiKey: owner.apiKey,
    });
    expect(res.status).toBe(200);
    for (const t of res.body.data as { key: string; namespace: string; value: string }[]) {
      if (t.value !== "") values[t.namespace ? `${t.namespace}.${t.key}` : t.key] = t.value;
    }
    if (page >= res.body.meta.totalPages) break;
  }
  return values;
}

async function historyOf(projectId: string, keyId: string, language: string) {
  const res = await server.request("GET", `/api/projects/${projectId}/keys/${keyId}/translations/${language}/history`, {
    apiKey: owner.apiKey,
  });
  expect(res.status).toBe(200);
  return res.body as {
    previousValue: string | null;
    newValue: string;
    previousStatus: string;
    newStatus: string;
    changedBy: string;
    changedByName: string | null;
    source: string;
  }[];
}

/** Values with the characters formats most often get wrong. */
const TRICKY: TranslationEntry[] = [
  { key: "greeting", value: "Hello, {name}!" },
  { key: "quotes", value: `She said "hi" and it's fine` },
  { key: "backslash", value: "C:\\temp\\new" },
  { key: "multiline", value: "Line one\nLine two\tTabbed" },
  { key: "printf", value: "%1$s has %2$d items (%s)" },
  { key: "unicode", value: "Grüße 👋 مرحبا 日本語" },
  { key: "html", value: "<b>Bold</b> & <i>more</i>" },
  { key: "spaces", value: "  padded  " },
  { key: "android.special", value: "@string/not_a_ref ?attr too" },
  { key: "braces", value: "{{double}} and 100% sure" },
];
const PLURAL: TranslationEntry = { key: "files", value: "{count, plural, one {# file} other {# files}}" };
/** Formats with native plurals write the ICU value natively; the others carry it as a plain string. */
const entriesFor = (format: FormatId) =>
  // A stringsdict holds plural rules only (other values are left out of it): the tricky text goes around a plural.
  format === "ios-stringsdict"
    ? [...TRICKY.map((e) => ({ key: e.key, value: `${e.value} {count, plural, one {# file} other {# files}}` })), PLURAL]
    : [...TRICKY, PLURAL];

function fileContent(format: FormatId, entries: TranslationEntry[], language: string): string {
  const out = serialize(format, entries, { language, sourceLanguage: "en" });
  return typeof out === "string" ? out : Buffer.from(out).toString("base64");
}

describe("import of every format", () => {
  for (const format of FORMAT_IDS) {
    it(`imports ${format} with escaped, unicode and plural values, and exports the same values back`, async () => {
      const projectId = await createProject(owner, ["de"]);
      const entries = entriesFor(format);
      const res = await importFile(owner, projectId, { language: "de", format, content: fileContent(format, entries, "de") });
      expect(res.status).toBe(200);
      expect(res.body.errors).toEqual([]);
      expect(res.body.language).toBe("de");
      expect(res.body.format).toBe(format);
      expect(res.body.keysCreated).toBe(entries.length);
      if (format === "pot") {
        // A template creates the keys and no values.
        expect(res.body).toMatchObject({ imported: 0, skipped: entries.length });
        expect(await storedValues(projectId, "de")).toEqual({});
        const keys = await server.db.prisma.key.count({ where: { projectId } });
        expect(keys).toBe(entries.length);
        return;
      }
      expect(res.body).toMatchObject({ imported: entries.length, skipped: 0 });
      const expected = Object.fromEntries(entries.map((e) => [e.key, e.value]));
      // ARB values are ICU: text that is not ICU was written (and so is stored) as quoted literal text.
      if (format === "arb") expected.braces = "'{{'double'}}' and 100% sure";
      expect(await storedValues(projectId, "de")).toEqual(expected);

      const exported = await fetch(`${server.url}/api/projects/${projectId}/export/de?format=${format}`, {
        headers: { "x-api-key": owner.apiKey },
      });
      expect(exported.status).toBe(200);
      const bytes = new Uint8Array(await exported.arrayBuffer());
      const back = parse(format, format === "mo" ? bytes : new TextDecoder().decode(bytes), { language: "de" });
      expect(Object.fromEntries(back.entries.map((e) => [e.key, e.value]))).toEqual(expected);
    });
  }
});

describe("overwrite semantics and history", () => {
  let projectId: string;
  beforeAll(async () => {
    projectId = await createProject(owner, ["de"]);
    const first = await importFile(owner, projectId, {
      language: "de",
      format: "json-flat",
      content: JSON.stringify({ a: "Eins", b: "Zwei" }),
    });
    expect(first.body).toMatchObject({ imported: 2, skipped: 0, keysCreated: 2 });
  });

  it("with overwrite false keeps existing values, adds new keys and fills empty translations", async () => {
    const keyB = await server.db.prisma.key.findFirstOrThrow({ where: { projectId, key: "b" } });
    await server.db.prisma.translation.update({
      where: { keyId_language: { keyId: keyB.id, language: "de" } },
      data: { value: "", status: "untranslated" },
    });
    const res = await importFile(owner, projectId, {
      language: "de",
      format: "json-flat",
      content: JSON.stringify({ a: "Changed", b: "Zwei neu", c: "Drei" }),
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      imported: 2,
      skipped: 1,
      keysCreated: 1,
      createdKeys: ["c"],
      replaced: 0,
      dryRun: false,
      errors: [],
      language: "de",
      format: "json-flat",
      detectedLanguage: null,
    });
    expect(await storedValues(projectId, "de")).toEqual({ a: "Eins", b: "Zwei neu", c: "Drei" });
  });

  it("with overwrite true replaces changed values only, and records history for each real change", async () => {
    const res = await importFile(owner, projectId, {
      language: "de",
      format: "json-flat",
      content: JSON.stringify({ a: "Eins!", b: "Zwei neu", c: "Drei" }),
      overwrite: true,
    });
    expect(res.body).toEqual({
      imported: 1,
      skipped: 2,
      keysCreated: 0,
      createdKeys: [],
      replaced: 1,
      dryRun: false,
      errors: [],
      language: "de",
      format: "json-flat",
      detectedLanguage: null,
    });
    expect(await storedValues(projectId, "de")).toEqual({ a: "Eins!", b: "Zwei neu", c: "Drei" });
    const keyA = await server.db.prisma.key.findFirstOrThrow({ where: { projectId, key: "a" } });
    const history = await historyOf(projectId, keyA.id, "de");
    expect(
      history.map((h) => ({
        previousValue: h.previousValue,
        newValue: h.newValue,
        previousStatus: h.previousStatus,
        newStatus: h.newStatus,
        changedBy: h.changedBy,
        changedByName: h.changedByName,
        source: h.source,
      })),
    ).toEqual([
      {
        previousValue: "Eins",
        newValue: "Eins!",
        previousStatus: "translated",
        newStatus: "translated",
        changedBy: owner.userId,
        changedByName: "Olga Owner",
        source: "import",
      },
      {
        previousValue: null,
        newValue: "Eins",
        previousStatus: "untranslated",
        newStatus: "translated",
        changedBy: owner.userId,
        changedByName: "Olga Owner",
        source: "import",
      },
    ]);
    // The identical value of c was not rewritten: still its single first entry.
    const keyC = await server.db.prisma.key.findFirstOrThrow({ where: { projectId, key: "c" } });
    expect(await historyOf(projectId, keyC.id, "de")).toHaveLength(1);
    const translation = await server.db.prisma.translation.findFirstOrThrow({ where: { keyId: keyA.id, language: "de" } });
    expect(translation).toMatchObject({ status: "translated", source: "import" });
  });

  it("resets a reviewed translation to translated when overwrite changes it", async () => {
    const keyA = await server.db.prisma.key.findFirstOrThrow({ where: { projectId, key: "a" } });
    await server.db.prisma.translation.update({
      where: { keyId_language: { keyId: keyA.id, language: "de" } },
      data: { status: "approved" },
    });
    await importFile(owner, projectId, { language: "de", format: "json-flat", content: JSON.stringify({ a: "Eins?" }), overwrite: true });
    const t = await server.db.prisma.translation.findFirstOrThrow({ where: { keyId: keyA.id, language: "de" } });
    expect(t).toMatchObject({ value: "Eins?", status: "translated" });
    const [last] = await historyOf(projectId, keyA.id, "de");
    expect(last).toMatchObject({ previousStatus: "approved", newStatus: "translated", previousValue: "Eins!", newValue: "Eins?" });
    // The history an import writes is what revert works from.
    const reverted = await server.request("POST", `/api/projects/${projectId}/keys/${keyA.id}/translations/de/revert`, {
      apiKey: owner.apiKey,
    });
    expect(reverted.status).toBe(200);
    expect(reverted.body).toMatchObject({ value: "Eins!", status: "approved" });
  });

  it("two concurrent imports of overlapping files both succeed without duplicating keys", async () => {
    const pid = await createProject(owner, ["de"]);
    const file = (n: number) => JSON.stringify(Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`k${i + n}`, `v${i}`])));
    const [a, b] = await Promise.all([
      importFile(owner, pid, { language: "de", format: "json-flat", content: file(0) }),
      importFile(owner, pid, { language: "de", format: "json-flat", content: file(100) }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.keysCreated + b.body.keysCreated).toBe(400);
    expect(await server.db.prisma.key.count({ where: { projectId: pid } })).toBe(400);
    expect(Object.keys(await storedValues(pid, "de"))).toHaveLength(400);
  });

  it("records import.completed and key.imported activity", async () => {
    const pid = await createProject(owner, ["de"]);
    await importFile(owner, pid, {
      language: "en",
      format: "json-flat",
      content: JSON.stringify({ x: "X", y: "Y", "   ": "skipped" }),
    });
    const acts = await server.db.prisma.activity.findMany({
      where: { projectId: pid, action: { in: ["import.completed", "key.imported"] } },
      orderBy: { action: "asc" },
    });
    expect(acts.map((a) => [a.action, a.metadata, a.userId, a.userName])).toEqual([
      [
        "import.completed",
        { language: "en", format: "json-flat", imported: 2, skipped: 1, errorCount: 1, keysCreated: 2, overwrite: false },
        owner.userId,
        "Olga Owner",
      ],
      ["key.imported", { language: "en", format: "json-flat", count: 2, keys: ["x", "y"] }, owner.userId, "Olga Owner"],
    ]);
  });
});

describe("gettext rules", () => {
  const PO = [
    'msgid ""',
    'msgstr ""',
    '"Language: de\\n"',
    '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"',
    "",
    "#. Shown on the home screen",
    'msgid "Hello"',
    'msgstr "Hallo"',
    "",
    "#, fuzzy",
    'msgid "Maybe"',
    'msgstr "Vielleicht"',
    "",
    'msgctxt "menu"',
    'msgid "Open"',
    'msgstr "Öffnen"',
    "",
    'msgid "One file"',
    'msgid_plural "%d files"',
    'msgstr[0] "Eine Datei"',
    'msgstr[1] "%d Dateien"',
    "",
    '#~ msgid "Old"',
    '#~ msgstr "Alt"',
    "",
  ].join("\n");

  it("imports msgctxt keys, plural entries as ICU, skips fuzzy values and ignores obsolete entries", async () => {
    const projectId = await createProject(owner, ["de"]);
    const res = await importFile(owner, projectId, { language: "de", format: "po", content: PO });
    expect(res.body).toEqual({
      imported: 3,
      skipped: 1,
      keysCreated: 4,
      createdKeys: ["Hello", "Maybe", "One file", "menu\u0004Open"],
      replaced: 0,
      dryRun: false,
      errors: [],
      language: "de",
      format: "po",
      detectedLanguage: { language: "de", from: "po-header", projectLanguage: "de", differs: false },
    });
    expect(await storedValues(projectId, "de")).toEqual({
      Hello: "Hallo",
      "menu\u0004Open": "Öffnen",
      "One file": "{count, plural, one {Eine Datei} other {%d Dateien}}",
    });
    const keys = await server.db.prisma.key.findMany({ where: { projectId }, orderBy: { key: "asc" } });
    expect(keys.map((k) => k.key)).toEqual(["Hello", "Maybe", "One file", "menu\u0004Open"]);
    expect(keys.find((k) => k.key === "Hello")!.description).toBe("Shown on the home screen");
  });

  it("a POT creates keys and no values; descriptions fill empty ones but never replace", async () => {
    const projectId = await createProject(owner, ["de"]);
    await importFile(owner, projectId, {
      language: "en",
      format: "json-flat",
      content: JSON.stringify({ Hello: "Hello", Empty: "Empty" }),
    });
    await server.db.prisma.key.updateMany({ where: { projectId, key: "Hello" }, data: { description: "Kept" } });
    const pot =
      '#. From the template\nmsgid "Hello"\nmsgstr ""\n\n#. Filled in\nmsgid "Empty"\nmsgstr ""\n\n#. New one\nmsgid "Bye"\nmsgstr ""\n';
    const res = await importFile(owner, projectId, { language: "de", format: "pot", content: pot });
    expect(res.body).toEqual({
      imported: 0,
      skipped: 3,
      keysCreated: 1,
      createdKeys: ["Bye"],
      replaced: 0,
      dryRun: false,
      errors: [],
      language: "de",
      format: "pot",
      detectedLanguage: null,
    });
    const keys = await server.request("GET", `/api/projects/${projectId}/keys?limit=200`, { apiKey: owner.apiKey });
    const described = (keys.body.data as { key: string; description: string }[]).map((k) => [k.key, k.description]).sort();
    expect(described).toEqual([
      ["Bye", "New one"],
      ["Empty", "Filled in"],
      ["Hello", "Kept"],
    ]);
    expect(await storedValues(projectId, "de")).toEqual({});
  });

  it("imports a base64 MO file and refuses content that is not base64", async () => {
    const projectId = await createProject(owner, ["de"]);
    const mo = serialize(
      "mo",
      [
        { key: "Hello", value: "Hallo" },
        { key: "ctx\u0004Open", value: "Öffnen" },
      ],
      { language: "de" },
    );
    const res = await importFile(owner, projectId, { language: "de", format: "mo", content: Buffer.from(mo).toString("base64") });
    expect(res.body).toMatchObject({ imported: 2, skipped: 0, errors: [] });
    expect(await storedValues(projectId, "de")).toEqual({ Hello: "Hallo", "ctx\u0004Open": "Öffnen" });
    const bad = await importFile(owner, projectId, { language: "de", format: "mo", content: "this is not base64!" });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      statusCode: 400,
      message: "content: a mo file must be sent as base64",
      error: "Bad Request",
      issues: [{ path: "content", message: "is not base64" }],
    });
    const damaged = await importFile(owner, projectId, {
      language: "de",
      format: "mo",
      content: Buffer.from("not a mo file at all").toString("base64"),
    });
    expect(damaged.status).toBe(400);
    expect(damaged.body.message).toMatch(/^content: .*MO/);
  });
});

describe("namespaces", () => {
  it("puts every key of a JSON file into the given namespace, and refuses a namespace for other formats", async () => {
    const projectId = await createProject(owner, ["de"]);
    const res = await importFile(owner, projectId, {
      language: "en",
      format: "json-nested",
      namespace: "common",
      content: JSON.stringify({ button: { save: "Save" } }),
    });
    expect(res.body).toMatchObject({ imported: 1, keysCreated: 1 });
    const key = await server.db.prisma.key.findFirstOrThrow({ where: { projectId } });
    expect([key.namespace, key.key]).toEqual(["common", "button.save"]);
    // Without a namespace the dotted name of an export lands on the same namespaced key.
    const again = await importFile(owner, projectId, {
      language: "de",
      format: "json-flat",
      content: JSON.stringify({ "common.button.save": "Speichern" }),
    });
    expect(again.body).toMatchObject({ imported: 1, keysCreated: 0 });
    expect(await storedValues(projectId, "de")).toEqual({ "common.button.save": "Speichern" });

    const refused = await importFile(owner, projectId, {
      language: "de",
      format: "po",
      namespace: "common",
      content: 'msgid "a"\nmsgstr "b"\n',
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      statusCode: 400,
      message: "namespace: only the JSON formats (json-flat, json-nested, arb) take a namespace",
      error: "Bad Request",
      issues: [{ path: "namespace", message: "is only accepted for JSON formats" }],
    });
  });
});

describe("YAML", () => {
  it("strips a Rails-style top-level key equal to the import language", async () => {
    const projectId = await createProject(owner, ["de"]);
    const res = await importFile(owner, projectId, {
      language: "de",
      format: "yaml",
      content: 'de:\n  nav:\n    home: "Startseite"\n    "yes": "no"\n',
    });
    expect(res.body).toMatchObject({ imported: 2, keysCreated: 2, errors: [] });
    expect(await storedValues(projectId, "de")).toEqual({ "nav.home": "Startseite", "nav.yes": "no" });
  });
});

describe("bad input", () => {
  it("answers 400 with the parser's message and line for an unreadable file, and imports nothing", async () => {
    const projectId = await createProject(owner, ["de"]);
    const content = '{\n  "a": "one",\n  "b": "two"\n  "c": "three"\n}';
    const res = await importFile(owner, projectId, { language: "de", format: "json-flat", content });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: "Bad Request" });
    expect(res.body.message).toMatch(/^content: .*line 4/);
    expect(res.body.issues).toEqual([{ path: "content", message: res.body.message.slice("content: ".length) }]);
    expect(await server.db.prisma.key.count({ where: { projectId } })).toBe(0);
    expect(await server.db.prisma.activity.count({ where: { projectId, action: "import.completed" } })).toBe(0);

    const xml = await importFile(owner, projectId, {
      language: "de",
      format: "android-xml",
      content: '<resources>\n<string name="a">x</string>\n<string name="b">y</resources>',
    });
    expect(xml.status).toBe(400);
    expect(xml.body.message).toMatch(/line 3/);
  });

  it("lists per-entry problems and skips them without failing the import", async () => {
    const projectId = await createProject(owner, ["de"]);
    const res = await importFile(owner, projectId, {
      language: "de",
      format: "json-flat",
      content: JSON.stringify({ ok: "fine", " padded": "x", "  ": "blank", empty: null }),
    });
    expect(res.status).toBe(200);
    expect(res.body.imported).toBe(2);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { key: "  ", message: "A key made only of whitespace was skipped." },
        expect.objectContaining({ key: "empty" }),
      ]),
    );
  });

  it("skips values PostgreSQL cannot store and lists at most 1000 problems", async () => {
    const projectId = await createProject(owner, ["de"]);
    const nul = await importFile(owner, projectId, {
      language: "de",
      format: "json-flat",
      content: JSON.stringify({ good: "ok", bad: "a\u0000b" }),
    });
    expect(nul.status).toBe(200);
    expect(nul.body).toMatchObject({
      imported: 1,
      skipped: 1,
      errors: [{ key: "bad", message: "The value contains a NUL character and was skipped." }],
    });
    // A lone surrogate (escaped in the file) would be stored as U+FFFD: skipped and listed instead.
    const lone = await importFile(owner, projectId, {
      language: "de",
      format: "json-flat",
      content: '{"fine": "ok", "half": "a\\ud800b", "\\udc00k": "v"}',
    });
    expect(lone.status).toBe(200);
    expect(lone.body).toMatchObject({ imported: 1, skipped: 2 });
    expect(lone.body.errors).toEqual(
      expect.arrayContaining([
        { key: "half", message: "The value is not valid Unicode text (a lone surrogate) and was skipped." },
        expect.objectContaining({ message: "The key is not valid Unicode text (a lone surrogate) and was skipped." }),
      ]),
    );
    const many = Object.fromEntries(Array.from({ length: 1500 }, (_, i) => [`k${i}`, `a\u0000${i}`]));
    const res = await importFile(owner, projectId, { language: "de", format: "json-flat", content: JSON.stringify(many) });
    expect(res.body.skipped).toBe(1500);
    expect(res.body.errors).toHaveLength(1001);
    expect(res.body.errors[1000]).toEqual({ message: "500 more problems are not listed." });
    const act = await server.db.prisma.activity.findFirstOrThrow({
      where: { projectId, action: "import.completed" },
      orderBy: { createdAt: "desc" },
    });
    expect(act.metadata).toMatchObject({ errorCount: 1500 });
  });

  it("validates format and language", async () => {
    const projectId = await createProject(owner, ["de"]);
    const unknownFormat = await importFile(owner, projectId, { language: "de", format: "docx", content: "x" });
    expect(unknownFormat.status).toBe(400);
    expect(unknownFormat.body).toMatchObject({
      statusCode: 400,
      error: "Bad Request",
      issues: [expect.objectContaining({ path: "format" })],
    });
    expect(unknownFormat.body.message).toMatch(/^format: /);

    const other = await importFile(owner, projectId, { language: "fr", format: "json-flat", content: "{}" });
    expect(other.status).toBe(400);
    expect(other.body).toEqual({
      statusCode: 400,
      message: 'language: "fr" is not a language of this project',
      error: "Bad Request",
      issues: [{ path: "language", message: "is not the source or a target language of the project" }],
    });
    const invalid = await importFile(owner, projectId, { language: "not a language!", format: "json-flat", content: "{}" });
    expect(invalid.status).toBe(400);
    expect(invalid.body.issues[0].path).toBe("language");
    const missing = await importFile(owner, projectId, { format: "json-flat" });
    expect(missing.status).toBe(400);
    expect(missing.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(["content", "language"]);
  });

  it("accepts a canonicalised language code", async () => {
    const projectId = await createProject(owner, ["pt-BR"]);
    const res = await importFile(owner, projectId, { language: "pt-br", format: "json-flat", content: JSON.stringify({ a: "Olá" }) });
    expect(res.body).toMatchObject({ imported: 1, language: "pt-BR" });
  });

  it("answers 413 with the documented body for a body over MAX_BODY_BYTES", async () => {
    const projectId = await createProject(owner, ["de"]);
    const big = JSON.stringify(Object.fromEntries(Array.from({ length: 40_000 }, (_, i) => [`key.${i}`, "a value that takes some room"])));
    const res = await importFile(owner, projectId, { language: "de", format: "json-flat", content: big });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ statusCode: 413, message: "Request body is too large", error: "Payload Too Large" });
    expect(await server.db.prisma.key.count({ where: { projectId } })).toBe(0);
  });
});

describe("permissions and tenancy", () => {
  async function memberWithRole(role: "reviewer" | "translator" | "developer") {
    const user = await signUpUser(server, `A ${role}`);
    await server.db.prisma.membership.create({ data: { organizationId: owner.orgId, userId: user.userId, role } });
    const { secret } = await createSession(server.db, user.userId, owner.orgId);
    return { cookie: `sid=${secret}` };
  }

  it("refuses reviewers and translators with 403, lets developers import", async () => {
    const projectId = await createProject(owner, ["de"]);
    const body = { language: "de", format: "json-flat", content: JSON.stringify({ a: "A" }) };
    for (const role of ["reviewer", "translator"] as const) {
      const res = await importFile(await memberWithRole(role), projectId, body);
      expect(res.status).toBe(403);
      expect(res.body).toEqual(FORBIDDEN);
    }
    const dev = await importFile(await memberWithRole("developer"), projectId, body);
    expect(dev.status).toBe(200);
    expect(dev.body.imported).toBe(1);
  });

  it("answers 404 for another organization's project and 401 without credentials", async () => {
    const projectId = await createProject(owner, ["de"]);
    const stranger = await signUpUser(server, "Stranger");
    const res = await importFile(stranger, projectId, { language: "de", format: "json-flat", content: "{}" });
    expect(res.status).toBe(404);
    expect(res.body).toEqual(PROJECT_NOT_FOUND);
    const anonymous = await server.request("POST", `/api/projects/${projectId}/import`, {
      body: { language: "de", format: "json-flat", content: "{}" },
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ statusCode: 401, message: "Unauthorized", error: "Unauthorized" });
  });

  it("refuses imports into an archived project with 409", async () => {
    const projectId = await createProject(owner, ["de"]);
    expect((await server.request("DELETE", `/api/projects/${projectId}`, { apiKey: owner.apiKey })).status).toBe(200);
    const res = await importFile(owner, projectId, { language: "de", format: "json-flat", content: "{}" });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ statusCode: 409, message: "Project is archived", error: "Conflict" });
  });

  it("answers under /api/v1 too", async () => {
    const projectId = await createProject(owner, ["de"]);
    const res = await server.request("POST", `/api/v1/projects/${projectId}/import`, {
      apiKey: owner.apiKey,
      body: { language: "de", format: "yaml", content: "a: A\n" },
    });
    expect(res.status).toBe(200);
    expect(res.body.imported).toBe(1);
  });
});

/** POST /projects/:id/import/:language with the file as the body. */
function importBody(
  user: TestUser,
  projectId: string,
  language: string,
  query: string,
  body: BodyInit,
  headers: Record<string, string> = {},
) {
  return fetch(`${server.url}/api/projects/${projectId}/import/${language}?${query}`, {
    method: "POST",
    headers: { "x-api-key": user.apiKey, "content-type": "application/octet-stream", ...headers },
    body,
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit).then(async (res) => ({ status: res.status, body: await res.json() }));
}

describe("import with the file as the request body", () => {
  it("imports the same as the JSON endpoint, in any content type, with overwrite and namespace in the query", async () => {
    const projectId = await createProject(owner, ["de"]);
    const nested = JSON.stringify({ nav: { home: "Startseite", back: "Zurück" }, count: 3, gone: null });
    const res = await importBody(owner, projectId, "de", "format=json-nested", nested, { "content-type": "application/json" });
    expect(res).toEqual({
      status: 200,
      body: {
        imported: 3,
        skipped: 0,
        keysCreated: 3,
        createdKeys: ["nav.home", "nav.back", "count"],
        replaced: 0,
        dryRun: false,
        errors: [
          { key: "count", message: '"count" is a number (3), not a string; it was imported as the text "3".' },
          { key: "gone", message: '"gone" has no value and was skipped.' },
        ],
        language: "de",
        format: "json-nested",
        detectedLanguage: null,
      },
    });
    expect(await storedValues(projectId, "de")).toEqual({ "nav.home": "Startseite", "nav.back": "Zurück", count: "3" });
    const again = await importBody(owner, projectId, "de", "format=json-flat&overwrite=true", JSON.stringify({ "nav.home": "Start" }));
    expect(again.body).toMatchObject({ imported: 1, keysCreated: 0 });
    const spaced = await importBody(owner, projectId, "de", "format=json-flat&namespace=app", JSON.stringify({ title: "Titel" }));
    expect(spaced.body).toMatchObject({ imported: 1, keysCreated: 1 });
    expect(await storedValues(projectId, "de")).toMatchObject({ "nav.home": "Start", "app.title": "Titel" });
  });

  it("takes MO as the binary file and other formats as their text", async () => {
    const projectId = await createProject(owner, ["de"]);
    const mo = serialize("mo", [{ key: "hello", value: "Hallo" }], { language: "de", sourceLanguage: "en" }) as Uint8Array;
    expect((await importBody(owner, projectId, "de", "format=mo", new Blob([mo as Uint8Array<ArrayBuffer>]))).body).toMatchObject({
      imported: 1,
    });
    const po = serialize("po", [{ key: "bye", value: "Tschüss" }], { language: "de", sourceLanguage: "en" }) as string;
    expect((await importBody(owner, projectId, "de", "format=po", po)).body).toMatchObject({ imported: 1 });
    expect(await storedValues(projectId, "de")).toEqual({ hello: "Hallo", bye: "Tschüss" });
  });

  it("keeps the first of a repeated key across batches, and rolls everything back when the file breaks after 6,000 entries", async () => {
    const projectId = await createProject(owner, ["de"]);
    const entries = Array.from({ length: 6_000 }, (_, i) => `"k${i}": "v${i}"`); // two batches
    const repeated = await importBody(owner, projectId, "de", "format=json-flat", `{${entries.join(",\n")},\n"k1": "again"}`);
    expect(repeated.body).toMatchObject({ imported: 6_000, skipped: 1, keysCreated: 6_000 });
    expect(repeated.body.errors).toEqual([{ key: "k1", message: 'Duplicate key "k1"; the first occurrence was kept.' }]);

    const other = await createProject(owner, ["de"]);
    const broken = await importBody(owner, other, "de", "format=json-flat", `{${entries.join(",\n")},\n"late" "x"}`);
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({
      statusCode: 400,
      message: 'content: The file is not valid JSON: unexpected "x" (line 6001)',
      error: "Bad Request",
      issues: [{ path: "content", message: 'The file is not valid JSON: unexpected "x" (line 6001)' }],
    });
    expect(await server.db.prisma.key.count({ where: { projectId: other } })).toBe(0);
    expect(await server.db.prisma.activity.count({ where: { projectId: other, action: "import.completed" } })).toBe(0);
  });

  it("accepts a body over MAX_BODY_BYTES up to IMPORT_MAX_BODY_BYTES, and answers 413 beyond it, declared or streamed", async () => {
    const projectId = await createProject(owner, ["de"]);
    const file = (keys: number) =>
      JSON.stringify(Object.fromEntries(Array.from({ length: keys }, (_, i) => [`key.${i}`, `${i} `.repeat(100)])));
    const medium = file(3_000); // about 1.5 MiB: over the JSON limit, under the import limit
    expect(medium.length).toBeGreaterThan(1024 * 1024);
    expect((await importBody(owner, projectId, "de", "format=json-nested", medium)).body).toMatchObject({ imported: 3_000 });

    const other = await createProject(owner, ["de"]);
    const TOO_LARGE = { statusCode: 413, message: "Request body is too large", error: "Payload Too Large" };
    const big = file(6_000); // about 3 MiB
    expect(await importBody(owner, other, "de", "format=json-nested", big)).toEqual({ status: 413, body: TOO_LARGE });
    // Without a Content-Length the limit is found while streaming.
    const bytes = new TextEncoder().encode(big);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 64 * 1024) controller.enqueue(bytes.subarray(i, i + 64 * 1024));
        controller.close();
      },
    });
    expect(await importBody(owner, other, "de", "format=json-nested", stream)).toEqual({ status: 413, body: TOO_LARGE });
    expect(await server.db.prisma.key.count({ where: { projectId: other } })).toBe(0);
  });

  it("validates the query, the credentials and the project before reading the file", async () => {
    const projectId = await createProject(owner, ["de"]);
    const missing = await importBody(owner, projectId, "de", "", "{}");
    expect(missing).toEqual({
      status: 400,
      body: { statusCode: 400, message: "format: is required", error: "Bad Request", issues: [{ path: "format", message: "is required" }] },
    });
    expect((await importBody(owner, projectId, "de", "format=docx", "{}")).body.issues).toEqual([
      { path: "format", message: "is not a supported format" },
    ]);
    expect((await importBody(owner, projectId, "fr", "format=json-flat", "{}")).body.issues).toEqual([
      { path: "language", message: "is not the source or a target language of the project" },
    ]);
    expect((await importBody(owner, projectId, "de", "format=po&namespace=x", "")).body.issues).toEqual([
      { path: "namespace", message: "is only accepted for JSON formats" },
    ]);
    expect((await importBody(owner, projectId, "de", "format=json-flat&overwrite=yes", "{}")).body.issues).toEqual([
      { path: "overwrite", message: 'must be "true" or "false"' },
    ]);
    const anonymous = await fetch(`${server.url}/api/projects/${projectId}/import/de?format=json-flat`, { method: "POST", body: "{}" });
    expect(anonymous.status).toBe(401);
    const stranger = await signUpUser(server, "Stranger");
    expect(await importBody(stranger, projectId, "de", "format=json-flat", "{}")).toEqual({ status: 404, body: PROJECT_NOT_FOUND });
  });
});
