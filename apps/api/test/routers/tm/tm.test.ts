// Translation memory: similarity arithmetic (pure), the concurrency-safe upsert, and the browse,
// search and delete endpoints over HTTP.

import { addTmEntry, levenshtein, normalizeTmText, tmSimilarity } from "@locale/core/tm";
import type { Role } from "@locale/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../../helpers/test-server";

let server: TestServer;
let owner: TestUser;
let other: TestUser;

async function memberWithRole(orgId: string, role: Role): Promise<string> {
  const user = await signUpUser(server, `A ${role}`);
  await server.db.prisma.membership.updateMany({ where: { userId: user.userId }, data: { organizationId: orgId, role } });
  await server.db.prisma.session.updateMany({ where: { userId: user.userId }, data: { organizationId: orgId } });
  return user.cookie;
}

// Entries are listed newest first by their millisecond timestamp: seeds wait for the clock to
// move on, so the expected order never rests on a tie.
const seed = async (organizationId: string, sourceText: string, targetText: string, sourceLanguage = "en", targetLanguage = "de") => {
  await new Promise((resolve) => setTimeout(resolve, 3));
  return addTmEntry(server.db.prisma, { organizationId, sourceLanguage, targetLanguage, sourceText, targetText });
};

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpUser(server, "Tim");
  other = await signUpUser(server, "Otto");
});
afterAll(async () => {
  await server.close();
});

describe("TM similarity (pure)", () => {
  it("computes the documented values for known pairs", () => {
    expect(levenshtein("kitten", "sitting")).toBe(3);
    expect(tmSimilarity("kitten", "sitting")).toBe(57); // 1 − 3/7
    expect(tmSimilarity("Save changes", "Save change")).toBe(92); // 1 − 1/12
    expect(tmSimilarity("Save changes", "Save changes")).toBe(100);
    // identical after lower-casing and whitespace collapsing, but not identical: capped at 99
    expect(tmSimilarity("Hello   World", "hello world")).toBe(99);
    expect(tmSimilarity("abc", "xyz")).toBe(0);
    expect(tmSimilarity("Delete file", "Delete files?")).toBe(85); // 1 − 2/13
    // code points, not UTF-16 units: one emoji is one edit
    expect(tmSimilarity("Hi 👋", "Hi 👍")).toBe(75);
    expect(normalizeTmText("  A\t\nB  ")).toBe("a b");
  });
});

