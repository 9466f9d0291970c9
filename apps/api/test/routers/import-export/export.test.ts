// GET /api/projects/:projectId/export/:language and GET /api/projects/:projectId/formats, black-box
// over HTTP: headers, per-format key selection, ordering, truncation, binary MO, source text and
// notes, permissions and tenancy, and the Android plurals → PO/stringsdict acceptance scenario.
import { execFileSync } from "node:child_process";
import { createSession } from "@locale/core";
import { FORMAT_IDS, parse, pluralCategories, serialize } from "@locale/formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../../helpers/test-server";

let server: TestServer;
let owner: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpUser(server, "Emil Exporter");
});
afterAll(async () => {
  await server.close();
});

const FORBIDDEN = { statusCode: 403, message: "Forbidden resource", error: "Forbidden" };

async function createProject(user: TestUser, targetLanguages: string[], sourceLanguage = "en"): Promise<string> {
  const res = await server.request("POST", "/api/projects", {
    apiKey: user.apiKey,
    body: { name: "Export test", sourceLanguage, targetLanguages },
  });
  expect(res.status).toBe(201);
  return res.body._id as string;
}

async function importJson(projectId: string, language: string, values: Record<string, string>, namespace?: string) {
  const res = await server.request("POST", `/api/projects/${projectId}/import`, {
    apiKey: owner.apiKey,
    body: { language, format: "json-flat", content: JSON.stringify(values), ...(namespace !== undefined ? { namespace } : {}) },
  });
  expect(res.status).toBe(200);
  return res.body;
}

interface Download {
  status: number;
  headers: Headers;
  bytes: Uint8Array;
  text: string;
  json: any;
}

async function download(
  projectId: string,
  language: string,
  query: string,
  auth: { apiKey?: string; cookie?: string } = { apiKey: owner.apiKey },
): Promise<Download> {
  const headers: Record<string, string> = {};
  if (auth.apiKey) headers["x-api-key"] = auth.apiKey;
  if (auth.cookie) headers.cookie = auth.cookie;
  const res = await fetch(`${server.url}/api/projects/${projectId}/export/${language}${query}`, { headers });
  const bytes = new Uint8Array(await res.arrayBuffer());
  const text = new TextDecoder().decode(bytes);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, bytes, text, json };
}

