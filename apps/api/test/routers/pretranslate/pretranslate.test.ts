// TM pre-translation and the leverage report through HTTP and GraphQL, with the embedded worker:
// context and 100 % matches first, fuzzy ones from the threshold, then DeepL (a local server
// speaking its wire format) for the rest; values saved with source `tm` (or `mt`) and their author
// in history, the quality gate refusing (and counting) a bad TM value, the AI batch's event stream
// and cancel, MT characters counted in the AI characters quota, and a leverage report identical to
// the per-key TM search for every key.
import { findTmMatch } from "@locale/core/pretranslate";
import { tmSimilarity } from "@locale/core/tm";
import { testBackend } from "@locale/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSse, patchSettings, type SeedKey, seedProject } from "../../helpers/fake-ai-providers";
import { type FakeEngine, startFakeEngine } from "../../helpers/fake-mt-engines";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../../helpers/test-server";
import { addTmEntries } from "../../helpers/tm-entries";

let server: TestServer;
let deepl: FakeEngine;

beforeAll(async () => {
  deepl = await startFakeEngine("deepl");
  server = await startTestServer(
    {
      AI_MAX_CONCURRENCY: "2",
      AI_RETRY_BASE_MS: "20",
      AI_JOB_LEASE_MS: "2000",
      AI_SSE_HEARTBEAT_MS: "100",
      MT_ALLOW_HTTP_ENDPOINTS: "true",
    },
    { worker: true },
  );
});
afterAll(async () => {
  await server.close();
  await deepl.close();
});

const TM: [string, string][] = [
  ["Save your changes", "Änderungen speichern"],
  ["Delete this file permanently", "Diese Datei endgültig löschen"],
  ["Open the settings page", "Die Einstellungsseite öffnen"],
  ["You have 3 new messages", "Du hast 4 neue Nachrichten"],
];

const KEYS: SeedKey[] = [
  { key: "exact", source: "Save your changes" },
  { key: "fuzzy", source: "Delete this file permanently!" },
  { key: "far", source: "Open the settings" },
  { key: "none", source: "Nothing like it anywhere" },
  { key: "bad", source: "You have 3 new messages" },
  { key: "shared.title", source: "Welcome aboard" },
  { key: "done", source: "Already there", targets: { de: "Schon da" } },
];

async function tmOrg(user: TestUser): Promise<void> {
  await addTmEntries(server, user.orgId, TM);
}

async function setUp(user: TestUser) {
  await tmOrg(user);
  // The context match: the same key with the same source, translated in another project of the organization.
  await seedProject(server, user, [{ key: "shared.title", source: "Welcome aboard", targets: { de: "Willkommen an Bord" } }], {
    targetLanguages: ["de"],
  });
  const seeded = await seedProject(server, user, KEYS, { targetLanguages: ["de"] });
  // The TM's value for "bad" changes the number: an error-level check refuses it.
  const qa = await server.request("PUT", `/api/projects/${seeded.projectId}/qa-settings`, {
    apiKey: user.apiKey,
    body: { checks: { numbers: "error" } },
  });
  expect(qa.status).toBe(200);
  return seeded;
}

async function follow(projectId: string, jobId: string, user: TestUser) {
  const stream = await openSse(`${server.url}/api/projects/${projectId}/ai/translate/batch/stream/${jobId}`, { "x-api-key": user.apiKey });
  expect(stream.status).toBe(200);
  await stream.done;
  return stream.events;
}

const storedDe = async (keyId: string) => server.db.prisma.translation.findUnique({ where: { keyId_language: { keyId, language: "de" } } });

