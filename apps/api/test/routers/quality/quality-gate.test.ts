// The quality gate holds on every write path (docs/quality-checks.md): one bad value sent
// through REST (PUT, overwrite), GraphQL, the file import (JSON body and raw file), a synchronous
// AI batch and an AI batch job is refused alike — 422 with `issues: [{path: "value", code:
// "qa.<check>", message}]`, or that entry/item failed with the same issues — and nothing is saved.
// Warnings are stored and returned; the settings are admin-only.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeAiProviders, seedProject, startFakeAiProviders, waitUntil } from "../../helpers/fake-ai-providers";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../../helpers/test-server";

let server: TestServer;
let fake: FakeAiProviders;
let owner: TestUser;

beforeAll(async () => {
  fake = await startFakeAiProviders();
  server = await startTestServer(
    {
      OPENAI_API_KEY: "k",
      OPENAI_BASE_URL: fake.openaiUrl,
      DEFAULT_AI_PROVIDER: "provider_b",
      AI_RETRY_BASE_MS: "20",
      AI_JOB_LEASE_MS: "2000",
    },
    { worker: true },
  );
  owner = await signUpUser(server, "QA Owner");
});
afterAll(async () => {
  await server.close();
  await fake.close();
});
beforeEach(() => fake.reset());

const SOURCE = "Hello, {name}! You have 3 items.";
const BAD = "Hallo, {name}! Du hast 4 Dinge.";
const GOOD = "Hallo, {name}! Du hast 3 Dinge.";
/** The refusal every path gives for BAD once `numbers` is an error. */
const REFUSAL_ISSUES = [
  { path: "value", code: "qa.numbers", message: "The number 3 of the source is missing." },
  { path: "value", code: "qa.numbers", message: "The number 4 is not in the source." },
];

async function projectWithNumbersAsError(keys = ["greeting", "other"]) {
  const seeded = await seedProject(
    server,
    owner,
    keys.map((key) => ({ key, source: SOURCE })),
  );
  const res = await server.request("PUT", `/api/projects/${seeded.projectId}/qa-settings`, {
    apiKey: owner.apiKey,
    body: { checks: { numbers: "error" } },
  });
  expect(res.status).toBe(200);
  expect(res.body.effective.de.numbers).toBe("error");
  return seeded;
}

async function storedValue(keyId: string, language = "de") {
  return (await server.db.prisma.translation.findUnique({ where: { keyId_language: { keyId, language } } }))?.value ?? null;
}