describe("export headers and body", () => {
  let projectId: string;
  beforeAll(async () => {
    projectId = await createProject(owner, ["de", "fr"]);
    await importJson(projectId, "en", { "b.title": "Title", "a.hello": "Hello", "c.bye": "Bye" });
    await importJson(projectId, "de", { "a.hello": "Hallo", "b.title": "Titel" });
  });

  it("answers the raw file with the documented headers", async () => {
    const res = await download(projectId, "de", "?format=json-flat");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/octet-stream");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="de.json"');
    expect(res.headers.get("x-total-keys")).toBe("2");
    expect(res.headers.get("x-export-truncated")).toBe("false");
    expect(res.text).toBe(
      serialize(
        "json-flat",
        [
          { key: "a.hello", value: "Hallo" },
          { key: "b.title", value: "Titel" },
        ],
        { language: "de" },
      ),
    );
    const v1 = await fetch(`${server.url}/api/v1/projects/${projectId}/export/de?format=json-flat`, {
      headers: { "x-api-key": owner.apiKey },
    });
    expect(v1.status).toBe(200);
    expect(await v1.text()).toBe(res.text);
  });

  it("names the file after the language and the format's extension", async () => {
    const expected: Record<string, string> = {
      "json-flat": "json",
      "json-nested": "json",
      yaml: "yml",
      "android-xml": "xml",
      "ios-strings": "strings",
      "ios-stringsdict": "stringsdict",
      xliff: "xlf",
      xliff2: "xlf",
      arb: "arb",
      po: "po",
      pot: "pot",
      mo: "mo",
    };
    for (const format of FORMAT_IDS) {
      const res = await download(projectId, "de", `?format=${format}`);
      expect(res.status, format).toBe(200);
      expect(res.headers.get("content-disposition")).toBe(`attachment; filename="de.${expected[format]}"`);
    }
  });

  it("writes only translated keys in runtime formats and every key in translator formats, unless includeUntranslated says otherwise", async () => {
    const runtime = await download(projectId, "de", "?format=json-nested");
    expect(runtime.json).toEqual({ a: { hello: "Hallo" }, b: { title: "Titel" } });
    expect(runtime.headers.get("x-total-keys")).toBe("2");
    const all = await download(projectId, "de", "?format=json-nested&includeUntranslated=true");
    expect(all.json).toEqual({ a: { hello: "Hallo" }, b: { title: "Titel" }, c: { bye: "" } });
    expect(all.headers.get("x-total-keys")).toBe("3");

    const xliff = await download(projectId, "de", "?format=xliff");
    expect(xliff.headers.get("x-total-keys")).toBe("3");
    const parsed = parse("xliff", xliff.text);
    expect(parsed.entries.map((e) => [e.key, e.value, e.sourceText])).toEqual([
      ["a.hello", "Hallo", "Hello"],
      ["b.title", "Titel", "Title"],
      ["c.bye", "", "Bye"],
    ]);
    const onlyTranslated = await download(projectId, "de", "?format=po&includeUntranslated=false");
    expect(onlyTranslated.headers.get("x-total-keys")).toBe("2");
    expect(onlyTranslated.text).not.toContain('msgid "c.bye"');
    const po = await download(projectId, "de", "?format=po");
    expect(po.text).toContain('msgid "c.bye"\nmsgstr ""');
  });

  it("exports a target language with no translations as an empty runtime file", async () => {
    const res = await download(projectId, "fr", "?format=json-flat");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({});
    expect(res.headers.get("x-total-keys")).toBe("0");
  });

  it("records export.completed activity", async () => {
    await download(projectId, "de", "?format=yaml");
    const act = await server.db.prisma.activity.findFirstOrThrow({
      where: { projectId, action: "export.completed" },
      orderBy: { createdAt: "desc" },
    });
    expect(act.metadata).toEqual({ language: "de", format: "yaml", totalKeys: 2, truncated: false });
    expect(act.userId).toBe(owner.userId);
  });

  it("refuses an unknown or missing format and a bad includeUntranslated with 400", async () => {
    const unknown = await download(projectId, "de", "?format=docx");
    expect(unknown.status).toBe(400);
    expect(unknown.json).toEqual({
      statusCode: 400,
      message: 'format: "docx" is not a supported format',
      error: "Bad Request",
      issues: [{ path: "format", message: "is not a supported format" }],
    });
    const missing = await download(projectId, "de", "");
    expect(missing.json).toEqual({
      statusCode: 400,
      message: "format: is required",
      error: "Bad Request",
      issues: [{ path: "format", message: "is required" }],
    });
    const nul = await download(projectId, "de", "?format=po&namespace=%00");
    expect(nul.status).toBe(400);
    expect(nul.json.issues).toEqual([{ path: "namespace", message: "must not contain NUL characters" }]);
    const flag = await download(projectId, "de", "?format=po&includeUntranslated=yes");
    expect(flag.status).toBe(400);
    expect(flag.json.issues).toEqual([{ path: "includeUntranslated", message: 'must be "true" or "false"' }]);
  });
});

