// GraphQL at /graphql, black-box over HTTP: the same results, tenant scoping, permissions and
// activity as REST, coded errors, a bounded number of SQL statements per query, and limits.

import { conflict, createSession } from "@locale/core";
import { getIntrospectionQuery } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toGraphqlError } from "../../src/graphql";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../helpers/test-server";

let server: TestServer;
let owner: TestUser;
let stranger: TestUser;
let queryCount = 0;

beforeAll(async () => {
  server = await startTestServer({}, { logQueries: true });
  server.db.prisma.$on("query" as never, () => void queryCount++);
  owner = await signUpUser(server, "Owner");
  stranger = await signUpUser(server, "Stranger");
});
afterAll(async () => {
  await server.close();
});

async function gql<T = any>(
  query: string,
  variables: Record<string, unknown> = {},
  auth: { apiKey?: string; cookie?: string } = { apiKey: owner.apiKey },
) {
  const res = await server.request<{ data?: T; errors?: { message: string; path?: string[]; extensions?: { code?: string } }[] }>(
    "POST",
    "/graphql",
    {
      ...auth,
      body: { query, variables },
    },
  );
  return { status: res.status, data: res.body.data as T, errors: res.body.errors, body: res.body };
}

async function createProject(apiKey = owner.apiKey, targetLanguages = ["fr", "de"]) {
  const res = await server.request("POST", "/api/projects", { apiKey, body: { name: "App", sourceLanguage: "en", targetLanguages } });
  expect(res.status).toBe(201);
  return res.body._id as string;
}