describe("one bad value through every write path", () => {
  it("is refused alike and saved nowhere", async () => {
    const { projectId, keyIds } = await projectWithNumbersAsError();
    const keyId = keyIds.greeting!;

    // REST: single PUT
    const put = await server.request("PUT", `/api/projects/${projectId}/keys/${keyId}/translations/de`, {
      apiKey: owner.apiKey,
      body: { value: BAD },
    });
    expect(put.status).toBe(422);
    expect(put.body).toEqual({
      statusCode: 422,
      message: "value: fails the quality check numbers",
      error: "Unprocessable Entity",
      issues: REFUSAL_ISSUES,
    });

    // REST: overwrite (bulk) — the good item of the same request is not written either
    const overwrite = await server.request("POST", `/api/projects/${projectId}/translations/overwrite`, {
      apiKey: owner.apiKey,
      body: {
        translations: [
          { key: "other", language: "de", value: GOOD },
          { key: "greeting", language: "de", value: BAD },
        ],
      },
    });
    expect(overwrite.status).toBe(422);
    expect(overwrite.body).toMatchObject({ statusCode: 422, error: "Unprocessable Entity", issues: REFUSAL_ISSUES });
    expect(await storedValue(keyIds.other!)).toBeNull();

    // GraphQL
    const gql = await server.request("POST", "/graphql", {
      apiKey: owner.apiKey,
      body: {
        query: `mutation($p: ID!, $k: ID!, $v: String!) { upsertTranslation(projectId: $p, keyId: $k, language: "de", value: $v) { value } }`,
        variables: { p: projectId, k: keyId, v: BAD },
      },
    });
    expect(gql.status).toBe(200);
    expect(gql.body.errors[0]).toMatchObject({
      message: "value: fails the quality check numbers",
      extensions: { code: "UNPROCESSABLE_ENTITY", statusCode: 422, issues: REFUSAL_ISSUES },
    });
    const gqlOverwrite = await server.request("POST", "/graphql", {
      apiKey: owner.apiKey,
      body: {
        query: `mutation($p: ID!, $v: String!) { overwriteTranslations(projectId: $p, translations: [{ key: "greeting", language: "de", value: $v }]) { overwritten } }`,
        variables: { p: projectId, v: BAD },
      },
    });
    expect(gqlOverwrite.body.errors[0].extensions).toMatchObject({ statusCode: 422, issues: REFUSAL_ISSUES });

    // File import (JSON body): that entry is refused and listed with its checks; the rest is imported
    const content = JSON.stringify({ greeting: BAD, other: GOOD });
    const imported = await server.request("POST", `/api/projects/${projectId}/import`, {
      apiKey: owner.apiKey,
      body: { language: "de", format: "json-flat", content },
    });
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({ imported: 1, skipped: 1 });
    expect(imported.body.errors).toEqual([{ key: "greeting", message: "value: fails the quality check numbers", issues: REFUSAL_ISSUES }]);
    expect(await storedValue(keyIds.other!)).toBe(GOOD);

    // File import (the raw file as the body), with overwrite
    const raw = await server.request("POST", `/api/projects/${projectId}/import/de?format=json-flat&overwrite=true`, {
      apiKey: owner.apiKey,
      rawBody: content,
    });
    expect(raw.status).toBe(200);
    expect(raw.body.errors).toEqual([{ key: "greeting", message: "value: fails the quality check numbers", issues: REFUSAL_ISSUES }]);

    // AI: a synchronous batch — the item fails with the checks, nothing is saved
    fake.reply = () => ({ translation: BAD, confidence: 90 });
    const batch = await server.request("POST", `/api/projects/${projectId}/ai/translate/batch`, {
      apiKey: owner.apiKey,
      body: { sourceLanguage: "en", targetLanguage: "de" },
    });
    expect(batch.status).toBe(200);
    expect(batch.body.results).toEqual([{ keyId, key: "greeting", status: "failed", error: "value: fails the quality check numbers" }]);

    // AI: a batch job through the worker — the same
    const job = await server.request("POST", `/api/projects/${projectId}/ai/translate/batch/start`, {
      apiKey: owner.apiKey,
      body: { sourceLanguage: "en", targetLanguage: "de" },
    });
    expect(job.status).toBe(200);
    const jobId = job.body.jobId as string;
    // A job is "queued", then "running", and ends "completed", "aborted" or "cancelled".
    await waitUntil(async () =>
      ["completed", "aborted", "cancelled"].includes((await server.db.prisma.aiJob.findUniqueOrThrow({ where: { id: jobId } })).status),
    );
    const items = await server.db.prisma.aiJobItem.findMany({ where: { jobId } });
    expect(items.map((i) => [i.status, i.error])).toEqual([["failed", "value: fails the quality check numbers"]]);

    expect(await storedValue(keyId)).toBeNull();
    expect(await server.db.prisma.translationHistory.count({ where: { keyId } })).toBe(0);
  });
});