describe("addTmEntry", () => {
  it("adds a pair once and counts repeats, also under concurrent saves", async () => {
    const org = (await signUpUser(server, "Conc")).orgId;
    const first = await seed(org, "Open", "Öffnen");
    expect(first).toMatchObject({ sourceText: "Open", targetText: "Öffnen", usageCount: 1 });
    await Promise.all(Array.from({ length: 9 }, () => seed(org, "Open", "Öffnen")));
    const rows = await server.db.prisma.tmEntry.findMany({ where: { organizationId: org } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.usageCount).toBe(10);
    expect(rows[0]!.sourceNorm).toBe("open");
    // another target, or another language pair, is another entry; blanks are not remembered
    await seed(org, "Open", "Aufmachen");
    await seed(org, "Open", "Öffnen", "en", "fr");
    expect(await seed(org, "Open", "  ")).toBeNull();
    expect(await server.db.prisma.tmEntry.count({ where: { organizationId: org } })).toBe(3);
  });
});

describe("TM endpoints", () => {
  beforeAll(async () => {
    await seed(owner.orgId, "Save changes", "Änderungen speichern");
    await seed(owner.orgId, "Save change", "Änderung speichern");
    await seed(owner.orgId, "Save change", "Änderung speichern");
    await seed(owner.orgId, "Save changes?", "Änderungen speichern?");
    await seed(owner.orgId, "save  CHANGES", "ÄNDERUNGEN SPEICHERN");
    await seed(owner.orgId, "Delete the account permanently", "Konto endgültig löschen");
    await seed(owner.orgId, "Save changes", "Enregistrer", "en", "fr");
    await seed(other.orgId, "Save changes", "Geheim");
  });

  it("searches with exact similarity values, best first, then by usageCount", async () => {
    const res = await server.request(
      "GET",
      `/api/organizations/${owner.orgId}/tm/search?sourceText=Save%20changes&sourceLang=en&targetLang=de`,
      { cookie: owner.cookie },
    );
    expect(res.status).toBe(200);
    expect(res.body.map((r: any) => [r.sourceText, r.targetText, r.similarity, r.usageCount])).toEqual([
      ["Save changes", "Änderungen speichern", 100, 1],
      ["save  CHANGES", "ÄNDERUNGEN SPEICHERN", 99, 1],
      ["Save change", "Änderung speichern", 92, 2],
      ["Save changes?", "Änderungen speichern?", 92, 1],
    ]);
    expect(res.body[0]).toEqual({
      _id: expect.any(String),
      sourceText: "Save changes",
      targetText: "Änderungen speichern",
      sourceLanguage: "en",
      targetLanguage: "de",
      usageCount: 1,
      created: expect.any(String),
      similarity: 100,
    });
  });

  it("applies minSimilarity, limit (clamped to 50) and the language filters", async () => {
    const q = (params: string) => server.request("GET", `/api/organizations/${owner.orgId}/tm/search?${params}`, { apiKey: owner.apiKey });
    expect((await q("sourceText=Save%20changes&targetLang=de&minSimilarity=95")).body.map((r: any) => r.similarity)).toEqual([100, 99]);
    expect((await q("sourceText=Save%20changes&targetLang=de&limit=1")).body).toHaveLength(1);
    expect((await q("sourceText=Save%20changes&targetLang=fr")).body.map((r: any) => r.targetText)).toEqual(["Enregistrer"]);
    expect((await q("sourceText=Save%20changes&limit=500")).status).toBe(200);
    expect((await q("sourceText=Delete%20account%20permanently&minSimilarity=0")).body[0]).toMatchObject({
      sourceText: "Delete the account permanently",
      similarity: 87,
    });
    expect((await q("sourceText=Nothing%20alike%20here")).body).toEqual([]);
  });

  it("returns exactly what a scan of every entry with tmSimilarity returns (more in tm-search-exact.test.ts)", async () => {
    const org = await signUpUser(server, "Random TM");
    let s = 99;
    const rnd = (n: number) => {
      s = (s + 0x6d2b79f5) | 0;
      let t = Math.imul(s ^ (s >>> 15), 1 | s);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) % n;
    };
    const vocab = ["save", "file", "files", "open", "the", "a", "close", "Delete", "account", "now", "later", "é", "Größe"];
    const sentence = () => Array.from({ length: 1 + rnd(5) }, () => vocab[rnd(vocab.length)]).join(rnd(4) ? " " : "  ");
    const texts = new Set<string>();
    while (texts.size < 120) texts.add(sentence());
    for (const text of texts) await seed(org.orgId, text, `t:${text}`);
    const all = await server.db.query<{ id: string; sourceText: string; usageCount: number; createdAt: Date }>(
      `SELECT "id", "sourceText", "usageCount", "createdAt" FROM "TmEntry" WHERE "organizationId" = $1`,
      [org.orgId],
    );
    for (let round = 0; round < 40; round++) {
      const query = sentence();
      const minSimilarity = [0, 30, 50, 70, 90, 100][rnd(6)]!;
      const res = await server.request(
        "GET",
        `/api/organizations/${org.orgId}/tm/search?sourceText=${encodeURIComponent(query)}&minSimilarity=${minSimilarity}&limit=50`,
        { apiKey: org.apiKey },
      );
      expect(res.status).toBe(200);
      const expected = all
        .map((r) => ({ ...r, similarity: tmSimilarity(query, r.sourceText) }))
        .filter((r) => r.similarity >= minSimilarity)
        .sort(
          (a, b) =>
            b.similarity - a.similarity ||
            b.usageCount - a.usageCount ||
            b.createdAt.getTime() - a.createdAt.getTime() ||
            (a.id < b.id ? -1 : 1),
        )
        .slice(0, 50)
        .map((r) => ({ id: r.id, similarity: r.similarity }));
      expect(
        res.body.map((r: any) => ({ id: r._id, similarity: r.similarity })),
        `${query} @${minSimilarity}`,
      ).toEqual(expected);
    }
  });

  it("finds texts without letters or digits (no trigrams) by exact normalised text", async () => {
    const org = await signUpUser(server, "Punct");
    await seed(org.orgId, "…!?", "…!?");
    await seed(org.orgId, "—", "–");
    const q = (text: string) =>
      server.request("GET", `/api/organizations/${org.orgId}/tm/search?sourceText=${encodeURIComponent(text)}`, { apiKey: org.apiKey });
    expect((await q("…!?")).body.map((r: any) => [r.sourceText, r.similarity])).toEqual([["…!?", 100]]);
    expect((await q(" …!? ")).body.map((r: any) => [r.sourceText, r.similarity])).toEqual([["…!?", 99]]);
    expect((await q("?!")).body).toEqual([]);
  });

  it("answers 400 for a missing sourceText, a bad minSimilarity or limit, and a bad language", async () => {
    const q = (params: string) => server.request("GET", `/api/organizations/${owner.orgId}/tm/search?${params}`, { apiKey: owner.apiKey });
    const missing = await q("sourceLang=en");
    expect(missing.status).toBe(400);
    expect(missing.body.issues[0].path).toBe("sourceText");
    const blank = await q("sourceText=%20%20");
    expect(blank.body).toEqual({
      statusCode: 400,
      message: "sourceText: must not be empty",
      error: "Bad Request",
      issues: [{ path: "sourceText", message: "must not be empty" }],
    });
    const sim = await q("sourceText=x&minSimilarity=101");
    expect(sim.body).toEqual({
      statusCode: 400,
      message: "minSimilarity: must be a number from 0 to 100",
      error: "Bad Request",
      issues: [{ path: "minSimilarity", message: "must be a number from 0 to 100" }],
    });
    expect((await q("sourceText=x&limit=0")).body.issues).toEqual([{ path: "limit", message: "must be a positive integer" }]);
    expect((await q("sourceText=x&limit=abc")).status).toBe(400);
    expect((await q("sourceText=x&sourceLang=%3F%3F")).body.issues[0].path).toBe("sourceLang");
  });

  it("browses entries paginated, newest first, only the caller's organization", async () => {
    const res = await server.request("GET", `/api/organizations/current/tm?page=1&limit=2`, { apiKey: owner.apiKey });
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ page: 1, limit: 2, total: 6, totalPages: 3 });
    expect(res.body.data).toHaveLength(2);
    expect(res.body.data[0]).toEqual({
      _id: expect.any(String),
      sourceText: "Save changes",
      targetText: "Enregistrer",
      sourceLanguage: "en",
      targetLanguage: "fr",
      usageCount: 1,
      created: expect.any(String),
    });
    const all = await server.request("GET", `/api/v1/organizations/${owner.orgId}/tm?limit=500`, { apiKey: owner.apiKey });
    expect(all.body.meta).toEqual({ page: 1, limit: 200, total: 6, totalPages: 1 });
    expect(all.body.data.map((e: any) => e.targetText)).not.toContain("Geheim");
    const fr = await server.request("GET", `/api/organizations/${owner.orgId}/tm?targetLang=fr`, { apiKey: owner.apiKey });
    expect(fr.body.meta.total).toBe(1);
    expect((await server.request("GET", `/api/organizations/${owner.orgId}/tm?limit=0`, { apiKey: owner.apiKey })).status).toBe(400);
  });

  it("deletes an entry; another organization, a reviewer or a translator cannot", async () => {
    const entry = (await seed(owner.orgId, "Temporary", "Vorübergehend"))!;
    const foreign = await server.request("DELETE", `/api/organizations/${other.orgId}/tm/${entry._id}`, { apiKey: other.apiKey });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ statusCode: 404, message: "Translation memory entry not found", error: "Not Found" });
    const wrongOrg = await server.request("DELETE", `/api/organizations/${owner.orgId}/tm/${entry._id}`, { apiKey: other.apiKey });
    expect(wrongOrg.body).toEqual({ statusCode: 404, message: "Organization not found", error: "Not Found" });
    expect((await server.request("GET", `/api/organizations/${owner.orgId}/tm/search?sourceText=x`, { apiKey: other.apiKey })).status).toBe(
      404,
    );
    for (const role of ["translator", "reviewer"] as const) {
      const cookie = await memberWithRole(owner.orgId, role);
      const res = await server.request("DELETE", `/api/organizations/${owner.orgId}/tm/${entry._id}`, { cookie });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ statusCode: 403, message: "Forbidden resource", error: "Forbidden" });
      expect((await server.request("GET", `/api/organizations/${owner.orgId}/tm`, { cookie })).status).toBe(200);
    }
    const ok = await server.request("DELETE", `/api/organizations/${owner.orgId}/tm/${entry._id}`, { apiKey: owner.apiKey });
    expect(ok.body).toEqual({ success: true });
    const again = await server.request("DELETE", `/api/organizations/${owner.orgId}/tm/${entry._id}`, { apiKey: owner.apiKey });
    expect(again.status).toBe(404);
  });
});