describe("reads: same results as REST", () => {
  it("lists projects with keys and translations in one query, matching the REST records", async () => {
    const projectId = await createProject();
    const key = await server.request("POST", `/api/projects/${projectId}/keys`, {
      apiKey: owner.apiKey,
      body: { key: "home.title", tags: ["ui"] },
    });
    expect(key.status).toBe(201);
    const keyId = key.body._id as string;
    const put = await server.request("PUT", `/api/projects/${projectId}/keys/${keyId}/translations/fr`, {
      apiKey: owner.apiKey,
      body: { value: "Accueil" },
    });
    expect(put.status).toBe(200);

    const { data, errors } = await gql(`{
      projects { id name sourceLanguage targetLanguages organizationId createdAt updatedAt
        keys(limit: 50) { meta { page limit total totalPages } nodes { id key tags namespace description maxLength projectId createdAt updatedAt
          translations { keyId key namespace language value status source aiConfidence updatedAt } } } } }`);
    expect(errors).toBeUndefined();
    const restProjects = (await server.request("GET", "/api/projects", { apiKey: owner.apiKey })).body as any[];
    const project = data.projects.find((p: any) => p.id === projectId);
    const restProject = restProjects.find((p) => p._id === projectId);
    expect(data.projects.map((p: any) => p.id)).toEqual(restProjects.map((p) => p._id));
    expect(project).toMatchObject({
      name: restProject.name,
      sourceLanguage: restProject.sourceLanguage,
      targetLanguages: restProject.targetLanguages,
      organizationId: restProject.organization,
      createdAt: restProject.createdAt,
      updatedAt: restProject.updatedAt,
    });

    const restKeys = (await server.request("GET", `/api/projects/${projectId}/keys?limit=50`, { apiKey: owner.apiKey })).body;
    expect(project.keys.meta).toEqual(restKeys.meta);
    const { _id, id: _listId, ...restKey } = restKeys.data[0];
    expect(project.keys.nodes[0]).toMatchObject({ id: _id, ...restKey });

    const restTranslations = (
      await server.request("GET", `/api/projects/${projectId}/keys/${keyId}/translations`, { apiKey: owner.apiKey })
    ).body as any[];
    expect(project.keys.nodes[0].translations).toEqual(
      restTranslations.map((t) => ({
        keyId: t.keyId,
        key: t.key,
        namespace: t.namespace,
        language: t.language,
        value: t.value,
        status: t.status,
        source: t.source,
        aiConfidence: t.aiConfidence,
        updatedAt: t.updatedAt,
      })),
    );
    expect(project.keys.nodes[0].translations.map((t: any) => [t.language, t.value, t.status])).toEqual([
      ["en", "", "untranslated"],
      ["fr", "Accueil", "translated"],
      ["de", "", "untranslated"],
    ]);
  });

  it("pages a language like GET /translations/{language} and filters keys like REST", async () => {
    const projectId = await createProject();
    for (const [name, tag] of [
      ["a.one", "x"],
      ["b.two", "y"],
      ["c.three", "x"],
    ] as const) {
      await server.request("POST", `/api/projects/${projectId}/keys`, { apiKey: owner.apiKey, body: { key: name, tags: [tag] } });
    }
    const { data } = await gql(
      `query($p: ID!) { translations(projectId: $p, language: "fr", page: 2, limit: 2) { meta { page limit total totalPages } nodes { key value status language } }
        keys(projectId: $p, tag: "x") { meta { total } nodes { key } } }`,
      { p: projectId },
    );
    const rest = (await server.request("GET", `/api/projects/${projectId}/translations/fr?page=2&limit=2`, { apiKey: owner.apiKey })).body;
    expect(data.translations.meta).toEqual(rest.meta);
    expect(data.translations.nodes).toEqual(
      rest.data.map((t: any) => ({ key: t.key, value: t.value, status: t.status, language: t.language })),
    );
    expect(data.keys.nodes.map((k: any) => k.key)).toEqual(["a.one", "c.three"]);
    expect(data.keys.meta.total).toBe(2);
  });

  it("answers progress and TM search like their REST twins", async () => {
    const projectId = await createProject();
    const key = await server.request("POST", `/api/projects/${projectId}/keys`, { apiKey: owner.apiKey, body: { key: "k" } });
    await server.request("PUT", `/api/projects/${projectId}/keys/${key.body._id}/translations/en`, {
      apiKey: owner.apiKey,
      body: { value: "Save file" },
    });
    await server.request("PUT", `/api/projects/${projectId}/keys/${key.body._id}/translations/fr`, {
      apiKey: owner.apiKey,
      body: { value: "Enregistrer" },
    });
    const { data, errors } = await gql(
      `query($p: ID!) { progress(projectId: $p) { totalKeys languages { language totalKeys translated reviewed approved completionPercent qaIssues qaErrors } }
        project(id: $p) { progress(languages: ["fr"]) { languages { language completionPercent } } }
        tmSearch(sourceText: "Save file", minSimilarity: 0) { similarity entry { sourceText targetText } } }`,
      { p: projectId },
    );
    expect(errors).toBeUndefined();
    const rest = (await server.request("GET", `/api/projects/${projectId}/analytics/progress`, { apiKey: owner.apiKey })).body;
    expect(data.progress).toEqual(rest);
    expect(data.project.progress.languages).toEqual([{ language: "fr", completionPercent: 100 }]);
    const restTm = (
      await server.request("GET", `/api/organizations/current/tm/search?sourceText=Save%20file&minSimilarity=0`, { apiKey: owner.apiKey })
    ).body as any[];
    expect(data.tmSearch).toEqual(
      restTm.map((m) => ({ similarity: m.similarity, entry: { sourceText: m.sourceText, targetText: m.targetText } })),
    );
  });
});

