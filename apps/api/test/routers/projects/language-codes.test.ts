// Language codes are BCP 47 tags whose every subtag is in the IANA language subtag registry,
// stored canonical — on projects (create, add language), glossaries, terms and glossary imports.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../../helpers/test-server";

let server: TestServer;
let owner: TestUser;

const notRegistered = (field: string, code: string, subtag = code) => {
  const problem = `"${code}" is not a valid BCP 47 language code ("${subtag}" is not in the IANA language subtag registry)`;
  return { statusCode: 400, message: `${field}: ${problem}`, error: "Bad Request", issues: [{ path: field, message: problem }] };
};

async function createProject(body: Record<string, unknown>) {
  return server.request("POST", "/api/projects", { apiKey: owner.apiKey, body: { name: "Site", ...body } });
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpUser(server, "Lang");
});
afterAll(async () => {
  await server.close();
});

describe("language codes on projects", () => {
  it("rejects well-formed codes that name no registered language, creating nothing", async () => {
    expect((await createProject({ sourceLanguage: "english" })).body).toEqual(notRegistered("sourceLanguage", "english"));
    const res = await createProject({ sourceLanguage: "en", targetLanguages: ["de", "klingon"] });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(notRegistered("targetLanguages", "klingon"));
    // An unregistered region is caught as well as an unregistered language.
    expect((await createProject({ sourceLanguage: "en-QQ" })).body).toEqual(notRegistered("sourceLanguage", "en-QQ", "qq"));
    const projects = await server.request("GET", "/api/projects", { apiKey: owner.apiKey });
    expect(projects.body).toEqual([]);
  });

  it("accepts registered tags and stores them canonical", async () => {
    const res = await createProject({ sourceLanguage: "tlh", targetLanguages: ["pt-br", "zh-hant-tw", "SR-LATN", "iw"] });
    expect(res.status, res.text).toBe(201);
    expect(res.body.sourceLanguage).toBe("tlh");
    // A deprecated subtag is registered; its canonical form is the successor (iw → he).
    expect(res.body.targetLanguages).toEqual(["pt-BR", "zh-Hant-TW", "sr-Latn", "he"]);
  });

  it("adds a registered language canonical and refuses an unregistered one", async () => {
    const project = (await createProject({ sourceLanguage: "en" })).body;
    const path = `/api/projects/${project._id}/languages`;
    const bad = await server.request("POST", path, { apiKey: owner.apiKey, body: { language: "klingon" } });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual(notRegistered("language", "klingon"));
    const good = await server.request("POST", path, { apiKey: owner.apiKey, body: { language: "pt-br" } });
    expect(good.status).toBe(200);
    expect(good.body.targetLanguages).toEqual(["pt-BR"]);
    // The same language in another spelling is the same language (no duplicate).
    const again = await server.request("POST", path, { apiKey: owner.apiKey, body: { language: "PT-BR" } });
    expect(again.body.targetLanguages).toEqual(["pt-BR"]);
  });
});

describe("language codes on glossaries", () => {
  const base = () => `/api/organizations/${owner.orgId}/glossaries`;

  it("validates glossary languages and term translation languages against the registry", async () => {
    const bad = await server.request("POST", base(), { apiKey: owner.apiKey, body: { name: "G", sourceLanguage: "english" } });
    expect(bad.body).toEqual(notRegistered("sourceLanguage", "english"));
    const g = await server.request("POST", base(), {
      apiKey: owner.apiKey,
      body: { name: "G", sourceLanguage: "en", targetLanguages: ["pt-br"] },
    });
    expect(g.status).toBe(201);
    expect(g.body.targetLanguages).toEqual(["pt-BR"]);
    const term = await server.request("POST", `${base()}/${g.body._id}/terms`, {
      apiKey: owner.apiKey,
      body: { term: "Invoice", translations: [{ language: "klingon", value: "x" }] },
    });
    expect(term.status).toBe(400);
    expect(term.body.issues).toEqual([
      {
        path: expect.stringContaining("language"),
        message: '"klingon" is not a valid BCP 47 language code ("klingon" is not in the IANA language subtag registry)',
      },
    ]);
  });

  it("skips imported rows whose language is not registered, and stores registered ones canonical", async () => {
    const g = await server.request("POST", base(), { apiKey: owner.apiKey, body: { name: "Import", sourceLanguage: "en" } });
    const csv = ["term,pt-br,klingon", "Invoice,Fatura,", "Quote,Cotação,nuqDaq"].join("\n");
    const res = await server.request("POST", `${base()}/${g.body._id}/import`, {
      apiKey: owner.apiKey,
      body: { format: "csv", content: csv },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      imported: 1,
      skipped: 1,
      errors: [
        {
          row: 3,
          message:
            '"klingon" is not a valid BCP 47 language code ("klingon" is not in the IANA language subtag registry); the row was skipped.',
        },
      ],
    });
    const terms = (await server.request("GET", `${base()}/${g.body._id}/terms`, { apiKey: owner.apiKey })).body;
    expect(terms.map((t: { term: string; translations: unknown }) => [t.term, t.translations])).toEqual([
      ["Invoice", [{ language: "pt-BR", value: "Fatura", approved: false }]],
    ]);
  });
});