describe("ordering, namespaces, notes", () => {
  it("orders keys by namespace then key, and a namespace filter writes bare keys that re-import into that namespace", async () => {
    const projectId = await createProject(owner, ["de"]);
    await importJson(projectId, "en", { zeta: "Z", alpha: "A" });
    await importJson(projectId, "en", { "b-key": "B", "a-key": "A" }, "common");
    await importJson(projectId, "en", { only: "O" }, "admin");
    const po = await download(projectId, "en", "?format=po");
    const ids = [...po.text.matchAll(/^msgid "(.+)"$/gm)].map((m) => m[1]);
    expect(ids).toEqual(["alpha", "zeta", "admin.only", "common.a-key", "common.b-key"]);

    const common = await download(projectId, "en", "?format=json-flat&namespace=common");
    expect(common.json).toEqual({ "a-key": "A", "b-key": "B" });
    expect(common.headers.get("x-total-keys")).toBe("2");
    const back = await server.request("POST", `/api/projects/${projectId}/import`, {
      apiKey: owner.apiKey,
      body: { language: "de", format: "json-flat", namespace: "common", content: JSON.stringify({ "a-key": "A-de" }) },
    });
    expect(back.body).toMatchObject({ imported: 1, keysCreated: 0 });
  });

  it("json-flat lists keys by namespace then key (keys without a namespace first)", async () => {
    const projectId = await createProject(owner, ["de"]);
    await importJson(projectId, "en", { zeta: "Z", alpha: "A" });
    await importJson(projectId, "en", { mid: "M", aaa: "AA" }, "beta");
    const flat = await download(projectId, "en", "?format=json-flat");
    expect(Object.keys(flat.json)).toEqual(["alpha", "zeta", "beta.aaa", "beta.mid"]);
    expect(flat.headers.get("x-total-keys")).toBe("4");
    const nested = await download(projectId, "en", "?format=json-nested");
    expect(nested.json).toEqual({ alpha: "A", beta: { aaa: "AA", mid: "M" }, zeta: "Z" });
  });

  it("streams JSON files as the library writes them, and leaves integer-like names to the library", async () => {
    const projectId = await createProject(owner, ["de"]);
    await importJson(projectId, "en", { "a-b.x": "1", "a.y": "2", a: "leaf", "nav.home": "bare", "zeta.z": "3" });
    await importJson(projectId, "en", { home: "namespaced", back: "B" }, "nav");
    // json-nested in full-key byte order, json-flat by namespace then key; the two `nav.home` keys
    // (bare, then namespaced) are one property holding the last value.
    const byFullKey = [
      { key: "a", value: "leaf" },
      { key: "a-b.x", value: "1" },
      { key: "a.y", value: "2" },
      { key: "back", value: "B", namespace: "nav" },
      { key: "nav.home", value: "bare" },
      { key: "home", value: "namespaced", namespace: "nav" },
      { key: "zeta.z", value: "3" },
    ];
    const byNamespace = [
      { key: "a", value: "leaf" },
      { key: "a-b.x", value: "1" },
      { key: "a.y", value: "2" },
      { key: "nav.home", value: "bare" },
      { key: "zeta.z", value: "3" },
      { key: "back", value: "B", namespace: "nav" },
      { key: "home", value: "namespaced", namespace: "nav" },
    ];
    for (const format of ["json-nested", "json-flat"] as const) {
      const file = await download(projectId, "en", `?format=${format}`);
      expect(file.text).toBe(serialize(format, format === "json-nested" ? byFullKey : byNamespace, { language: "en" }));
      expect(file.headers.get("content-length")).toBe(String(file.bytes.byteLength));
      expect(file.headers.get("x-total-keys")).toBe("7");
    }
    const listed = await createProject(owner, ["de"]);
    await importJson(listed, "en", { "list.10": "ten", "list.9": "nine", "list.x": "x" });
    const nested = await download(listed, "en", "?format=json-nested");
    expect(Object.keys(nested.json.list)).toEqual(["9", "10", "x"]);
    expect(nested.headers.get("x-total-keys")).toBe("3");
  });

  it("writes key descriptions as XLIFF notes and PO comments, and the source value as XLIFF source", async () => {
    const projectId = await createProject(owner, ["de"]);
    const pot = '#. Button that saves the form\nmsgid "save"\nmsgstr ""\n';
    await server.request("POST", `/api/projects/${projectId}/import`, {
      apiKey: owner.apiKey,
      body: { language: "en", format: "pot", content: pot },
    });
    await importJson(projectId, "en", { save: "Save" });
    await importJson(projectId, "de", { save: "Speichern" });
    const xliff2 = await download(projectId, "de", "?format=xliff2");
    expect(parse("xliff2", xliff2.text).entries).toEqual([
      expect.objectContaining({ key: "save", value: "Speichern", sourceText: "Save", description: "Button that saves the form" }),
    ]);
    const po = await download(projectId, "de", "?format=po");
    expect(po.text).toContain('#. Button that saves the form\nmsgid "save"\nmsgstr "Speichern"');
  });
});

