// The TM search through the native engine's in-process copy of a large language pair, over HTTP
// (docs/tm-search.md, "The in-process engine"): the first search of a large pair answers from the
// database and starts loading the copy; later searches answer from the copy, which sees every write
// committed before the search (new entries, deletions through the API, a rewritten source), keeps
// organizations and language pairs apart, and gives the database search's answer.
import { addTmEntry, configureTmEngine, DEFAULT_TM_ENGINE_SETTINGS, tmEngineCopies } from "@locale/core/tm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../../helpers/test-server";

const MIN_ENTRIES = 60;
let server: TestServer;
let owner: TestUser;
let rival: TestUser;
let stored: string;

const words = ["save", "your", "changes", "open", "the", "file", "delete", "all", "settings", "now", "project", "key"];
let state = 11;
const rnd = (n: number) => {
  state = (state * 1103515245 + 12345) % 2147483648;
  return state % n;
};
const sentence = () => Array.from({ length: 2 + rnd(5) }, () => words[rnd(words.length)]).join(" ");

type Hit = { _id: string; sourceText: string; targetText: string; similarity: number; usageCount: number };

async function search(user: TestUser, sourceText: string, query: Record<string, string> = {}): Promise<Hit[]> {
  const params = new URLSearchParams({ sourceText, sourceLang: "en", targetLang: "de", ...query });
  const res = await server.request<Hit[]>("GET", `/api/organizations/${user.orgId}/tm/search?${params}`, { apiKey: user.apiKey });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

const copies = () => tmEngineCopies(server)!;

/** The database search's answer for the same request (the engine turned off for one call). */
async function fromDatabase(user: TestUser, sourceText: string, query: Record<string, string> = {}): Promise<Hit[]> {
  const engine = copies();
  configureTmEngine(server, { ...DEFAULT_TM_ENGINE_SETTINGS, enabled: false });
  try {
    return await search(user, sourceText, query);
  } finally {
    // the same settings back, with a new set of copies: reloaded by prepare below
    configureTmEngine(server, engine.settings);
  }
}

beforeAll(async () => {
  server = await startTestServer({ TM_ENGINE_MIN_ENTRIES: String(MIN_ENTRIES) });
  owner = await signUpUser(server, "Engine");
  rival = await signUpUser(server, "Rival");
  for (let i = 0; i < MIN_ENTRIES + 40; i++) {
    const text = sentence();
    stored ??= text;
    await addTmEntry(server.db.prisma, {
      organizationId: owner.orgId,
      sourceLanguage: "en",
      targetLanguage: "de",
      sourceText: text,
      targetText: `de ${i}: ${text}`,
    });
  }
  // the other organization's pair is large too, and holds the very source searched below
  for (let i = 0; i < MIN_ENTRIES; i++)
    await addTmEntry(server.db.prisma, {
      organizationId: rival.orgId,
      sourceLanguage: "en",
      targetLanguage: "de",
      sourceText: `rival ${i} save your changes`,
      targetText: `rival ${i}`,
    });
  await addTmEntry(server.db.prisma, {
    organizationId: owner.orgId,
    sourceLanguage: "en",
    targetLanguage: "fr",
    sourceText: "Save your changes now",
    targetText: "Enregistrez maintenant",
  });
});
afterAll(async () => {
  copies().close();
  await server.close();
});

describe("TM search through the native engine", () => {
  it("is configured from the environment, and the native engine is built", () => {
    expect(copies(), "the native TM engine is built (packages/tm-engine)").not.toBeNull();
    expect(copies().settings.minEntries).toBe(MIN_ENTRIES);
  });

  it("answers the first search of a large pair from the database while the copy loads, then from the copy", async () => {
    const first = await search(owner, stored);
    expect(first[0]).toMatchObject({ sourceText: stored, similarity: 100 });
    expect(copies().stats().searches).toBe(0);
    expect(await copies().prepare(owner.orgId, "en", "de")).toBe(true);
    const second = await search(owner, stored);
    expect(copies().stats()).toMatchObject({ pairs: 1, entries: expect.any(Number), searches: 1 });
    expect(second).toEqual(first);
  });

  it("gives the database search's answer for every kind of query", async () => {
    for (const text of ["save", "the file", "open the file now", "delete all settings", "xyz", sentence(), sentence()]) {
      const queries: Record<string, string>[] = [{}, { minSimilarity: "30" }, { minSimilarity: "80", limit: "3" }, { limit: "50" }];
      for (const query of queries) {
        const expected = await fromDatabase(owner, text, query);
        await copies().prepare(owner.orgId, "en", "de");
        const before = copies().stats().searches;
        expect(await search(owner, text, query), `${text} ${JSON.stringify(query)}`).toEqual(expected);
        expect(copies().stats().searches).toBe(before + 1);
      }
    }
  });

  it("sees an entry written after the copy was loaded, at once", async () => {
    const before = await search(owner, "Zebra crossing ahead");
    expect(before).toEqual([]);
    await addTmEntry(server.db.prisma, {
      organizationId: owner.orgId,
      sourceLanguage: "en",
      targetLanguage: "de",
      sourceText: "Zebra crossing ahead!",
      targetText: "Zebrastreifen voraus!",
    });
    const after = await search(owner, "Zebra crossing ahead");
    expect(after.map((h) => [h.targetText, h.similarity])).toEqual([["Zebrastreifen voraus!", 95]]);
  });

  it("drops an entry deleted through the API, and the next best takes its place", async () => {
    for (const text of ["Quantum widget", "Quantum widgets"])
      await addTmEntry(server.db.prisma, {
        organizationId: owner.orgId,
        sourceLanguage: "en",
        targetLanguage: "de",
        sourceText: text,
        targetText: `de ${text}`,
      });
    const [best] = await search(owner, "Quantum widget", { limit: "1" });
    expect(best).toMatchObject({ sourceText: "Quantum widget", similarity: 100 });
    const del = await server.request("DELETE", `/api/organizations/${owner.orgId}/tm/${best!._id}`, { apiKey: owner.apiKey });
    expect(del.body, del.text).toEqual({ success: true });
    const after = await search(owner, "Quantum widget", { limit: "1" });
    expect(after.map((h) => [h.sourceText, h.similarity])).toEqual([["Quantum widgets", 93]]);
    expect(await search(owner, "Quantum widget")).toEqual(await fromDatabase(owner, "Quantum widget"));
  });

  it("follows a source rewritten in the database", async () => {
    await copies().prepare(owner.orgId, "en", "de");
    const [entry] = await search(owner, "Quantum widgets", { limit: "1" });
    await server.db.query(`UPDATE "TmEntry" SET "sourceText" = 'Molecular gadget', "sourceNorm" = 'molecular gadget' WHERE "id" = $1`, [
      entry!._id,
    ]);
    expect(await search(owner, "Quantum widgets")).toEqual([]);
    const found = await search(owner, "Molecular gadget");
    expect(found.map((h) => [h._id, h.similarity])).toEqual([[entry!._id, 100]]);
  });

  it("keeps organizations and language pairs apart", async () => {
    const mine = await search(owner, "save your changes", { limit: "50" });
    expect(mine.some((h) => h.targetText.startsWith("rival"))).toBe(false);
    expect(mine.some((h) => h.targetText === "Enregistrez maintenant")).toBe(false);
    const theirs = await search(rival, "save your changes", { limit: "50" });
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((h) => h.targetText.startsWith("rival"))).toBe(true);
    // the rival's pair got its own copy at its first search, loaded in the background
    expect(await copies().prepare(rival.orgId, "en", "de")).toBe(true);
    expect(await search(rival, "save your changes", { limit: "50" })).toEqual(theirs);
    expect(copies().stats().pairs).toBe(2);
  });

  it("keeps its copies within TM_ENGINE_MAX_MB, dropping the least recently searched pair first", async () => {
    const { settings } = copies();
    const measure = configureTmEngine(server, settings)!;
    await measure.prepare(owner.orgId, "en", "de");
    const ownerBytes = measure.stats().bytes;
    await measure.prepare(rival.orgId, "en", "de");
    const bothBytes = measure.stats().bytes;
    expect(measure.stats().pairs).toBe(2);
    // room for the larger of the two copies, not for both
    const limited = configureTmEngine(server, { ...settings, maxBytes: bothBytes - 1, recheckMs: 0 })!;
    await limited.prepare(owner.orgId, "en", "de");
    await search(owner, stored);
    // loading the rival's pair drops the owner's, the least recently searched
    await limited.prepare(rival.orgId, "en", "de");
    expect(limited.stats()).toMatchObject({ pairs: 1, bytes: bothBytes - ownerBytes });
    // the rival's copy stayed; the owner's pair is searched in the database again ...
    const before = limited.stats().searches;
    const fromDb = await search(owner, stored);
    expect(limited.stats().searches).toBe(before);
    // ... and, counted again, gets a copy again (and the rival's goes)
    await limited.prepare(owner.orgId, "en", "de");
    expect(await search(owner, stored)).toEqual(fromDb);
    expect(limited.stats()).toMatchObject({ pairs: 1, bytes: ownerBytes, searches: before + 1 });
    configureTmEngine(server, settings);
  });

  it("leaves small pairs to the database", async () => {
    expect(await copies().prepare(owner.orgId, "en", "fr")).toBe(false);
    const before = copies().stats().searches;
    const hits = await server.request<Hit[]>(
      "GET",
      `/api/organizations/${owner.orgId}/tm/search?sourceText=Save%20your%20changes&sourceLang=en&targetLang=fr`,
      { apiKey: owner.apiKey },
    );
    expect(hits.body.map((h) => h.targetText)).toEqual(["Enregistrez maintenant"]);
    expect(copies().stats().searches).toBe(before);
  });
});