describe("pre-translation jobs", () => {
  it("fill from context and TM matches down to the threshold, refuse what the gate refuses, and stream like the AI batch", async () => {
    const user = await signUpUser(server);
    const { projectId, keyIds } = await setUp(user);
    const fuzzySimilarity = tmSimilarity("Delete this file permanently!", "Delete this file permanently");
    const farSimilarity = tmSimilarity("Open the settings", "Open the settings page");
    expect(fuzzySimilarity).toBeGreaterThanOrEqual(85);
    expect(farSimilarity).toBeLessThan(85);

    const res = await server.request("POST", `/api/projects/${projectId}/pretranslate`, {
      apiKey: user.apiKey,
      body: { minSimilarity: 85 },
    });
    expect(res.status).toBe(201);
    expect(res.body.jobs).toEqual([{ jobId: expect.any(String), targetLanguage: "de", total: 6, skipped: 0, totalKeys: 6 }]);
    const jobId = res.body.jobs[0].jobId as string;
    const events = await follow(projectId, jobId, user);
    expect(events.map((e) => e.event)).toEqual(["start", ...Array(6).fill("progress"), "complete"]);
    const byKey = Object.fromEntries(events.filter((e) => e.event === "progress").map((e) => [e.data.key, e.data]));
    expect(byKey.exact).toMatchObject({ status: "translated", origin: "exact", similarity: 100, translation: "Änderungen speichern" });
    expect(byKey.fuzzy).toMatchObject({ status: "translated", origin: "fuzzy", similarity: fuzzySimilarity });
    expect(byKey["shared.title"]).toMatchObject({ status: "translated", origin: "context", translation: "Willkommen an Bord" });
    expect(byKey.far).toMatchObject({ status: "skipped", error: "No translation-memory match" });
    expect(byKey.none).toMatchObject({ status: "skipped" });
    expect(byKey.bad).toMatchObject({ status: "failed", origin: "exact", error: "value: fails the quality check numbers" });
    const complete = events.at(-1)!.data;
    expect(complete).toMatchObject({
      translated: 3,
      failed: 1,
      total: 6,
      refused: 1,
      origins: { context: 1, exact: 1, fuzzy: 1, mt: 0, ai: 0 },
    });

    for (const key of ["exact", "fuzzy", "shared.title"]) {
      const t = await storedDe(keyIds[key]!);
      expect(t).toMatchObject({ source: "tm", status: "translated" });
      const history = await server.request("GET", `/api/projects/${projectId}/keys/${keyIds[key]}/translations/de/history`, {
        apiKey: user.apiKey,
      });
      expect(history.body.map((h: { changedBy: string; source: string }) => [h.changedBy, h.source])).toEqual([["tm", "tm"]]);
    }
    expect(await storedDe(keyIds.bad!)).toBeNull();
    expect(await storedDe(keyIds.far!)).toBeNull();
    expect((await storedDe(keyIds.done!))?.value).toBe("Schon da");

    const activity = await server.request("GET", `/api/projects/${projectId}/activity?action=translation.tm_applied`, {
      apiKey: user.apiKey,
    });
    expect(activity.body.meta.total).toBe(3);
    // Only exact and context matches feed the memory back; a fuzzy match's text belongs to another source.
    const fuzzyEntries = await server.db.prisma.tmEntry.count({
      where: { organizationId: user.orgId, sourceText: "Delete this file permanently!" },
    });
    expect(fuzzyEntries).toBe(0);
  });

  it("runs a TM-only job in chunks: across chunk boundaries every key gets what its own TM match answers, once", async () => {
    const user = await signUpUser(server);
    // 1,050 keys on PostgreSQL, 250 on PGlite (two and three of the worker's chunks): every third a
    // stored source, some used by several keys; the first 30 stored twice, the newer target first.
    const count = testBackend() === "pglite" ? 250 : 1_050;
    const keys: SeedKey[] = Array.from({ length: count }, (_, i) => ({
      key: `bulk.${String(i).padStart(4, "0")}`,
      source: i % 3 === 0 ? `Stored sentence ${i % 300}` : `Unseen sentence ${i}`,
    }));
    await addTmEntries(
      server,
      user.orgId,
      Array.from({ length: 300 }, (_, j): [string, string] => [`Stored sentence ${j}`, `Gespeicherter Satz ${j}`]),
    );
    await addTmEntries(
      server,
      user.orgId,
      Array.from({ length: 30 }, (_, j): [string, string] => [`Stored sentence ${j}`, `Zweiter Satz ${j}`]),
    );
    const expected = new Map<string, string | null>();
    for (const k of keys) {
      const match = await findTmMatch(
        { db: server.db, runtime: server.runtime },
        {
          organizationId: user.orgId,
          sourceLanguage: "en",
          targetLanguage: "de",
          sourceText: k.source,
          minSimilarity: 100,
        },
      );
      expected.set(k.key, match?.translation ?? null);
    }
    const translatedKeys = [...expected.values()].filter((v) => v !== null).length;
    expect(translatedKeys).toBe(Math.ceil(count / 3));
    // The searches above leave the client's kept-alive connection idle for seconds, and the server
    // closes it: one throwaway request takes that stale connection, so the next ones get a fresh one.
    // The keys are then seeded in bulk, so no long pause comes before the job is started.
    await server.request("GET", "/health").catch(() => {});
    const created = await server.request("POST", "/api/projects", {
      apiKey: user.apiKey,
      body: { name: "Chunks", sourceLanguage: "en", targetLanguages: ["de"] },
    });
    expect(created.status).toBe(201);
    const projectId = created.body._id as string;
    const rows = await server.db.prisma.key.createManyAndReturn({ data: keys.map((k) => ({ projectId, key: k.key })) });
    const keyIds = Object.fromEntries(rows.map((r) => [r.key, r.id]));
    await server.db.prisma.translation.createMany({
      data: keys.map((k) => ({
        projectId,
        keyId: keyIds[k.key]!,
        language: "en",
        value: k.source,
        status: "translated" as const,
        source: "human" as const,
      })),
    });

    const res = await server.request("POST", `/api/projects/${projectId}/pretranslate`, { apiKey: user.apiKey, body: {} });
    expect(res.status).toBe(201);
    const events = await follow(projectId, res.body.jobs[0].jobId, user);
    const progress = events.filter((e) => e.event === "progress");
    expect(progress).toHaveLength(keys.length);
    expect(new Set(progress.map((e) => e.data.keyId)).size).toBe(keys.length);
    expect(progress.map((e) => e.data.completed)).toEqual(keys.map((_, i) => i + 1));
    expect(events.at(-1)!.data).toMatchObject({ translated: translatedKeys, failed: 0, origins: { exact: translatedKeys } });

    const stored = await server.db.prisma.translation.findMany({ where: { projectId, language: "de" } });
    const byKeyId = new Map(stored.map((t) => [t.keyId, t]));
    for (const k of keys) expect(byKeyId.get(keyIds[k.key]!)?.value ?? null).toBe(expected.get(k.key));
    expect(await server.db.prisma.translationHistory.count({ where: { projectId, language: "de" } })).toBe(translatedKeys);
    expect(await server.db.prisma.activity.count({ where: { projectId, action: "translation.tm_applied" } })).toBe(translatedKeys);
    // Each use of a 100 % match counts once, as the item-by-item save counted it.
    const used = await server.db.prisma.tmEntry.findMany({ where: { organizationId: user.orgId, sourceText: "Stored sentence 3" } });
    const uses = keys.filter((k) => k.source === "Stored sentence 3").length;
    expect(used.map((e) => [e.targetText, e.usageCount]).sort()).toEqual([
      ["Gespeicherter Satz 3", 1],
      ["Zweiter Satz 3", 1 + uses],
    ]);
  }, 180_000);

  it("saves a TM-only chunk over stored untranslated values, with their history, and queues the webhook deliveries of its activity", async () => {
    const user = await signUpUser(server);
    const { projectId, keyIds } = await setUp(user);
    // "exact" and "shared.title" have a stored untranslated German value (as a cleared one is kept).
    const before = new Date(Date.now() + 60_000);
    for (const key of ["exact", "shared.title"]) {
      await server.db.prisma.translation.create({
        data: { projectId, keyId: keyIds[key]!, language: "de", value: "", status: "untranslated", createdAt: before, updatedAt: before },
      });
    }
    // Subscribed to the entries: one for this project's tm_applied, one for everything; a third for another action.
    const hook = (events: string[], project: string | null) =>
      server.db.prisma.webhook.create({
        data: { organizationId: user.orgId, projectId: project, url: "https://hooks.example.com/tm", events, secret: "whsec_test" },
      });
    const tmHook = await hook(["translation.tm_applied"], projectId);
    const allHook = await hook(["*"], null);
    const otherHook = await hook(["key.created"], null);

    const res = await server.request("POST", `/api/projects/${projectId}/pretranslate`, { apiKey: user.apiKey, body: {} });
    expect(res.status).toBe(201);
    const jobId = res.body.jobs[0].jobId as string;
    const events = await follow(projectId, jobId, user);
    const complete = events.at(-1)!.data;
    expect(complete).toMatchObject({ translated: 2, failed: 1, refused: 1, origins: { context: 1, exact: 1 } });

    for (const key of ["exact", "shared.title"]) {
      const t = await storedDe(keyIds[key]!);
      expect(t).toMatchObject({ source: "tm", status: "translated", createdAt: before });
      // Later than the row's last change, as every write keeps a translation's history in order.
      expect(t!.updatedAt.getTime()).toBeGreaterThan(before.getTime());
      const history = await server.db.prisma.translationHistory.findMany({ where: { translationId: t!.id } });
      expect(history).toEqual([
        expect.objectContaining({
          previousValue: "",
          previousStatus: "untranslated",
          newValue: t!.value,
          newStatus: "translated",
          changedBy: "tm",
          changedByName: "Translation memory",
          source: "tm",
          createdAt: t!.updatedAt,
        }),
      ]);
    }

    const entries = await server.db.prisma.activity.findMany({ where: { projectId, action: "translation.tm_applied" } });
    expect(entries).toHaveLength(2);
    // The catch-all one also gets the job's translation.batch_completed.
    const deliveries = await server.db.prisma.webhookDelivery.findMany({
      where: { webhookId: { in: [tmHook.id, allHook.id, otherHook.id] }, event: { not: "translation.batch_completed" } },
    });
    expect(deliveries).toHaveLength(4);
    for (const entry of entries) {
      for (const webhookId of [tmHook.id, allHook.id]) {
        const delivery = deliveries.find((d) => d.webhookId === webhookId && (d.payload as { id: string }).id === entry.id);
        expect(delivery?.event).toBe("translation.tm_applied");
        expect(delivery?.payload).toEqual({
          id: entry.id,
          event: "translation.tm_applied",
          created: entry.createdAt.toISOString(),
          organizationId: user.orgId,
          projectId,
          data: { targetId: entry.targetId, targetType: "translation", userId: null, userName: "tm", metadata: entry.metadata },
        });
      }
    }
    expect(entries.find((e) => e.targetId === keyIds.exact)!.metadata as Record<string, unknown>).toEqual({
      key: "exact",
      language: "de",
      match: "exact",
      similarity: 100,
      jobId,
    });
  });

  it("sends what the TM leaves to an MT engine, saved as mt, and counts its characters in the AI quota", async () => {
    const user = await signUpUser(server);
    await patchSettings(server, user, { mtEngineKeys: { deepl: { apiKey: deepl.key, endpoint: deepl.url } } });
    const { projectId, keyIds } = await setUp(user);
    deepl.reset();
    const res = await server.request("POST", `/api/projects/${projectId}/pretranslate`, {
      apiKey: user.apiKey,
      body: { targetLanguages: ["de"], engine: "deepl" },
    });
    expect(res.status).toBe(201);
    const events = await follow(projectId, res.body.jobs[0].jobId, user);
    const complete = events.at(-1)!.data;
    // 100 only: exact and context from the TM, the rest (fuzzy, far, none) from DeepL.
    expect(complete).toMatchObject({ translated: 5, failed: 1, refused: 1, origins: { context: 1, exact: 1, fuzzy: 0, mt: 3, ai: 0 } });
    expect(deepl.requests.map((r) => r.text).sort()).toEqual([
      "Delete this file permanently!",
      "Nothing like it anywhere",
      "Open the settings",
    ]);
    expect(await storedDe(keyIds.none!)).toMatchObject({ source: "mt", status: "translated" });
    const usage = await server.request("GET", "/api/organizations/current/usage", { apiKey: user.apiKey });
    const ai = usage.body.quotas.find((q: { dimension: string }) => q.dimension === "aiCharactersPerMonth");
    const sent = ["Delete this file permanently!", "Nothing like it anywhere", "Open the settings"].join("").length;
    expect(ai.used).toBe(sent);
  });

  it("can be cancelled through the AI batch's cancel, and refuses bad input with 400", async () => {
    const user = await signUpUser(server);
    const { projectId } = await setUp(user);
    const bad = async (body: Record<string, unknown>, path: string) => {
      const res = await server.request("POST", `/api/projects/${projectId}/pretranslate`, { apiKey: user.apiKey, body });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: "Bad Request" });
      expect(JSON.stringify(res.body)).toContain(path);
    };
    await bad({ minSimilarity: 40 }, "minSimilarity");
    await bad({ engine: "deepl" }, "engine");
    await bad({ targetLanguages: ["ja"] }, "targetLanguages");
    await bad({ model: "modelA-sonnet-4-6" }, "model");

    const foreign = await seedProject(server, user, [{ key: "elsewhere", source: "Elsewhere" }], { targetLanguages: ["de"] });
    await bad({ keyIds: [foreign.keyIds.elsewhere] }, "keyIds");

    const started = await server.request("POST", `/api/projects/${projectId}/pretranslate`, { apiKey: user.apiKey, body: {} });
    const jobId = started.body.jobs[0].jobId as string;
    const cancel = await server.request("POST", `/api/projects/${projectId}/ai/translate/batch/cancel/${jobId}`, { apiKey: user.apiKey });
    // Either cancelled before it ran, or it finished first (409): both leave a finished job.
    expect([200, 409]).toContain(cancel.status);
    const events = await follow(projectId, jobId, user);
    expect(["cancelled", "complete"]).toContain(events.at(-1)!.event);

    // An archived project refuses it like any other write.
    expect((await server.request("DELETE", `/api/projects/${projectId}`, { apiKey: user.apiKey })).status).toBe(200);
    const archived = await server.request("POST", `/api/projects/${projectId}/pretranslate`, { apiKey: user.apiKey, body: {} });
    expect(archived.status).toBe(409);
    expect(archived.body).toEqual({ statusCode: 409, message: "Project is archived", error: "Conflict" });
  });

  it("has a GraphQL twin with the same validation", async () => {
    const user = await signUpUser(server);
    const { projectId } = await setUp(user);
    const gql = (query: string, variables: Record<string, unknown>) =>
      server.request("POST", "/graphql", { apiKey: user.apiKey, body: { query, variables } });
    const mutation = `mutation($p: ID!, $m: Float) { startPretranslate(projectId: $p, minSimilarity: $m) { jobId targetLanguage total } }`;
    const refused = await gql(mutation, { p: projectId, m: 10 });
    expect(refused.body.errors[0].extensions.code).toBe("BAD_USER_INPUT");
    const ok = await gql(mutation, { p: projectId, m: 85 });
    expect(ok.body.errors).toBeUndefined();
    expect(ok.body.data.startPretranslate).toEqual([{ jobId: expect.any(String), targetLanguage: "de", total: 6 }]);
    const events = await follow(projectId, ok.body.data.startPretranslate[0].jobId, user);
    expect(events.at(-1)!.data).toMatchObject({ translated: 3, refused: 1 });
  });
});