describe("releases", () => {
  it("publishes, lists, rolls back, rotates and deletes like their REST twins", async () => {
    const projectId = await createProject();
    const key = await server.request("POST", `/api/projects/${projectId}/keys`, { apiKey: owner.apiKey, body: { key: "k" } });
    await server.request("PUT", `/api/projects/${projectId}/keys/${key.body._id}/translations/fr`, {
      apiKey: owner.apiKey,
      body: { value: "Enregistrer" },
    });
    const first = await gql(
      `mutation($p: ID!) { createRelease(projectId: $p, statuses: ["translated"], note: "one") { id version note } }`,
      {
        p: projectId,
      },
    );
    expect(first.errors).toBeUndefined();
    expect(first.data.createRelease).toMatchObject({ version: 1, note: "one" });
    await gql(`mutation($p: ID!) { createRelease(projectId: $p) { version } }`, { p: projectId });
    const fields = `id projectId version format placeholders statuses languages note createdBy createdByName created latest
      files { language fileName bytes sha256 entries }`;
    const { data, errors } = await gql(
      `query($p: ID!) { releases(projectId: $p) { ${fields} } release(projectId: $p, version: 1) { ${fields} }
        delivery(projectId: $p) { deliveryId latestVersion baseUrl } }`,
      { p: projectId },
    );
    expect(errors).toBeUndefined();
    const asRest = (r: any) => {
      const { _id, ...rest } = r;
      return { id: _id, ...rest };
    };
    const rest = (await server.request("GET", `/api/projects/${projectId}/releases`, { apiKey: owner.apiKey })).body;
    expect(data.releases).toEqual(rest.map(asRest));
    expect(data.release).toEqual(
      asRest((await server.request("GET", `/api/projects/${projectId}/releases/1`, { apiKey: owner.apiKey })).body),
    );
    expect(data.delivery).toEqual((await server.request("GET", `/api/projects/${projectId}/delivery`, { apiKey: owner.apiKey })).body);
    const rolledBack = await gql(`mutation($p: ID!) { rollbackRelease(projectId: $p, version: 1) { latestVersion } }`, { p: projectId });
    expect(rolledBack.data.rollbackRelease).toEqual({ latestVersion: 1 });
    const rotated = await gql(`mutation($p: ID!) { rotateDeliveryId(projectId: $p) { deliveryId } }`, { p: projectId });
    expect(rotated.data.rotateDeliveryId.deliveryId).not.toBe(data.delivery.deliveryId);
    const refused = await gql(`mutation($p: ID!) { deleteRelease(projectId: $p, version: 1) { success } }`, { p: projectId });
    expect(refused.errors?.[0]?.extensions?.code).toBe("CONFLICT");
    const deleted = await gql(`mutation($p: ID!) { deleteRelease(projectId: $p, version: 2) { success } }`, { p: projectId });
    expect(deleted.data.deleteRelease).toEqual({ success: true });
    const foreign = await gql(`query($p: ID!) { releases(projectId: $p) { id } }`, { p: projectId }, { apiKey: stranger.apiKey });
    expect(foreign.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
  });
});

describe("tenant scoping and errors", () => {
  it("answers NOT_FOUND for another organization's ids and leaves them out of lists", async () => {
    const projectId = await createProject();
    const key = await server.request("POST", `/api/projects/${projectId}/keys`, { apiKey: owner.apiKey, body: { key: "secret" } });
    const keyId = key.body._id as string;
    const asStranger = { apiKey: stranger.apiKey };
    const cases: [string, Record<string, unknown>][] = [
      [`query($p: ID!) { project(id: $p) { id } }`, { p: projectId }],
      [`query($p: ID!) { keys(projectId: $p) { meta { total } } }`, { p: projectId }],
      [`query($p: ID!, $k: ID!) { key(projectId: $p, keyId: $k) { id } }`, { p: projectId, k: keyId }],
      [`query($p: ID!) { translations(projectId: $p, language: "fr") { meta { total } } }`, { p: projectId }],
      [`query($p: ID!, $k: ID!) { translationHistory(projectId: $p, keyId: $k, language: "fr") { id } }`, { p: projectId, k: keyId }],
      [`query($p: ID!, $k: ID!) { comments(projectId: $p, keyId: $k) { id } }`, { p: projectId, k: keyId }],
      [`query($p: ID!) { activity(projectId: $p) { meta { total } } }`, { p: projectId }],
      [`mutation($p: ID!) { updateProject(id: $p, input: { name: "x" }) { id } }`, { p: projectId }],
      [
        `mutation($p: ID!, $k: ID!) { upsertTranslation(projectId: $p, keyId: $k, language: "fr", value: "x") { value } }`,
        { p: projectId, k: keyId },
      ],
      [`mutation($p: ID!, $k: ID!) { deleteKey(projectId: $p, keyId: $k) { success } }`, { p: projectId, k: keyId }],
    ];
    for (const [query, variables] of cases) {
      const res = await gql(query, variables, asStranger);
      expect(res.errors?.[0]?.extensions?.code, query).toBe("NOT_FOUND");
      expect(res.errors?.[0]?.message).toMatch(/not found$/);
    }
    const { data } = await gql(`{ projects { id } }`, {}, asStranger);
    expect(data.projects.map((p: any) => p.id)).not.toContain(projectId);
    const still = await server.request("GET", `/api/projects/${projectId}/keys/${keyId}`, { apiKey: owner.apiKey });
    expect(still.status).toBe(200);
  });

  it("lets a project token see only its own project", async () => {
    const mine = await createProject();
    const other = await createProject();
    const token = await server.request("POST", `/api/projects/${mine}/tokens`, { apiKey: owner.apiKey, body: { name: "project ci" } });
    expect(token.status).toBe(201);
    const auth = { apiKey: token.body.token as string };
    const { data } = await gql(`{ projects { id } }`, {}, auth);
    expect(data.projects).toEqual([{ id: mine }]);
    const outside = await gql(`query($p: ID!) { project(id: $p) { id } }`, { p: other }, auth);
    expect(outside.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    const orgLevel = await gql(`{ tokens { id } }`, {}, auth);
    expect(orgLevel.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  });

  it("codes errors: UNAUTHENTICATED, FORBIDDEN, BAD_USER_INPUT, CONFLICT; internal details never leak", async () => {
    const anonymous = await gql(`{ projects { id } }`, {}, {});
    expect(anonymous.errors).toEqual([
      expect.objectContaining({ message: "Unauthorized", extensions: expect.objectContaining({ code: "UNAUTHENTICATED" }) }),
    ]);
    const badKey = await gql(`{ projects { id } }`, {}, { apiKey: "svc_not-a-real-token" });
    expect(badKey.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");

    const projectId = await createProject();
    const scoped = await server.request("POST", `/api/organizations/${owner.orgId}/tokens`, {
      cookie: owner.cookie,
      body: { name: "read projects", scopes: ["projects:read"] },
    });
    expect(scoped.status).toBe(201);
    const forbidden = await gql(
      `query($p: ID!) { keys(projectId: $p) { meta { total } } }`,
      { p: projectId },
      { apiKey: scoped.body.token },
    );
    expect(forbidden.errors?.[0]).toMatchObject({ message: "Forbidden resource", extensions: { code: "FORBIDDEN" } });

    const bad = await gql(`mutation { createProject(input: { name: "x", sourceLanguage: "not a language!!" }) { id } }`);
    expect(bad.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    expect(bad.errors?.[0]?.message).toContain("sourceLanguage");

    await gql(`mutation($p: ID!) { createKey(projectId: $p, input: { key: "dup" }) { id } }`, { p: projectId });
    const dup = await gql(`mutation($p: ID!) { createKey(projectId: $p, input: { key: "dup" }) { id } }`, { p: projectId });
    expect(dup.errors?.[0]?.extensions?.code).toBe("CONFLICT");

    const invalid = await gql(`{ projects { nope } }`);
    expect(invalid.errors?.[0]?.message).toContain("nope");
    expect(JSON.stringify(invalid.body)).not.toMatch(/stack|at .*\.ts/);
  });

  it("refuses cookie-authenticated mutations from a foreign origin (CSRF), like REST", async () => {
    const res = await server.request("POST", "/graphql", {
      cookie: owner.cookie,
      headers: { origin: "https://evil.example" },
      body: { query: `mutation { createProject(input: { name: "x", sourceLanguage: "en" }) { id } }` },
    });
    expect(res.status).toBe(403);
    const graphiql = await server.request("GET", "/graphql", { headers: { accept: "text/html" } });
    expect(graphiql.status).toBe(200);
    expect(graphiql.text).toMatch(/graphiql/i);
    const same = await gql(`{ me { role user { id } organization { id } } }`, {}, { cookie: owner.cookie });
    expect(same.data.me).toEqual({ role: "owner", user: { id: owner.userId }, organization: { id: owner.orgId } });
  });
});

describe("error mapping", () => {
  it("codes AppErrors from the shared table and masks everything else", () => {
    const coded = toGraphqlError(conflict("Key already exists"));
    expect(coded.message).toBe("Key already exists");
    expect(coded.extensions).toEqual({ code: "CONFLICT", statusCode: 409 });
    const internal = toGraphqlError(new Error("connection to 10.0.0.5 refused: password authentication failed"));
    expect(internal.message).toBe("Internal server error");
    expect(internal.extensions).toEqual({ code: "INTERNAL_SERVER_ERROR", statusCode: 500 });
    expect(JSON.stringify(internal.toJSON())).not.toContain("10.0.0.5");
  });
});

describe("mutations use the core services", () => {
  it("upsertTranslation stores a status with the value as the REST PUT does, and refuses an approval to a translator", async () => {
    // An organization of its own: the translator joining it must not show up in other tests' member lists.
    const boss = await signUpUser(server, "GraphQL Boss");
    const asBoss = { apiKey: boss.apiKey };
    const projectId = await createProject(boss.apiKey);
    const key = await server.request("POST", `/api/projects/${projectId}/keys`, { ...asBoss, body: { key: "save" } });
    const keyId = key.body._id as string;
    const upsert = `mutation($p: ID!, $k: ID!, $v: String!, $s: TranslationStatus) {
      upsertTranslation(projectId: $p, keyId: $k, language: "fr", value: $v, status: $s) { value status } }`;
    const approved = await gql(upsert, { p: projectId, k: keyId, v: "Enregistrer", s: "approved" }, asBoss);
    expect(approved.errors).toBeUndefined();
    expect(approved.data.upsertTranslation).toEqual({ value: "Enregistrer", status: "approved" });
    const actions = await server.db.prisma.activity.findMany({ where: { projectId, targetType: "translation" } });
    expect(actions.map((a) => a.action).sort()).toEqual(["translation.approved", "translation.created"]);

    const translator = await signUpUser(server, "GraphQL Translator");
    await server.db.prisma.membership.create({ data: { organizationId: boss.orgId, userId: translator.userId, role: "translator" } });
    const { secret } = await createSession(server.db, translator.userId, boss.orgId);
    const refused = await gql(upsert, { p: projectId, k: keyId, v: "Sauver", s: "approved" }, { cookie: `sid=${secret}` });
    expect(refused.errors?.[0]).toMatchObject({ message: "Forbidden resource", extensions: { code: "FORBIDDEN", statusCode: 403 } });
    const translated = await gql(upsert, { p: projectId, k: keyId, v: "Sauver", s: "translated" }, { cookie: `sid=${secret}` });
    expect(translated.data.upsertTranslation).toEqual({ value: "Sauver", status: "translated" });

    const unknown = await gql(upsert, { p: projectId, k: keyId, v: "x", s: "done" }, asBoss);
    expect(unknown.errors?.[0]?.message).toContain("done");
  });

  it("writes the same activity entries as REST, attributed to the caller", async () => {
    const created = await gql(
      `mutation { createProject(input: { name: "Via GraphQL", sourceLanguage: "en", targetLanguages: ["fr"] }) { id name languages keyCount } }`,
    );
    expect(created.errors).toBeUndefined();
    const projectId = created.data.createProject.id as string;
    expect(created.data.createProject).toMatchObject({ name: "Via GraphQL", languages: ["en", "fr"], keyCount: 0 });
    const key = await gql(`mutation($p: ID!) { createKey(projectId: $p, input: { key: "greeting", tags: ["t"] }) { id key tags } }`, {
      p: projectId,
    });
    const keyId = key.data.createKey.id as string;
    const upsert = await gql(
      `mutation($p: ID!, $k: ID!) { upsertTranslation(projectId: $p, keyId: $k, language: "fr", value: "Salut") { value status source } }`,
      {
        p: projectId,
        k: keyId,
      },
    );
    expect(upsert.data.upsertTranslation).toEqual({ value: "Salut", status: "translated", source: "human" });
    const status = await gql(
      `mutation($p: ID!, $k: ID!) { updateTranslationStatus(projectId: $p, keyId: $k, language: "fr", status: approved) { status } }`,
      {
        p: projectId,
        k: keyId,
      },
    );
    expect(status.data.updateTranslationStatus.status).toBe("approved");

    const activity = await server.request("GET", `/api/projects/${projectId}/activity`, { apiKey: owner.apiKey });
    expect(activity.body.data.map((a: any) => a.action).sort()).toEqual(
      ["key.created", "project.created", "translation.approved", "translation.created"].sort(),
    );
    for (const entry of activity.body.data) expect(entry).toMatchObject({ userId: owner.userId, projectId, organizationId: owner.orgId });

    const history = await gql(
      `query($p: ID!, $k: ID!) { translationHistory(projectId: $p, keyId: $k, language: "fr") { newValue newStatus changedBy source } }`,
      {
        p: projectId,
        k: keyId,
      },
    );
    const restHistory = (
      await server.request("GET", `/api/projects/${projectId}/keys/${keyId}/translations/fr/history`, { apiKey: owner.apiKey })
    ).body as any[];
    expect(history.data.translationHistory).toEqual(
      restHistory.map((h) => ({ newValue: h.newValue, newStatus: h.newStatus, changedBy: h.changedBy, source: h.source })),
    );

    const gqlActivity = await gql(`query($p: ID!) { activity(projectId: $p) { meta { total } nodes { id action userId } } }`, {
      p: projectId,
    });
    expect(gqlActivity.data.activity.nodes.map((a: any) => a.id)).toEqual(activity.body.data.map((a: any) => a._id));
  });

  it("validates arguments with the REST procedure's contract and imports files through the same service", async () => {
    const blank = await gql(`mutation { createProject(input: { name: "   ", sourceLanguage: "en" }) { id } }`);
    const rest = await server.request("POST", "/api/projects", { apiKey: owner.apiKey, body: { name: "   ", sourceLanguage: "en" } });
    expect(rest.status).toBe(400);
    expect(blank.errors?.[0]).toMatchObject({
      message: rest.body.message,
      extensions: { code: "BAD_USER_INPUT", issues: rest.body.issues },
    });

    const projectId = await createProject();
    const imported = await gql(
      `mutation($p: ID!, $c: String!) { importFile(projectId: $p, language: "en", format: "json-flat", content: $c) { imported skipped keysCreated errors { message } language format } }`,
      { p: projectId, c: JSON.stringify({ "a.b": "A", c: "C" }) },
    );
    expect(imported.data.importFile).toEqual({ imported: 2, skipped: 0, keysCreated: 2, errors: [], language: "en", format: "json-flat" });
    const bulk = await gql(
      `mutation($p: ID!) { bulkCreateKeys(projectId: $p, keys: [{ key: "c" }, { key: "d", tags: ["t"] }]) { created skipped errors { index } keyIds } }`,
      { p: projectId },
    );
    expect(bulk.data.bulkCreateKeys).toMatchObject({ created: 1, skipped: 1, errors: [] });
    const overwrite = await gql(
      `mutation($p: ID!) { overwriteTranslations(projectId: $p, translations: [{ key: "c", language: "fr", value: "C-fr" }, { key: "zz", language: "fr", value: "x" }]) { overwritten notFound { key namespace language } } }`,
      { p: projectId },
    );
    expect(overwrite.data.overwriteTranslations).toEqual({ overwritten: 1, notFound: [{ key: "zz", namespace: "", language: "fr" }] });
    const activity = await server.request("GET", `/api/projects/${projectId}/activity?action=import.completed`, { apiKey: owner.apiKey });
    expect(activity.body.meta.total).toBe(1);
  });

  it("manages glossaries and members through the same services as REST", async () => {
    const glossary = await gql(`mutation { createGlossary(name: "Brand", sourceLanguage: "en", targetLanguages: ["fr"]) { id name } }`);
    const glossaryId = glossary.data.createGlossary.id as string;
    const term = await gql(
      `mutation($g: ID!) { createGlossaryTerm(glossaryId: $g, term: "Widget", translations: [{ language: "fr", value: "Gadget" }]) { id term translations { language value approved } } }`,
      { g: glossaryId },
    );
    expect(term.data.createGlossaryTerm.translations).toEqual([{ language: "fr", value: "Gadget", approved: false }]);
    const dup = await gql(`mutation($g: ID!) { createGlossaryTerm(glossaryId: $g, term: "widget") { id } }`, { g: glossaryId });
    expect(dup.errors?.[0]?.extensions?.code).toBe("CONFLICT");
    const updated = await gql(
      `mutation($t: ID!) { updateGlossaryTerm(termId: $t, definition: "A small device", doNotTranslate: true) { definition doNotTranslate } }`,
      {
        t: term.data.createGlossaryTerm.id,
      },
    );
    expect(updated.data.updateGlossaryTerm).toEqual({ definition: "A small device", doNotTranslate: true });
    const listed = await gql(`{ glossaries { id terms { id term definition doNotTranslate } } }`);
    const restTerms = (await server.request("GET", `/api/organizations/current/glossaries/${glossaryId}/terms`, { apiKey: owner.apiKey }))
      .body as any[];
    expect(listed.data.glossaries.find((g: any) => g.id === glossaryId).terms).toEqual(
      restTerms.map((t) => ({ id: t._id, term: t.term, definition: t.definition, doNotTranslate: t.doNotTranslate })),
    );
    const deleted = await gql(`mutation($t: ID!) { deleteGlossaryTerm(termId: $t) { success } }`, { t: term.data.createGlossaryTerm.id });
    expect(deleted.data.deleteGlossaryTerm.success).toBe(true);

    const invite = await gql(
      `mutation { inviteMember(email: "new.person@example.com", role: "translator") { email role inviteUrl } }`,
      {},
      { cookie: owner.cookie },
    );
    expect(invite.errors).toBeUndefined();
    expect(invite.data.inviteMember).toMatchObject({
      email: "new.person@example.com",
      role: "translator",
      inviteUrl: expect.stringContaining("/accept-invite?token="),
    });
    const badRole = await gql(`mutation { inviteMember(email: "x@example.com", role: "emperor") { email } }`, {}, { cookie: owner.cookie });
    expect(badRole.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    const members = await gql(`{ members { userId role } }`);
    expect(members.data.members).toEqual([{ userId: owner.userId, role: "owner" }]);
  });

  it("creates a token whose secret appears only in the create result", async () => {
    const created = await gql(`mutation { createToken(name: "ci") { token apiToken { id name tokenSuffix } } }`);
    expect(created.data.createToken.token).toMatch(/^svc_/);
    const list = await gql(`{ tokens { id name tokenSuffix } }`);
    expect(list.data.tokens).toContainEqual(created.data.createToken.apiToken);
    expect(JSON.stringify(list.body)).not.toContain(created.data.createToken.token);
    const revoked = await gql(`mutation($id: ID!) { revokeToken(id: $id) { success } }`, { id: created.data.createToken.apiToken.id });
    expect(revoked.data.revokeToken.success).toBe(true);
    const after = await gql(`{ projects { id } }`, {}, { apiKey: created.data.createToken.token });
    expect(after.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });
});

describe("cost", () => {
  async function seedKeys(projectId: string, count: number) {
    const keys = Array.from({ length: count }, (_, i) => ({ id: crypto.randomUUID(), projectId, key: `k.${String(i).padStart(4, "0")}` }));
    await server.db.prisma.key.createMany({ data: keys });
    await server.db.prisma.translation.createMany({
      data: keys.flatMap((k) =>
        ["en", "fr", "de"].map((language) => ({
          projectId,
          keyId: k.id,
          language,
          value: `${k.key} ${language}`,
          status: "translated" as const,
        })),
      ),
    });
  }

  async function countQueries(query: string, variables: Record<string, unknown>) {
    const before = queryCount;
    const res = await gql(query, variables);
    expect(res.errors).toBeUndefined();
    return { count: queryCount - before, data: res.data };
  }

  it("lists 200 keys with translations in 3 languages with a fixed number of SQL statements", async () => {
    const small = await createProject();
    const large = await createProject();
    await seedKeys(small, 5);
    await seedKeys(large, 200);
    const query = `query($p: ID!) { project(id: $p) { id name keys(limit: 200) { meta { total } nodes { id key translations { language value status } } } } }`;
    const few = await countQueries(query, { p: small });
    const many = await countQueries(query, { p: large });
    expect(many.data.project.keys.nodes).toHaveLength(200);
    expect(many.data.project.keys.nodes[199].translations).toHaveLength(3);
    expect(many.count).toBe(few.count);
    expect(many.count).toBeLessThanOrEqual(10);
  });

  it("rejects a hostile deeply nested query with a GraphQL error, quickly", async () => {
    let nested = "name";
    for (let i = 0; i < 40; i++) nested = `fields { type { ${nested} } }`;
    const started = Date.now();
    const res = await gql(`{ __schema { types { ${nested} } } }`);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(res.data).toBeUndefined();
    expect(res.errors?.[0]?.message).toMatch(/depth/i);

    const aliases = Array.from({ length: 50 }, (_, i) => `a${i}: projects { id }`).join(" ");
    const aliased = await gql(`{ ${aliases} }`);
    expect(aliased.errors?.[0]?.message).toMatch(/alias/i);
  });

  it("still answers the introspection query GraphiQL sends", async () => {
    const res = await gql(getIntrospectionQuery());
    expect(res.errors).toBeUndefined();
    expect(res.data.__schema.queryType.name).toBe("Query");
  });
});