describe("translations feeding the memory", () => {
  let user: TestUser;
  let projectId: string;
  const key = async (name: string, source?: string) => {
    const res = await server.request("POST", `/api/projects/${projectId}/keys`, { apiKey: user.apiKey, body: { key: name } });
    expect(res.status, res.text).toBe(201);
    if (source !== undefined)
      expect(
        (
          await server.request("PUT", `/api/projects/${projectId}/keys/${res.body._id}/translations/en`, {
            apiKey: user.apiKey,
            body: { value: source },
          })
        ).status,
      ).toBe(200);
    return res.body._id as string;
  };
  const put = (keyId: string, language: string, body: Record<string, unknown>) =>
    server.request("PUT", `/api/projects/${projectId}/keys/${keyId}/translations/${language}`, { apiKey: user.apiKey, body });
  const approve = (keyId: string, language: string) =>
    server.request("PATCH", `/api/projects/${projectId}/keys/${keyId}/translations/${language}/status`, {
      apiKey: user.apiKey,
      body: { status: "approved" },
    });
  const entries = async () =>
    (await server.request("GET", `/api/organizations/${user.orgId}/tm?limit=200`, { apiKey: user.apiKey })).body.data.map((e: any) => [
      e.sourceText,
      e.targetText,
      e.targetLanguage,
      e.usageCount,
    ]);

  beforeAll(async () => {
    user = await signUpUser(server, "Feeder");
    const res = await server.request("POST", "/api/projects", {
      apiKey: user.apiKey,
      body: { name: "TM", sourceLanguage: "en", targetLanguages: ["de", "fr"] },
    });
    projectId = res.body._id;
  });

  it("adds the source → approved value pair when a translation is approved, counting repeats", async () => {
    const k1 = await key("save", "Save");
    await put(k1, "de", { value: "Speichern" });
    expect(await entries()).toEqual([]); // translated is not enough
    expect((await approve(k1, "de")).status).toBe(200);
    expect(await entries()).toEqual([["Save", "Speichern", "de", 1]]);
    expect((await approve(k1, "de")).status).toBe(200); // already approved: no change, no repeat
    const k2 = await key("save.again", "Save");
    await put(k2, "de", { value: "Speichern" });
    await approve(k2, "de");
    expect(await entries()).toEqual([["Save", "Speichern", "de", 2]]);
    const search = await server.request("GET", `/api/organizations/${user.orgId}/tm/search?sourceText=Save&sourceLang=en&targetLang=de`, {
      apiKey: user.apiKey,
    });
    expect(search.body.map((r: any) => [r.targetText, r.similarity, r.usageCount])).toEqual([["Speichern", 100, 2]]);
    // approving a source-language value, or a translation without a source value, adds nothing
    await approve(k1, "en");
    const k3 = await key("no.source");
    await put(k3, "fr", { value: "Orphelin" });
    await approve(k3, "fr");
    expect(await entries()).toHaveLength(1);
  });

  it("remembers a revert that brings an approved value back", async () => {
    const k = await key("revert.me", "Close");
    await put(k, "de", { value: "Schließen" });
    await approve(k, "de");
    expect(await entries()).toContainEqual(["Close", "Schließen", "de", 1]);
    await put(k, "de", { value: "Zumachen" }); // back to translated: nothing remembered
    expect((await entries()).map((e: any[]) => e[1])).not.toContain("Zumachen");
    const revert = await server.request("POST", `/api/projects/${projectId}/keys/${k}/translations/de/revert`, { apiKey: user.apiKey });
    expect(revert.status, revert.text).toBe(200);
    expect(revert.body.status).toBe("approved");
    expect(await entries()).toContainEqual(["Close", "Schließen", "de", 2]);
  });

  it("honours tmAutoAdd: false for approvals, but always remembers AI saves", async () => {
    const off = await server.request("PATCH", `/api/organizations/${user.orgId}`, {
      apiKey: user.apiKey,
      body: { settings: { tmAutoAdd: false } },
    });
    expect(off.status, off.text).toBe(200);
    const k = await key("cancel", "Cancel");
    await put(k, "fr", { value: "Annuler" });
    await approve(k, "fr");
    expect((await entries()).map((e: any[]) => e[1])).not.toContain("Annuler");
    const ai = await put(k, "de", { value: "Abbrechen", source: "ai", aiConfidence: 90 });
    expect(ai.status, ai.text).toBe(200);
    expect(await entries()).toContainEqual(["Cancel", "Abbrechen", "de", 1]);
    // a human PUT is not remembered
    const human = await key("human", "Human");
    await put(human, "de", { value: "Mensch" });
    expect((await entries()).map((e: any[]) => e[0])).not.toContain("Human");
    await server.request("PATCH", `/api/organizations/${user.orgId}`, { apiKey: user.apiKey, body: { settings: { tmAutoAdd: true } } });
    await approve(human, "de");
    expect(await entries()).toContainEqual(["Human", "Mensch", "de", 1]);
  });
});