describe("leverage report", () => {
  it("counts keys, words and characters per band, identical to the per-key TM search, with costs from rates", async () => {
    const user = await signUpUser(server);
    const { projectId } = await setUp(user);
    const res = await server.request("GET", `/api/projects/${projectId}/leverage?rateNone=0.1&rate100=0.02&rate85=0.05&rateContext=0`, {
      apiKey: user.apiKey,
    });
    expect(res.status).toBe(200);
    expect(res.body.sourceLanguage).toBe("en");
    const [de] = res.body.languages;
    expect(de.language).toBe("de");
    expect(de.keys).toBe(6);
    const bands = Object.fromEntries(de.bands.map((b: { band: string }) => [b.band, b]));
    expect(de.bands.map((b: { band: string }) => b.band)).toEqual(["context", "100", "95-99", "85-94", "75-84", "50-74", "none"]);

    // Every untranslated key: its band is what GET /tm/search answers for its source (context aside).
    const expected: Record<string, number> = { context: 0, "100": 0, "95-99": 0, "85-94": 0, "75-84": 0, "50-74": 0, none: 0 };
    const words: Record<string, number> = { ...expected };
    for (const k of KEYS.filter((k) => !k.targets)) {
      let band: string;
      if (k.key === "shared.title") band = "context";
      else {
        const search = await server.request(
          "GET",
          `/api/organizations/${user.orgId}/tm/search?sourceText=${encodeURIComponent(k.source)}&sourceLang=en&targetLang=de&limit=1&minSimilarity=50`,
          { apiKey: user.apiKey },
        );
        const s = search.body[0]?.similarity as number | undefined;
        band = s === undefined ? "none" : s >= 100 ? "100" : s >= 95 ? "95-99" : s >= 85 ? "85-94" : s >= 75 ? "75-84" : "50-74";
      }
      expected[band]!++;
      words[band]! += k.source.split(/\s+/).length;
    }
    for (const [band, n] of Object.entries(expected)) {
      expect(bands[band].keys, band).toBe(n);
      expect(bands[band].words, band).toBe(words[band]);
    }
    expect(bands.none.cost).toBeCloseTo(words.none! * 0.1);
    expect(de.cost).toBeCloseTo(words.none! * 0.1 + words["100"]! * 0.02 + words["85-94"]! * 0.05);

    const gql = await server.request("POST", "/graphql", {
      apiKey: user.apiKey,
      body: {
        query: `query($p: ID!) { leverageReport(projectId: $p, rateNone: 0.1, rate100: 0.02, rate85: 0.05, rateContext: 0) { sourceLanguage languages { language keys words characters cost bands { band keys words characters cost } } } }`,
        variables: { p: projectId },
      },
    });
    expect(gql.body.errors).toBeUndefined();
    expect(gql.body.data.leverageReport).toEqual(res.body);

    const unknown = await server.request("GET", `/api/projects/${projectId}/leverage?languages=ja`, { apiKey: user.apiKey });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/^languages: /);
  });
});