describe("entries a format cannot express", () => {
  it("are left out of the file, counted in X-Export-Skipped and listed in the export activity", async () => {
    const projectId = await createProject(owner, ["de"]);
    const po = [
      'msgid ""',
      'msgstr ""',
      '"Content-Type: text/plain; charset=UTF-8\\n"',
      "",
      'msgctxt "menu"',
      'msgid "Open"',
      'msgstr "Open"',
      "",
    ];
    const imported = await server.request("POST", `/api/projects/${projectId}/import`, {
      apiKey: owner.apiKey,
      body: {
        language: "en",
        format: "po",
        content: [
          ...po,
          'msgid "Hello, world!"',
          'msgstr "Hello, world!"',
          "",
          'msgid "ok_button"',
          'msgstr "OK"',
          "",
          'msgid "Usage:\\n"',
          'msgstr "Usage:\\n"',
          "",
        ].join("\n"),
      },
    });
    expect(imported.body).toMatchObject({ imported: 4, keysCreated: 4, errors: [] });
    const res = await download(projectId, "en", "?format=android-xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("x-export-skipped")).toBe("3");
    expect(res.headers.get("x-total-keys")).toBe("1");
    expect(res.headers.get("access-control-expose-headers")).toContain("X-Export-Skipped");
    expect(parse("android-xml", res.text).entries.map((e) => e.key)).toEqual(["ok_button"]);
    const act = await server.db.prisma.activity.findFirstOrThrow({
      where: { projectId, action: "export.completed" },
      orderBy: { createdAt: "desc" },
    });
    expect(act.metadata).toMatchObject({
      format: "android-xml",
      totalKeys: 1,
      skippedCount: 3,
      skipped: expect.arrayContaining([
        { key: "menu\u0004Open", reason: "not a valid Android resource name" },
        { key: "Hello, world!", reason: "not a valid Android resource name" },
        { key: "Usage:\n", reason: "not a valid Android resource name" },
      ]),
    });
    // The same keys are expressible in PO: nothing is skipped, and the msgid ending in a newline is kept exactly.
    const asPo = await download(projectId, "en", "?format=po");
    expect(asPo.headers.get("x-export-skipped")).toBe("0");
    expect(
      parse("po", asPo.text, { language: "en" })
        .entries.map((e) => e.key)
        .sort(),
    ).toEqual(["Hello, world!", "Usage:\n", "menu\u0004Open", "ok_button"].sort());
  });
});

describe("MO and truncation", () => {
  it("exports MO as the binary file the library writes for the same entries", async () => {
    const projectId = await createProject(owner, ["de"]);
    await importJson(projectId, "en", { Hello: "Hello", Open: "Open" });
    await importJson(projectId, "de", { Hello: "Hallo", Open: "Öffnen" });
    const res = await download(projectId, "de", "?format=mo");
    expect(res.headers.get("content-type")).toBe("application/octet-stream");
    const expected = serialize(
      "mo",
      [
        { key: "Hello", value: "Hallo", sourceText: "Hello" },
        { key: "Open", value: "Öffnen", sourceText: "Open" },
      ],
      { language: "de", sourceLanguage: "en" },
    );
    expect(Buffer.from(res.bytes).equals(Buffer.from(expected))).toBe(true);
    expect(Number(res.headers.get("content-length"))).toBe(expected.byteLength);
    expect(res.headers.get("x-total-keys")).toBe("2");
    if (hasMsgunfmt) {
      const po = execFileSync("msgunfmt", ["-"], { input: res.bytes, stdio: ["pipe", "pipe", "ignore"] }).toString();
      expect(po).toContain('msgid "Open"\nmsgstr "Öffnen"');
    }
  });

  it("counts only written entries in X-Total-Keys of an MO export, even with includeUntranslated", async () => {
    const projectId = await createProject(owner, ["de"]);
    await importJson(projectId, "en", { Hello: "Hello", Open: "Open" });
    await importJson(projectId, "de", { Hello: "Hallo" });
    const res = await download(projectId, "de", "?format=mo&includeUntranslated=true");
    expect(res.headers.get("x-total-keys")).toBe("1");
    expect(parse("mo", res.bytes, { language: "de" }).entries.map((e) => e.key)).toEqual(["Hello"]);
  });

  it("cuts the file at EXPORT_MAX_BYTES by dropping whole entries, keeping it well-formed", async () => {
    const small = await startTestServer({ EXPORT_MAX_BYTES: "2000" });
    try {
      const user = await signUpUser(small);
      const created = await small.request("POST", "/api/projects", {
        apiKey: user.apiKey,
        body: { name: "T", sourceLanguage: "en", targetLanguages: [] },
      });
      const values = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`key.${String(i).padStart(3, "0")}`, `Value number ${i}`]));
      await small.request("POST", `/api/projects/${created.body._id}/import`, {
        apiKey: user.apiKey,
        body: { language: "en", format: "json-flat", content: JSON.stringify(values) },
      });
      for (const format of ["json-flat", "json-nested", "xliff", "po", "mo"] as const) {
        const res = await fetch(`${small.url}/api/projects/${created.body._id}/export/en?format=${format}`, {
          headers: { "x-api-key": user.apiKey },
        });
        const bytes = new Uint8Array(await res.arrayBuffer());
        expect(res.headers.get("x-export-truncated"), format).toBe("true");
        expect(bytes.byteLength).toBeLessThanOrEqual(2000);
        const total = Number(res.headers.get("x-total-keys"));
        expect(total).toBeGreaterThan(0);
        expect(total).toBeLessThan(200);
        const entries = parse(format, format === "mo" ? bytes : new TextDecoder().decode(bytes), { language: "en" }).entries;
        expect(entries.map((e) => e.key)).toEqual(Object.keys(values).slice(0, total));
      }
      // json-flat streams only when even its worst case (every byte escaped) fits: this file fits,
      // its worst case does not, so it comes whole from the temporary file.
      const fits = await small.request("POST", "/api/projects", {
        apiKey: user.apiKey,
        body: { name: "Fits", sourceLanguage: "en", targetLanguages: [] },
      });
      const few = Object.fromEntries(
        Array.from({ length: 40 }, (_, i) => [`k${String(i).padStart(2, "0")}`, `v${String(i).padStart(2, "0")}`]),
      );
      await small.request("POST", `/api/projects/${fits.body._id}/import`, {
        apiKey: user.apiKey,
        body: { language: "en", format: "json-flat", content: JSON.stringify(few) },
      });
      const whole = await fetch(`${small.url}/api/projects/${fits.body._id}/export/en?format=json-flat`, {
        headers: { "x-api-key": user.apiKey },
      });
      const wholeText = await whole.text();
      expect(whole.headers.get("x-export-truncated")).toBe("false");
      expect(whole.headers.get("x-total-keys")).toBe("40");
      expect(whole.headers.get("content-length")).toBe(String(Buffer.byteLength(wholeText)));
      expect(wholeText).toBe(`${JSON.stringify(few, null, 2)}\n`);
      const act = await small.db.prisma.activity.findFirstOrThrow({
        where: { action: "export.completed", metadata: { path: ["format"], equals: "mo" } },
      });
      expect(act.metadata).toMatchObject({ truncated: true });
    } finally {
      await small.close();
    }
  });
});

