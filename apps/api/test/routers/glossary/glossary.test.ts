// Black-box HTTP tests of the glossary endpoints: CRUD, terms, 409 duplicates, tenant isolation,
// role checks, CSV/TBX import and export round trips, and the text check.

import type { Role } from "@locale/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../../helpers/test-server";

let server: TestServer;
let owner: TestUser;
let other: TestUser;

const FORBIDDEN = { statusCode: 403, message: "Forbidden resource", error: "Forbidden" };
const GLOSSARY_NOT_FOUND = { statusCode: 404, message: "Glossary not found", error: "Not Found" };
const TERM_NOT_FOUND = { statusCode: 404, message: "Glossary term not found", error: "Not Found" };

/** A second user moved into `orgId` with `role`; returns its session cookie. */
async function memberWithRole(orgId: string, role: Role): Promise<string> {
  const user = await signUpUser(server, `A ${role}`);
  await server.db.prisma.membership.updateMany({ where: { userId: user.userId }, data: { organizationId: orgId, role } });
  await server.db.prisma.session.updateMany({ where: { userId: user.userId }, data: { organizationId: orgId } });
  return user.cookie;
}

const base = (orgId = owner.orgId) => `/api/organizations/${orgId}/glossaries`;

async function newGlossary(body: Record<string, unknown> = {}) {
  const res = await server.request("POST", base(), {
    apiKey: owner.apiKey,
    body: { name: "Product", sourceLanguage: "en", targetLanguages: ["de", "fr"], ...body },
  });
  expect(res.status).toBe(201);
  return res.body as { _id: string };
}

async function addTerm(glossaryId: string, body: Record<string, unknown>) {
  const res = await server.request("POST", `${base()}/${glossaryId}/terms`, { apiKey: owner.apiKey, body });
  expect(res.status, res.text).toBe(201);
  return res.body as { _id: string };
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpUser(server, "Gloria");
  other = await signUpUser(server, "Mallory");
});
afterAll(async () => {
  await server.close();
});