describe("defaults, warnings and settings", () => {
  it("refuses broken ICU of an ICU source by default and stores the warnings of a saved value", async () => {
    const { projectId, keyIds } = await seedProject(server, owner, [
      { key: "items", source: "{name, plural, one {# item} other {# items}}" },
      { key: "hello", source: SOURCE },
    ]);
    const icu = await server.request("PUT", `/api/projects/${projectId}/keys/${keyIds.items}/translations/de`, {
      apiKey: owner.apiKey,
      body: { value: "{name, plural, one {x} " },
    });
    expect(icu.status).toBe(422);
    expect(icu.body.issues.map((i: { code: string }) => i.code)).toEqual(["qa.icu_syntax"]);
    expect(await storedValue(keyIds.items!)).toBeNull();

    // Issue 27: renamed placeholder, changed number, dropped full stop — saved with their warnings
    const res = await server.request("PUT", `/api/projects/${projectId}/keys/${keyIds.hello}/translations/de`, {
      apiKey: owner.apiKey,
      body: { value: "Hallo, {nom}! Du hast 4 Dinge" },
    });
    expect(res.status).toBe(200);
    expect(res.body.warnings).toEqual([{ type: "placeholder_mismatch", missing: ["{name}"], extra: ["{nom}"] }]);
    expect(res.body.qaIssues.map((i: { check: string }) => i.check)).toEqual([
      "placeholder_renamed",
      "numbers",
      "numbers",
      "end_punctuation",
    ]);
    expect(res.body.qaIssues[0]).toEqual({
      check: "placeholder_renamed",
      severity: "warning",
      message: "The placeholder {name} of the source was changed to {nom}.",
      start: 7,
      end: 12,
    });
    // …and read back on every read
    const list = await server.request("GET", `/api/projects/${projectId}/translations/de`, { apiKey: owner.apiKey });
    const listed = list.body.data.find((t: { key: string }) => t.key === "hello");
    expect(listed.qaIssues).toEqual(res.body.qaIssues);
    const perKey = await server.request("GET", `/api/projects/${projectId}/keys/${keyIds.hello}/translations`, { apiKey: owner.apiKey });
    expect(perKey.body.find((t: { language: string }) => t.language === "de").qaIssues).toEqual(res.body.qaIssues);
    const gql = await server.request("POST", "/graphql", {
      apiKey: owner.apiKey,
      body: {
        query: `query($p: ID!) { translations(projectId: $p, language: "de") { nodes { key qaIssues } } }`,
        variables: { p: projectId },
      },
    });
    expect(gql.body.data.translations.nodes.find((n: { key: string }) => n.key === "hello").qaIssues).toEqual(res.body.qaIssues);

    // A fixed value clears them
    const fixed = await server.request("PUT", `/api/projects/${projectId}/keys/${keyIds.hello}/translations/de`, {
      apiKey: owner.apiKey,
      body: { value: "Hallo, {name}! Du hast 3 Dinge." },
    });
    expect(fixed.body.qaIssues).toEqual([]);
  });

  it("lets owners and admins change severities (per language too), over REST and GraphQL, and no one else", async () => {
    const { projectId, keyIds } = await seedProject(server, owner, [{ key: "hello", source: SOURCE }]);
    const bad = await server.request("PUT", `/api/projects/${projectId}/qa-settings`, {
      apiKey: owner.apiKey,
      body: { checks: { no_such_check: "error" } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toEqual([{ path: "checks.no_such_check", message: "unknown check" }]);

    const gql = await server.request("POST", "/graphql", {
      apiKey: owner.apiKey,
      body: {
        query: `mutation($p: ID!, $l: JSON) { updateQaSettings(projectId: $p, languages: $l) }`,
        variables: { p: projectId, l: { fr: { end_punctuation: "error" } } },
      },
    });
    expect(gql.body.errors).toBeUndefined();
    expect(gql.body.data.updateQaSettings.effective).toMatchObject({
      fr: { end_punctuation: "error" },
      de: { end_punctuation: "warning" },
    });
    const fr = await server.request("PUT", `/api/projects/${projectId}/keys/${keyIds.hello}/translations/fr`, {
      apiKey: owner.apiKey,
      body: { value: "Bonjour, {name} ! Vous avez 3 articles" },
    });
    expect(fr.status).toBe(422);
    expect(fr.body.issues).toEqual([
      {
        path: "value",
        code: "qa.end_punctuation",
        message: "The source ends with a full stop, the translation with no final punctuation.",
      },
    ]);
    const de = await server.request("PUT", `/api/projects/${projectId}/keys/${keyIds.hello}/translations/de`, {
      apiKey: owner.apiKey,
      body: { value: "Hallo, {name}! Du hast 3 Dinge" },
    });
    expect(de.status).toBe(200);

    // A token without the qa:manage scope, and a developer, may read but not change them
    const token = await server.request("POST", "/api/organizations/current/tokens", {
      cookie: owner.cookie,
      body: { name: "ci", scopes: ["projects:read"] },
    });
    expect(token.status).toBe(201);
    const read = await server.request("GET", `/api/projects/${projectId}/qa-settings`, { apiKey: token.body.token });
    expect(read.status).toBe(200);
    expect(read.body.languages).toEqual({ fr: { end_punctuation: "error" } });
    expect(read.body.catalog.length).toBeGreaterThanOrEqual(20);
    const write = await server.request("PUT", `/api/projects/${projectId}/qa-settings`, { apiKey: token.body.token, body: { checks: {} } });
    expect(write.status).toBe(403);
  });
});