describe("languages, permissions and tenancy", () => {
  async function memberCookie(role: "reviewer" | "translator") {
    const user = await signUpUser(server, `A ${role}`);
    await server.db.prisma.membership.create({ data: { organizationId: owner.orgId, userId: user.userId, role } });
    const { secret } = await createSession(server.db, user.userId, owner.orgId);
    return `sid=${secret}`;
  }

  it("answers 404 for a removed target language and for a language the project never had", async () => {
    const projectId = await createProject(owner, ["de", "fr"]);
    await importJson(projectId, "fr", { a: "Bonjour" });
    expect((await download(projectId, "fr", "?format=json-flat")).status).toBe(200);
    expect((await server.request("DELETE", `/api/projects/${projectId}/languages/fr`, { apiKey: owner.apiKey })).status).toBe(200);
    const removed = await download(projectId, "fr", "?format=json-flat");
    expect(removed.status).toBe(404);
    expect(removed.json).toEqual({ statusCode: 404, message: "Language not found", error: "Not Found" });
    expect((await download(projectId, "it", "?format=json-flat")).json).toEqual({
      statusCode: 404,
      message: "Language not found",
      error: "Not Found",
    });
  });

  it("lets reviewers and translators export, and archived projects stay exportable", async () => {
    const projectId = await createProject(owner, ["de"]);
    await importJson(projectId, "de", { a: "A" });
    for (const role of ["reviewer", "translator"] as const) {
      const res = await download(projectId, "de", "?format=json-flat", { cookie: await memberCookie(role) });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ a: "A" });
    }
    await server.request("DELETE", `/api/projects/${projectId}`, { apiKey: owner.apiKey });
    expect((await download(projectId, "de", "?format=json-flat")).status).toBe(200);
  });

  it("answers 401 without credentials, 404 to another organization, 403 to a token without the export scope", async () => {
    const projectId = await createProject(owner, ["de"]);
    const anonymous = await download(projectId, "de", "?format=json-flat", {});
    expect(anonymous.status).toBe(401);
    expect(anonymous.json).toEqual({ statusCode: 401, message: "Unauthorized", error: "Unauthorized" });
    const stranger = await signUpUser(server, "Stranger");
    const foreign = await download(projectId, "de", "?format=json-flat", { apiKey: stranger.apiKey });
    expect(foreign.status).toBe(404);
    expect(foreign.json).toEqual({ statusCode: 404, message: "Project not found", error: "Not Found" });
    const formats = await server.request("GET", `/api/projects/${projectId}/formats`, { apiKey: stranger.apiKey });
    expect(formats.status).toBe(404);
    const token = await server.request("POST", `/api/organizations/${owner.orgId}/tokens`, {
      apiKey: owner.apiKey,
      body: { name: "keys only", scopes: ["keys:read", "projects:read"] },
    });
    expect(token.status).toBe(201);
    const scoped = await download(projectId, "de", "?format=json-flat", { apiKey: token.body.token });
    expect(scoped.status).toBe(403);
    expect(scoped.json).toEqual(FORBIDDEN);
  });

  it("lists the 12 format ids", async () => {
    const projectId = await createProject(owner, ["de"]);
    const res = await server.request("GET", `/api/projects/${projectId}/formats`, { apiKey: owner.apiKey });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      "json-flat",
      "json-nested",
      "yaml",
      "android-xml",
      "ios-strings",
      "ios-stringsdict",
      "xliff",
      "xliff2",
      "arb",
      "po",
      "pot",
      "mo",
    ]);
  });

  it("documents the export route in the OpenAPI document", async () => {
    const doc = await server.request("GET", "/api/openapi.json");
    const op = doc.body.paths["/projects/{projectId}/export/{language}"].get;
    expect(Object.keys(op.responses).sort()).toEqual(["200", "400", "401", "403", "404", "429", "503", "507"]);
    expect(Object.keys(op.responses["200"].content)).toEqual(["application/octet-stream"]);
    expect(doc.body.paths["/projects/{projectId}/import"].post).toBeDefined();
  });
});