describe("glossaries", () => {
  it("creates (201), lists, updates and deletes a glossary, also under /api/v1 and orgId=current", async () => {
    const res = await server.request("POST", base(), {
      cookie: owner.cookie,
      body: { name: "Marketing", description: "Brand words", sourceLanguage: "en-us", targetLanguages: ["de-de", "fr"] },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      _id: expect.any(String),
      name: "Marketing",
      description: "Brand words",
      sourceLanguage: "en-US",
      targetLanguages: ["de-DE", "fr"],
      organizationId: owner.orgId,
      created: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const id = res.body._id;
    const list = await server.request("GET", "/api/v1/organizations/current/glossaries", { apiKey: owner.apiKey });
    expect(list.status).toBe(200);
    expect(list.body.map((g: { _id: string }) => g._id)).toContain(id);
    const patched = await server.request("PATCH", `${base()}/${id}`, {
      apiKey: owner.apiKey,
      body: { name: "Brand", targetLanguages: ["it"] },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      _id: id,
      name: "Brand",
      description: "Brand words",
      sourceLanguage: "en-US",
      targetLanguages: ["it"],
    });
    const del = await server.request("DELETE", `${base()}/${id}`, { apiKey: owner.apiKey });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ success: true });
    const again = await server.request("DELETE", `${base()}/${id}`, { apiKey: owner.apiKey });
    expect(again.status).toBe(404);
    expect(again.body).toEqual(GLOSSARY_NOT_FOUND);
  });

  it("validates the create body with a 400 naming the field", async () => {
    const noName = await server.request("POST", base(), { apiKey: owner.apiKey, body: { sourceLanguage: "en" } });
    expect(noName.status).toBe(400);
    expect(noName.body).toMatchObject({ statusCode: 400, error: "Bad Request" });
    expect(noName.body.message).toContain("name");
    expect(noName.body.issues[0].path).toBe("name");
    const badLang = await server.request("POST", base(), { apiKey: owner.apiKey, body: { name: "X", sourceLanguage: "not a language" } });
    expect(badLang.status).toBe(400);
    expect(badLang.body.issues[0].path).toBe("sourceLanguage");
    const sourceAsTarget = await server.request("POST", base(), {
      apiKey: owner.apiKey,
      body: { name: "X", sourceLanguage: "en", targetLanguages: ["EN"] },
    });
    expect(sourceAsTarget.status).toBe(400);
    expect(sourceAsTarget.body.issues[0].path).toBe("targetLanguages");
  });

  it("hides glossaries and terms of another organization behind 404s", async () => {
    const g = await newGlossary();
    const term = await addTerm(g._id, { term: "secret" });
    const key = other.apiKey;
    const cases: [string, string, unknown, unknown][] = [
      [
        "GET",
        `/api/organizations/${owner.orgId}/glossaries`,
        undefined,
        { statusCode: 404, message: "Organization not found", error: "Not Found" },
      ],
      ["PATCH", `${base(other.orgId)}/${g._id}`, { name: "x" }, GLOSSARY_NOT_FOUND],
      ["DELETE", `${base(other.orgId)}/${g._id}`, undefined, GLOSSARY_NOT_FOUND],
      ["POST", `${base(other.orgId)}/${g._id}/terms`, { term: "x" }, GLOSSARY_NOT_FOUND],
      ["GET", `${base(other.orgId)}/${g._id}/terms`, undefined, GLOSSARY_NOT_FOUND],
      ["POST", `${base(other.orgId)}/${g._id}/import`, { format: "csv", content: "term\nx\n" }, GLOSSARY_NOT_FOUND],
      ["GET", `${base(other.orgId)}/${g._id}/export?format=csv`, undefined, GLOSSARY_NOT_FOUND],
      ["PATCH", `${base(other.orgId)}/terms/${term._id}`, { term: "x" }, TERM_NOT_FOUND],
      ["DELETE", `${base(other.orgId)}/terms/${term._id}`, undefined, TERM_NOT_FOUND],
      ["POST", `${base(other.orgId)}/check`, { text: "a secret", glossaryIds: [g._id] }, GLOSSARY_NOT_FOUND],
    ];
    for (const [method, path, body, expected] of cases) {
      const res = await server.request(method, path, { apiKey: key, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body, `${method} ${path}`).toEqual(expected);
    }
    // and the other organization's check does not see the term
    const check = await server.request("POST", `${base(other.orgId)}/check`, { apiKey: key, body: { text: "a secret" } });
    expect(check.body).toEqual({ matches: [] });
  });

  it("lets translators and reviewers read but not write (403)", async () => {
    const g = await newGlossary();
    const term = await addTerm(g._id, { term: "workspace" });
    for (const role of ["translator", "reviewer"] as const) {
      const cookie = await memberWithRole(owner.orgId, role);
      expect((await server.request("GET", base(), { cookie })).status).toBe(200);
      expect((await server.request("GET", `${base()}/${g._id}/terms`, { cookie })).status).toBe(200);
      expect((await server.request("GET", `${base()}/${g._id}/export`, { cookie })).status).toBe(200);
      expect((await server.request("POST", `${base()}/check`, { cookie, body: { text: "my workspace" } })).body.matches).toHaveLength(1);
      const writes: [string, string, unknown][] = [
        ["POST", base(), { name: "X", sourceLanguage: "en" }],
        ["PATCH", `${base()}/${g._id}`, { name: "Y" }],
        ["DELETE", `${base()}/${g._id}`, undefined],
        ["POST", `${base()}/${g._id}/terms`, { term: "new" }],
        ["PATCH", `${base()}/terms/${term._id}`, { definition: "d" }],
        ["DELETE", `${base()}/terms/${term._id}`, undefined],
        ["POST", `${base()}/${g._id}/import`, { format: "csv", content: "term\nx\n" }],
      ];
      for (const [method, path, body] of writes) {
        const res = await server.request(method, path, { cookie, body });
        expect(res.status, `${role} ${method} ${path}`).toBe(403);
        expect(res.body).toEqual(FORBIDDEN);
      }
    }
    const developer = await memberWithRole(owner.orgId, "developer");
    expect((await server.request("POST", `${base()}/${g._id}/terms`, { cookie: developer, body: { term: "by developer" } })).status).toBe(
      201,
    );
  });

  it("refuses a token without the glossary:write scope (403) and accepts glossary:read for reads", async () => {
    const token = await server.request("POST", `/api/organizations/${owner.orgId}/tokens`, {
      apiKey: owner.apiKey,
      body: { name: "ro", scopes: ["glossary:read"] },
    });
    const apiKey = token.body.token as string;
    expect((await server.request("GET", base(), { apiKey })).status).toBe(200);
    const res = await server.request("POST", base(), { apiKey, body: { name: "X", sourceLanguage: "en" } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(FORBIDDEN);
  });
});

describe("glossary terms", () => {
  it("creates a term with every field, lists it, updates and deletes it, with activity entries", async () => {
    const g = await newGlossary();
    const res = await server.request("POST", `${base()}/${g._id}/terms`, {
      apiKey: owner.apiKey,
      body: {
        term: "  Dashboard ",
        definition: "The start screen",
        translations: [
          { language: "de", value: "Übersicht", approved: true },
          { language: "fr-fr", value: "Tableau de bord" },
        ],
        doNotTranslate: false,
        caseSensitive: true,
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      _id: expect.any(String),
      term: "Dashboard",
      definition: "The start screen",
      translations: [
        { language: "de", value: "Übersicht", approved: true },
        { language: "fr-FR", value: "Tableau de bord", approved: false },
      ],
      glossaryId: g._id,
      doNotTranslate: false,
      caseSensitive: true,
      created: expect.any(String),
    });
    const termId = res.body._id;
    const minimal = await addTerm(g._id, { term: "Widget" });
    expect(minimal).toMatchObject({ term: "Widget", definition: "", translations: [], doNotTranslate: false, caseSensitive: false });

    const list = await server.request("GET", `${base()}/${g._id}/terms`, { apiKey: owner.apiKey });
    expect(list.body.map((t: { term: string }) => t.term)).toEqual(["Dashboard", "Widget"]);

    const patched = await server.request("PATCH", `${base()}/terms/${termId}`, {
      apiKey: owner.apiKey,
      body: { definition: "Home", translations: [{ language: "es", value: "Panel" }], doNotTranslate: true },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      _id: termId,
      term: "Dashboard",
      definition: "Home",
      translations: [{ language: "es", value: "Panel", approved: false }],
      doNotTranslate: true,
      caseSensitive: true,
    });

    const del = await server.request("DELETE", `${base()}/terms/${termId}`, { apiKey: owner.apiKey });
    expect(del.body).toEqual({ success: true });
    const gone = await server.request("PATCH", `${base()}/terms/${termId}`, { apiKey: owner.apiKey, body: { definition: "x" } });
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual(TERM_NOT_FOUND);

    const activity = await server.db.prisma.activity.findMany({ where: { targetId: termId }, orderBy: { createdAt: "asc" } });
    expect(activity.map((a) => [a.action, a.metadata, a.userName])).toEqual([
      ["glossary.term_added", { glossaryId: g._id, termId, term: "Dashboard" }, "Gloria"],
      [
        "glossary.term_updated",
        { glossaryId: g._id, termId, term: "Dashboard", changes: ["definition", "translations", "doNotTranslate"] },
        "Gloria",
      ],
      ["glossary.term_deleted", { glossaryId: g._id, termId, term: "Dashboard" }, "Gloria"],
    ]);
  });

  it("answers 409 for a duplicate term in one glossary, case-insensitively, on create and rename", async () => {
    const g = await newGlossary();
    await addTerm(g._id, { term: "Sign in" });
    const dup = await server.request("POST", `${base()}/${g._id}/terms`, { apiKey: owner.apiKey, body: { term: "SIGN IN" } });
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({ statusCode: 409, message: 'Term "SIGN IN" already exists in this glossary', error: "Conflict" });
    const other = await addTerm(g._id, { term: "Sign out" });
    const rename = await server.request("PATCH", `${base()}/terms/${other._id}`, { apiKey: owner.apiKey, body: { term: "sign in" } });
    expect(rename.status).toBe(409);
    expect(rename.body).toEqual({ statusCode: 409, message: 'Term "sign in" already exists in this glossary', error: "Conflict" });
    // renaming a term to another case of itself is fine, and the same term lives in another glossary
    expect(
      (await server.request("PATCH", `${base()}/terms/${other._id}`, { apiKey: owner.apiKey, body: { term: "SIGN OUT" } })).body.term,
    ).toBe("SIGN OUT");
    const g2 = await newGlossary();
    await addTerm(g2._id, { term: "sign in" });
  });

  it("validates terms: empty term, duplicate translation language, bad language code", async () => {
    const g = await newGlossary();
    const empty = await server.request("POST", `${base()}/${g._id}/terms`, { apiKey: owner.apiKey, body: { term: "   " } });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({
      statusCode: 400,
      message: "term: must not be empty",
      error: "Bad Request",
      issues: [{ path: "term", message: "must not be empty" }],
    });
    const dupLang = await server.request("POST", `${base()}/${g._id}/terms`, {
      apiKey: owner.apiKey,
      body: {
        term: "x",
        translations: [
          { language: "de", value: "a" },
          { language: "DE", value: "b" },
        ],
      },
    });
    expect(dupLang.status).toBe(400);
    expect(dupLang.body.issues).toEqual([{ path: "translations.1.language", message: '"de" appears more than once' }]);
    const badLang = await server.request("POST", `${base()}/${g._id}/terms`, {
      apiKey: owner.apiKey,
      body: { term: "x", translations: [{ language: "??", value: "a" }] },
    });
    expect(badLang.status).toBe(400);
    expect(badLang.body.issues[0].path).toBe("translations.0.language");
    // flags must be JSON booleans: "no" is not silently read as true
    for (const body of [
      { term: "x", caseSensitive: "no" },
      { term: "x", doNotTranslate: 1 },
      { term: "x", translations: [{ language: "de", value: "y", approved: "false" }] },
    ]) {
      const res = await server.request("POST", `${base()}/${g._id}/terms`, { apiKey: owner.apiKey, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe("Bad Request");
    }
    const missing = await server.request("POST", `${base()}/${g._id}/terms`, { apiKey: owner.apiKey, body: { definition: "no term" } });
    expect(missing.status).toBe(400);
    expect(missing.body.issues[0].path).toBe("term");
  });

  it("searches terms by substring of term, definition or translation value, case-insensitively", async () => {
    const g = await newGlossary();
    await addTerm(g._id, { term: "Checkout", definition: "Payment step" });
    await addTerm(g._id, { term: "Cart", translations: [{ language: "de", value: "Warenkorb" }] });
    await addTerm(g._id, { term: "100% off" });
    await addTerm(g._id, { term: "snake_case" });
    const search = async (q: string) =>
      (await server.request("GET", `${base()}/${g._id}/terms?search=${encodeURIComponent(q)}`, { apiKey: owner.apiKey })).body.map(
        (t: { term: string }) => t.term,
      );
    expect(await search("CHECK")).toEqual(["Checkout"]);
    expect(await search("payment")).toEqual(["Checkout"]);
    expect(await search("warenKORB")).toEqual(["Cart"]);
    expect(await search("%")).toEqual(["100% off"]);
    expect(await search("_")).toEqual(["snake_case"]);
    expect(await search("zzz")).toEqual([]);
    expect(await search("")).toHaveLength(4);
  });
});

describe("glossary import and export", () => {
  it("imports CSV with flags and language columns, reports row errors, and round-trips through export", async () => {
    const g = await newGlossary();
    const csv = [
      "term,definition,doNotTranslate,caseSensitive,de,fr,notalanguage!",
      'Acme,"Our brand, never translated",true,true,,,',
      "Invoice,A bill,false,false,Rechnung,Facture,",
      ",orphan definition,,,,,",
      "Bad flag,,maybe,,,,",
      "invoice,dup,,,,,",
      '"Quote ""x""",,,,Angebot,,',
    ].join("\n");
    const res = await server.request("POST", `${base()}/${g._id}/import`, { apiKey: owner.apiKey, body: { format: "csv", content: csv } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      imported: 3,
      updated: 0,
      skipped: 3,
      errors: [
        { row: 1, message: 'Column "notalanguage!" is not a language code and was ignored.' },
        { row: 4, message: 'The "term" cell is empty; the row was skipped.' },
        { row: 5, message: '"doNotTranslate" must be true or false, not "maybe"; the row was skipped.' },
        { row: 6, message: 'Term "invoice" appears earlier in the file; the row was skipped.' },
      ],
    });
    const terms = (await server.request("GET", `${base()}/${g._id}/terms`, { apiKey: owner.apiKey })).body;
    expect(terms.map((t: any) => [t.term, t.definition, t.doNotTranslate, t.caseSensitive, t.translations])).toEqual([
      ["Acme", "Our brand, never translated", true, true, []],
      [
        "Invoice",
        "A bill",
        false,
        false,
        [
          { language: "de", value: "Rechnung", approved: false },
          { language: "fr", value: "Facture", approved: false },
        ],
      ],
      ['Quote "x"', "", false, false, [{ language: "de", value: "Angebot", approved: false }]],
    ]);
    const exported = await server.request("GET", `${base()}/${g._id}/export?format=csv`, { apiKey: owner.apiKey });
    expect(exported.status).toBe(200);
    expect(exported.body.format).toBe("csv");
    expect(exported.body.content).toBe(
      [
        "term,definition,doNotTranslate,caseSensitive,de,fr",
        'Acme,"Our brand, never translated",true,true,,',
        "Invoice,A bill,false,false,Rechnung,Facture",
        '"Quote ""x""",,false,false,Angebot,',
        "",
      ].join("\n"),
    );
    // the exported file imports into a fresh glossary as the same terms
    const g2 = await newGlossary();
    const again = await server.request("POST", `${base()}/${g2._id}/import`, {
      apiKey: owner.apiKey,
      body: { format: "csv", content: exported.body.content },
    });
    expect(again.body).toEqual({ imported: 3, updated: 0, skipped: 0, errors: [] });
    const terms2 = (await server.request("GET", `${base()}/${g2._id}/terms`, { apiKey: owner.apiKey })).body;
    const strip = (ts: any[]) => ts.map(({ _id, created, glossaryId, ...rest }) => rest);
    expect(strip(terms2)).toEqual(strip(terms));
    // importing it again over itself changes nothing
    const same = await server.request("POST", `${base()}/${g2._id}/import`, {
      apiKey: owner.apiKey,
      body: { format: "csv", content: exported.body.content },
    });
    expect(same.body).toEqual({ imported: 0, updated: 0, skipped: 3, errors: [] });
  });

  it("merges existing terms on import (case-insensitive) and counts them as updated", async () => {
    const g = await newGlossary();
    await addTerm(g._id, {
      term: "Invoice",
      definition: "old",
      translations: [
        { language: "de", value: "Rechnung", approved: true },
        { language: "fr", value: "Fact", approved: true },
      ],
    });
    const res = await server.request("POST", `${base()}/${g._id}/import`, {
      apiKey: owner.apiKey,
      body: { format: "csv", content: "term,definition,caseSensitive,de,fr\nINVOICE,new,true,Rechnung,Facture\nNew one,,,,\n" },
    });
    expect(res.body).toEqual({ imported: 1, updated: 1, skipped: 0, errors: [] });
    const [invoice] = (await server.request("GET", `${base()}/${g._id}/terms?search=invoice`, { apiKey: owner.apiKey })).body;
    // the term keeps its spelling; an unchanged translation keeps its approval, a changed one loses it
    expect(invoice).toMatchObject({
      term: "Invoice",
      definition: "new",
      caseSensitive: true,
      translations: [
        { language: "de", value: "Rechnung", approved: true },
        { language: "fr", value: "Facture", approved: false },
      ],
    });
  });

  it("round-trips TBX through HTTP, with doNotTranslate/caseSensitive termNotes and approved translations", async () => {
    const g = await newGlossary({ sourceLanguage: "en", targetLanguages: ["de"] });
    await addTerm(g._id, { term: "Acme & Co", definition: "Brand <name>", doNotTranslate: true, caseSensitive: true });
    await addTerm(g._id, {
      term: "Invoice",
      translations: [
        { language: "de", value: "Rechnung", approved: true },
        { language: "fr", value: "Facture" },
      ],
    });
    const exported = await server.request("GET", `${base()}/${g._id}/export?format=tbx`, { apiKey: owner.apiKey });
    expect(exported.status).toBe(200);
    expect(exported.body.format).toBe("tbx");
    const tbx: string = exported.body.content;
    expect(tbx).toContain('<termNote type="doNotTranslate">true</termNote>');
    expect(tbx).toContain('<termNote type="caseSensitive">true</termNote>');
    expect(tbx).toContain("<term>Acme &amp; Co</term>");
    expect(tbx).toContain('xml:lang="en"');
    const g2 = await newGlossary({ sourceLanguage: "en", targetLanguages: ["de"] });
    const imported = await server.request("POST", `${base()}/${g2._id}/import`, {
      apiKey: owner.apiKey,
      body: { format: "tbx", content: tbx },
    });
    expect(imported.body).toEqual({ imported: 2, updated: 0, skipped: 0, errors: [] });
    const strip = (ts: any[]) => ts.map(({ _id, created, glossaryId, ...rest }) => rest);
    const a = (await server.request("GET", `${base()}/${g._id}/terms`, { apiKey: owner.apiKey })).body;
    const b = (await server.request("GET", `${base()}/${g2._id}/terms`, { apiKey: owner.apiKey })).body;
    expect(strip(b)).toEqual(strip(a));
    expect(b[0]).toMatchObject({ term: "Acme & Co", definition: "Brand <name>", doNotTranslate: true, caseSensitive: true });
  });

  it("imports a TBX file written by another tool and reports concept entries without a term", async () => {
    const g = await newGlossary();
    const tbx = `<?xml version="1.0"?>
<martif type="TBX" xml:lang="en"><text><body>
  <termEntry id="1"><descrip type="definition">Where files live</descrip>
    <langSet xml:lang="en"><tig><term>Folder</term><termNote type="caseSensitive">true</termNote></tig></langSet>
    <langSet xml:lang="de"><tig><term>Ordner</term></tig></langSet>
  </termEntry>
  <termEntry id="2"><langSet xml:lang="en"><tig><term> </term></tig></langSet></termEntry>
</body></text></martif>`;
    const res = await server.request("POST", `${base()}/${g._id}/import`, { apiKey: owner.apiKey, body: { format: "tbx", content: tbx } });
    expect(res.body).toEqual({
      imported: 1,
      updated: 0,
      skipped: 1,
      errors: [{ row: 2, message: "A concept entry has no term and was skipped." }],
    });
    const [folder] = (await server.request("GET", `${base()}/${g._id}/terms`, { apiKey: owner.apiKey })).body;
    expect(folder).toMatchObject({
      term: "Folder",
      definition: "Where files live",
      caseSensitive: true,
      doNotTranslate: false,
      translations: [{ language: "de", value: "Ordner", approved: false }],
    });
  });

  it("rejects an unparseable file with 400 and imports nothing; rejects an unknown format", async () => {
    const g = await newGlossary();
    const noTerm = await server.request("POST", `${base()}/${g._id}/import`, {
      apiKey: owner.apiKey,
      body: { format: "csv", content: "word,de\nx,y\n" },
    });
    expect(noTerm.status).toBe(400);
    expect(noTerm.body).toEqual({
      statusCode: 400,
      message: 'The CSV header has no "term" column. (line 1)',
      error: "Bad Request",
      issues: [{ path: "content", message: 'The CSV header has no "term" column. (line 1)' }],
    });
    const badXml = await server.request("POST", `${base()}/${g._id}/import`, {
      apiKey: owner.apiKey,
      body: { format: "tbx", content: "<tbx><text><body>" },
    });
    expect(badXml.status).toBe(400);
    expect(badXml.body.error).toBe("Bad Request");
    const unknown = await server.request("POST", `${base()}/${g._id}/import`, {
      apiKey: owner.apiKey,
      body: { format: "xlsx", content: "" },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.issues[0].path).toBe("format");
    expect((await server.request("GET", `${base()}/${g._id}/terms`, { apiKey: owner.apiKey })).body).toEqual([]);
    const badExport = await server.request("GET", `${base()}/${g._id}/export?format=pdf`, { apiKey: owner.apiKey });
    expect(badExport.status).toBe(400);
    expect(badExport.body.issues[0].path).toBe("format");
  });

  it("records one import.completed activity per import", async () => {
    const g = await newGlossary();
    await server.request("POST", `${base()}/${g._id}/import`, { apiKey: owner.apiKey, body: { format: "csv", content: "term\na\nb\n" } });
    const entries = await server.db.prisma.activity.findMany({ where: { targetId: g._id } });
    expect(entries.map((e) => [e.action, e.targetType, e.metadata])).toEqual([
      ["import.completed", "glossary", { glossaryId: g._id, format: "csv", imported: 2, updated: 0, skipped: 0 }],
    ]);
  });
});

describe("glossary check", () => {
  let checker: TestUser;
  let g1: string;
  let g2: string;
  const check = (body: Record<string, unknown>) =>
    server.request("POST", `/api/organizations/${checker.orgId}/glossaries/check`, { apiKey: checker.apiKey, body });

  beforeAll(async () => {
    checker = await signUpUser(server, "Checker");
    const mk = async (name: string) =>
      (
        await server.request("POST", `/api/organizations/${checker.orgId}/glossaries`, {
          apiKey: checker.apiKey,
          body: { name, sourceLanguage: "en" },
        })
      ).body._id as string;
    g1 = await mk("One");
    g2 = await mk("Two");
    const term = (g: string, body: Record<string, unknown>) =>
      server.request("POST", `/api/organizations/${checker.orgId}/glossaries/${g}/terms`, { apiKey: checker.apiKey, body });
    await term(g1, {
      term: "API",
      definition: "Programming interface",
      translations: [
        { language: "de", value: "API", approved: true },
        { language: "fr", value: "API" },
      ],
      doNotTranslate: true,
    });
    await term(g1, { term: "API key", definition: "A secret", translations: [{ language: "de", value: "API-Schlüssel" }] });
    await term(g1, { term: "key", definition: "A translation key" });
    await term(g1, { term: "Go", caseSensitive: true });
    await term(g1, { term: "café" });
    await term(g2, { term: "api", definition: "Second glossary" });
  });

  it("returns exact positions, longest match first, across glossaries, with ids and flags", async () => {
    const text = "Rotate your API key, then call the API. (api) key-value café! Go go GO";
    const res = await check({ text });
    expect(res.status).toBe(200);
    // identical spans from two glossaries come in no particular order: sort them by glossary
    const found = res.body.matches
      .map((m: any) => [
        m.term,
        m.position.start,
        m.position.end,
        text.slice(m.position.start, m.position.end),
        m.glossaryId === g1 ? 1 : 2,
      ])
      .sort((a: any[], b: any[]) => a[1] - b[1] || a[4] - b[4]);
    expect(found).toEqual([
      ["API key", 12, 19, "API key", 1],
      ["API", 35, 38, "API", 1],
      ["api", 35, 38, "API", 2],
      ["API", 41, 44, "api", 1],
      ["api", 41, 44, "api", 2],
      ["key", 46, 49, "key", 1],
      ["café", 56, 60, "café", 1],
      ["Go", 62, 64, "Go", 1],
    ]);
    const first = res.body.matches[0];
    expect(first).toEqual({
      term: "API key",
      definition: "A secret",
      position: { start: 12, end: 19 },
      translations: [{ language: "de", value: "API-Schlüssel", approved: false }],
      glossaryId: g1,
      termId: expect.any(String),
      doNotTranslate: false,
      caseSensitive: false,
    });
    expect(res.body.matches.find((m: any) => m.term === "API").doNotTranslate).toBe(true);
    expect(res.body.matches.find((m: any) => m.term === "Go").caseSensitive).toBe(true);
  });

  it("filters translations by language and terms by glossaryIds", async () => {
    const res = await check({ text: "the API", language: "fr", glossaryIds: [g1] });
    expect(res.body.matches).toEqual([
      {
        term: "API",
        definition: "Programming interface",
        position: { start: 4, end: 7 },
        translations: [{ language: "fr", value: "API", approved: false }],
        glossaryId: g1,
        termId: expect.any(String),
        doNotTranslate: true,
        caseSensitive: false,
      },
    ]);
    const only2 = await check({ text: "the API key", glossaryIds: [g2] });
    expect(only2.body.matches.map((m: any) => [m.term, m.position])).toEqual([["api", { start: 4, end: 7 }]]);
  });

  it("sees term changes at once (the compiled matcher is refreshed)", async () => {
    const before = await check({ text: "a zebra crossing" });
    expect(before.body.matches).toEqual([]);
    const created = await server.request("POST", `/api/organizations/${checker.orgId}/glossaries/${g2}/terms`, {
      apiKey: checker.apiKey,
      body: { term: "zebra crossing" },
    });
    expect((await check({ text: "a zebra crossing" })).body.matches.map((m: any) => m.position)).toEqual([{ start: 2, end: 16 }]);
    await server.request("PATCH", `/api/organizations/${checker.orgId}/glossaries/terms/${created.body._id}`, {
      apiKey: checker.apiKey,
      body: { caseSensitive: true, term: "Zebra crossing" },
    });
    expect((await check({ text: "a zebra crossing" })).body.matches).toEqual([]);
    await server.request("DELETE", `/api/organizations/${checker.orgId}/glossaries/terms/${created.body._id}`, { apiKey: checker.apiKey });
    expect((await check({ text: "a Zebra crossing" })).body.matches).toEqual([]);
  });

  it("reports JS string offsets after astral characters and combining marks, through JSON", async () => {
    const text = "👋🏽 Café\u0301 and café: the API key 🔑API";
    const res = await check({ text, glossaryIds: [g1] });
    const found = res.body.matches.map((m: any) => [
      m.term,
      m.position.start,
      m.position.end,
      text.slice(m.position.start, m.position.end),
    ]);
    // "Café" + U+0301 is followed by a combining mark, which belongs to the word: no match there;
    // "🔑API" matches because an emoji is not a word character.
    expect(found).toEqual([
      ["café", 15, 19, "café"],
      ["API key", 25, 32, "API key"],
      ["API", 35, 38, "API"],
    ]);
  });

  it("validates the body: text required, language code valid", async () => {
    const noText = await check({});
    expect(noText.status).toBe(400);
    expect(noText.body.issues[0].path).toBe("text");
    const badLang = await check({ text: "x", language: "!!" });
    expect(badLang.status).toBe(400);
    expect(badLang.body.issues[0].path).toBe("language");
    expect((await check({ text: "" })).body).toEqual({ matches: [] });
  });
});