describe("acceptance: Android plurals exported as PO and stringsdict", () => {
  const STRINGS_XML = `<?xml version="1.0" encoding="utf-8"?>
<resources>
    <!-- Title of the inbox screen -->
    <string name="inbox_title">Inbox</string>
    <plurals name="inbox_count">
        <item quantity="one">%d new message</item>
        <item quantity="other">%d new messages</item>
    </plurals>
</resources>
`;
  const TRANSLATED: Record<string, string> = {
    de: "{count, plural, one {%d neue Nachricht} other {%d neue Nachrichten}}",
    ru: "{count, plural, one {%d новое сообщение} few {%d новых сообщения} many {%d новых сообщений} other {%d новых сообщения}}",
    ar: "{count, plural, zero {لا رسائل} one {رسالة واحدة} two {رسالتان} few {%d رسائل} many {%d رسالة} other {%d رسالة}}",
    ja: "{count, plural, other {%d 件の新着メッセージ}}",
  };
  // GNU gettext's own Plural-Forms: Russian has 3 forms (CLDR's `other` is for fractions only).
  const NPLURALS: Record<string, number> = { en: 2, de: 2, ru: 3, ar: 6, ja: 1 };
  const FROM_PO: Record<string, string> = {
    ru: "{count, plural, one {%d новое сообщение} few {%d новых сообщения} many {%d новых сообщений} other {%d новых сообщений}}",
  };
  let projectId: string;

  beforeAll(async () => {
    projectId = await createProject(owner, ["de", "ru", "ar", "ja"]);
    const imported = await server.request("POST", `/api/projects/${projectId}/import`, {
      apiKey: owner.apiKey,
      body: { language: "en", format: "android-xml", content: STRINGS_XML },
    });
    expect(imported.body).toEqual({
      imported: 2,
      skipped: 0,
      keysCreated: 2,
      createdKeys: ["inbox_title", "inbox_count"],
      replaced: 0,
      dryRun: false,
      errors: [],
      language: "en",
      format: "android-xml",
      detectedLanguage: null,
    });
    // German and Japanese arrive as a file, Russian and Arabic are typed in the editor (PUT).
    for (const language of ["de", "ja"]) {
      await importJson(projectId, language, { inbox_title: `[${language}] Inbox`, inbox_count: TRANSLATED[language]! });
    }
    const keys = await server.request("GET", `/api/projects/${projectId}/keys?limit=200`, { apiKey: owner.apiKey });
    const keyId = (name: string) => (keys.body.data as { _id: string; key: string }[]).find((k) => k.key === name)!._id;
    for (const language of ["ru", "ar"]) {
      for (const [name, value] of [
        ["inbox_title", `[${language}] Inbox`],
        ["inbox_count", TRANSLATED[language]!],
      ] as const) {
        const put = await server.request("PUT", `/api/projects/${projectId}/keys/${keyId(name)}/translations/${language}`, {
          apiKey: owner.apiKey,
          body: { value },
        });
        expect(put.status).toBe(200);
      }
    }
  });

  for (const language of ["en", "de", "ru", "ar", "ja"]) {
    it(`exports ${language} as PO with the language's plural forms`, async () => {
      const res = await download(projectId, language, "?format=po");
      expect(res.status).toBe(200);
      expect(res.text).toContain(`"Language: ${language}\\n"`);
      expect(res.text).toMatch(new RegExp(`"Plural-Forms: nplurals=${NPLURALS[language]}; plural=`));
      expect(res.text).toContain('msgid "inbox_count"\nmsgid_plural "%d new messages"');
      const msgstrs = [...res.text.matchAll(/^msgstr\[(\d+)\]/gm)].map((m) => Number(m[1]));
      expect(msgstrs).toEqual(Array.from({ length: NPLURALS[language]! }, (_, i) => i));
      const back = parse("po", res.text, { language });
      const expected =
        language === "en" ? "{count, plural, one {%d new message} other {%d new messages}}" : (FROM_PO[language] ?? TRANSLATED[language]);
      expect(back.entries.find((e) => e.key === "inbox_count")!.value).toBe(expected);
      expect(back.entries.find((e) => e.key === "inbox_title")!.description).toBe("Title of the inbox screen");
      if (hasMsgfmt) execFileSync("msgfmt", ["--check", "-o", "/dev/null", "-"], { input: res.text, stdio: ["pipe", "ignore", "pipe"] });
    });

    it(`exports ${language} as stringsdict with the language's plural categories`, async () => {
      const res = await download(projectId, language, "?format=ios-stringsdict");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${language}.stringsdict"`);
      expect(res.text).toContain("<string>NSStringPluralRuleType</string>");
      const back = parse("ios-stringsdict", res.text, { language });
      const value = back.entries.find((e) => e.key === "inbox_count")!.value;
      for (const category of pluralCategories(language)) expect(value, `${language} ${category}`).toContain(`${category} {`);
      expect(value).toBe(language === "en" ? "{count, plural, one {%d new message} other {%d new messages}}" : TRANSLATED[language]);
      if (hasPython) {
        const script =
          "import plistlib,sys,json; d=plistlib.loads(sys.stdin.buffer.read()); print(json.dumps(sorted(k for k in d['inbox_count']['count'] if not k.startswith('NS'))))";
        const categories = JSON.parse(execFileSync("python3", ["-c", script], { input: res.bytes }).toString()) as string[];
        expect(categories).toEqual([...pluralCategories(language)].sort());
      }
    });
  }
});

/** Independent validators run where the machine has them (scripts/setup.sh installs them). */
const hasTool = (command: string, args: string[]) => {
  try {
    execFileSync(command, args, { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
};
const hasMsgfmt = hasTool("msgfmt", ["--version"]);
const hasMsgunfmt = hasTool("msgunfmt", ["--version"]);
const hasPython = hasTool("python3", ["-c", "import plistlib"]);
