// Analytics over HTTP: progress, progress over time, contributors and the organization overview,
// with exact numbers for a scripted history and a randomized run compared with a brute-force
// recount from the database.

import type { Role, TranslationHistory } from "@locale/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../../helpers/test-server";

let server: TestServer;
let owner: TestUser;

async function memberWithRole(orgId: string, role: Role, name: string): Promise<{ cookie: string; userId: string }> {
  const user = await signUpUser(server, name);
  await server.db.prisma.membership.updateMany({ where: { userId: user.userId }, data: { organizationId: orgId, role } });
  await server.db.prisma.session.updateMany({ where: { userId: user.userId }, data: { organizationId: orgId } });
  return { cookie: user.cookie, userId: user.userId };
}

async function createProject(user: TestUser, body: Record<string, unknown>): Promise<string> {
  const res = await server.request("POST", "/api/projects", { apiKey: user.apiKey, body });
  expect(res.status, res.text).toBe(201);
  return res.body._id;
}

async function createKey(user: TestUser, projectId: string, key: string): Promise<string> {
  const res = await server.request("POST", `/api/projects/${projectId}/keys`, { apiKey: user.apiKey, body: { key } });
  expect(res.status, res.text).toBe(201);
  return res.body._id;
}

const put = (auth: { apiKey?: string; cookie?: string }, projectId: string, keyId: string, language: string, value: string) =>
  server.request("PUT", `/api/projects/${projectId}/keys/${keyId}/translations/${language}`, { ...auth, body: { value } });
const setStatus = (auth: { apiKey?: string; cookie?: string }, projectId: string, keyId: string, language: string, status: string) =>
  server.request("PATCH", `/api/projects/${projectId}/keys/${keyId}/translations/${language}/status`, { ...auth, body: { status } });

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpUser(server, "Olivia");
});
afterAll(async () => {
  await server.close();
});

/** Translations of a language whose stored quality-check issues count (none ignored here). */
async function withIssues(projectId: string, language: string): Promise<number> {
  const rows = await server.db.prisma.translation.findMany({ where: { projectId, language } });
  return rows.filter((t) => (t.qaIssues as unknown[]).length > 0).length;
}

describe("project progress", () => {
  it("counts cumulatively per target language, with two-decimal percentages", async () => {
    const p = await createProject(owner, { name: "Progress", sourceLanguage: "en", targetLanguages: ["de", "fr", "it"] });
    const keys = [await createKey(owner, p, "a"), await createKey(owner, p, "b"), await createKey(owner, p, "c")];
    for (const k of keys) expect((await put(owner, p, k, "en", `source ${k}`)).status).toBe(200);
    await put(owner, p, keys[0]!, "de", "A");
    await put(owner, p, keys[1]!, "de", "B");
    await put(owner, p, keys[2]!, "de", "C");
    await setStatus(owner, p, keys[1]!, "de", "reviewed");
    await setStatus(owner, p, keys[2]!, "de", "approved");
    await put(owner, p, keys[0]!, "fr", "A");
    const res = await server.request("GET", `/api/projects/${p}/analytics/progress`, { cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      totalKeys: 3,
      languages: [
        {
          language: "de",
          totalKeys: 3,
          translated: 3,
          reviewed: 2,
          approved: 1,
          completionPercent: 100,
          qaIssues: await withIssues(p, "de"),
          qaErrors: 0,
        },
        {
          language: "fr",
          totalKeys: 3,
          translated: 1,
          reviewed: 0,
          approved: 0,
          completionPercent: 33.33,
          qaIssues: await withIssues(p, "fr"),
          qaErrors: 0,
        },
        { language: "it", totalKeys: 3, translated: 0, reviewed: 0, approved: 0, completionPercent: 0, qaIssues: 0, qaErrors: 0 },
      ],
    });
    const chosen = await server.request("GET", `/api/v1/projects/${p}/analytics/progress?languages=fr,%20EN,fr`, { apiKey: owner.apiKey });
    expect(chosen.body.languages.map((l: any) => [l.language, l.translated, l.completionPercent])).toEqual([
      ["fr", 1, 33.33],
      ["en", 3, 100],
    ]);
    const unknown = await server.request("GET", `/api/projects/${p}/analytics/progress?languages=de,ja`, { apiKey: owner.apiKey });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({
      statusCode: 400,
      message: 'languages: "ja" is not a language of this project',
      error: "Bad Request",
      issues: [{ path: "languages", message: '"ja" is not a language of this project' }],
    });
  });

  it("reports 0% for a project without keys and 404 for another organization's project", async () => {
    const p = await createProject(owner, { name: "Empty", sourceLanguage: "en", targetLanguages: ["de"] });
    const res = await server.request("GET", `/api/projects/${p}/analytics/progress`, { apiKey: owner.apiKey });
    expect(res.body).toEqual({
      totalKeys: 0,
      languages: [
        { language: "de", totalKeys: 0, translated: 0, reviewed: 0, approved: 0, completionPercent: 0, qaIssues: 0, qaErrors: 0 },
      ],
    });
    const stranger = await signUpUser(server, "Stranger");
    const NOT_FOUND = { statusCode: 404, message: "Project not found", error: "Not Found" };
    for (const path of ["progress", "progress-over-time", "contributors"]) {
      const r = await server.request("GET", `/api/projects/${p}/analytics/${path}`, { apiKey: stranger.apiKey });
      expect(r.status).toBe(404);
      expect(r.body).toEqual(NOT_FOUND);
    }
    const overview = await server.request("GET", `/api/organizations/${owner.orgId}/analytics/overview`, { apiKey: stranger.apiKey });
    expect(overview.body).toEqual({ statusCode: 404, message: "Organization not found", error: "Not Found" });
  });
});

describe("progress over time and contributors", () => {
  it("fills every UTC day, counts translations and reviews by the documented rules, and credits contributors", async () => {
    const p = await createProject(owner, { name: "Timeline", sourceLanguage: "en", targetLanguages: ["de"] });
    const reviewer = await memberWithRole(owner.orgId, "reviewer", "Rita");
    const k1 = await createKey(owner, p, "k1");
    const k2 = await createKey(owner, p, "k2");
    await put(owner, p, k1, "en", "Hello"); // translation (source copy counts)
    await put(owner, p, k1, "de", "Hallo"); // translation
    await put(owner, p, k1, "de", "Hallo!"); // translation (value change)
    await put(owner, p, k1, "de", "Hallo!"); // no change, no history
    expect((await setStatus({ cookie: reviewer.cookie }, p, k1, "de", "reviewed")).status).toBe(200); // review
    expect((await setStatus({ cookie: reviewer.cookie }, p, k1, "de", "approved")).status).toBe(200); // review (approval)
    await setStatus(owner, p, k1, "de", "translated"); // rollback: neither
    await put(owner, p, k2, "de", "Zwei"); // translation
    await put(owner, p, k2, "de", ""); // cleared: neither
    // move two of the owner's entries to earlier days to see the daily split
    const history = await server.db.prisma.translationHistory.findMany({ where: { projectId: p }, orderBy: { createdAt: "asc" } });
    expect(history).toHaveLength(8);
    const today = new Date();
    const daysAgo = (n: number) => new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - n, 12));
    await server.db.prisma.translationHistory.update({ where: { id: history[0]!.id }, data: { createdAt: daysAgo(2) } });
    await server.db.prisma.translationHistory.update({ where: { id: history[1]!.id }, data: { createdAt: daysAgo(9) } });

    const res = await server.request("GET", `/api/projects/${p}/analytics/progress-over-time?days=3`, { cookie: owner.cookie });
    expect(res.status).toBe(200);
    const iso = (d: Date) => d.toISOString().slice(0, 10);
    expect(res.body).toEqual([
      { date: iso(daysAgo(2)), translations: 1, reviews: 0 },
      { date: iso(daysAgo(1)), translations: 0, reviews: 0 },
      { date: iso(daysAgo(0)), translations: 2, reviews: 2 },
    ]);
    const month = await server.request("GET", `/api/projects/${p}/analytics/progress-over-time`, { apiKey: owner.apiKey });
    expect(month.body).toHaveLength(30);
    expect(month.body.reduce((s: number, d: any) => s + d.translations, 0)).toBe(4);
    expect(month.body.at(-1).date).toBe(iso(today));
    for (const bad of ["0", "367", "1.5", "x"]) {
      const r = await server.request("GET", `/api/projects/${p}/analytics/progress-over-time?days=${bad}`, { apiKey: owner.apiKey });
      expect(r.status, bad).toBe(400);
      expect(r.body.issues[0].path).toBe("days");
    }

    const contributors = await server.request("GET", `/api/projects/${p}/analytics/contributors`, { cookie: reviewer.cookie });
    expect(contributors.status).toBe(200);
    expect(contributors.body).toEqual([
      { userId: owner.userId, userName: "Olivia", translations: 4, reviews: 0, approvals: 0 },
      { userId: reviewer.userId, userName: "Rita", translations: 0, reviews: 1, approvals: 1 },
    ]);
  });
});

describe("contributors", () => {
  it('names AI batch saves "AI" and ignores history of removed languages', async () => {
    const p = await createProject(owner, { name: "AI credit", sourceLanguage: "en", targetLanguages: ["de", "fr"] });
    const k = await createKey(owner, p, "k");
    await put(owner, p, k, "fr", "Bonjour");
    const translation = await server.db.prisma.translation.findFirstOrThrow({ where: { keyId: k, language: "fr" } });
    // what the AI batch writer records (changedBy "ai", no name)
    await server.db.prisma.translationHistory.create({
      data: {
        translationId: translation.id,
        projectId: p,
        keyId: k,
        language: "fr",
        previousValue: "Bonjour",
        newValue: "Salut",
        previousStatus: "translated",
        newStatus: "translated",
        changedBy: "ai",
        changedByName: null,
        source: "ai",
      },
    });
    const before = await server.request("GET", `/api/projects/${p}/analytics/contributors`, { apiKey: owner.apiKey });
    // equal totals: ordered by name
    expect(before.body).toEqual([
      { userId: "ai", userName: "AI", translations: 1, reviews: 0, approvals: 0 },
      { userId: owner.userId, userName: "Olivia", translations: 1, reviews: 0, approvals: 0 },
    ]);
    expect((await server.request("DELETE", `/api/projects/${p}/languages/fr`, { apiKey: owner.apiKey })).status).toBe(200);
    const after = await server.request("GET", `/api/projects/${p}/analytics/contributors`, { apiKey: owner.apiKey });
    expect(after.body).toEqual([]);
  });
});

describe("organization overview", () => {
  it("sums active projects, their keys and translated target values, per language", async () => {
    const org = await signUpUser(server, "Overview Owner");
    const empty = await server.request("GET", `/api/organizations/current/analytics/overview`, { apiKey: org.apiKey });
    expect(empty.body).toEqual({ totalProjects: 0, totalKeys: 0, totalTranslations: 0, languagesWithProgress: [] });
    const p1 = await createProject(org, { name: "One", sourceLanguage: "en", targetLanguages: ["de", "fr"] });
    const p2 = await createProject(org, { name: "Two", sourceLanguage: "en", targetLanguages: ["de"] });
    const p3 = await createProject(org, { name: "Archived", sourceLanguage: "en", targetLanguages: ["de", "ja"] });
    const a = await createKey(org, p1, "a");
    const b = await createKey(org, p1, "b");
    const c = await createKey(org, p2, "c");
    const d = await createKey(org, p3, "d");
    await put(org, p1, a, "en", "A"); // source values are not translations here
    await put(org, p1, a, "de", "A-de");
    await put(org, p1, b, "de", "B-de");
    await setStatus(org, p1, b, "de", "approved");
    await put(org, p1, a, "fr", "A-fr");
    await put(org, p2, c, "de", "");
    await put(org, p3, d, "de", "D-de");
    expect((await server.request("DELETE", `/api/projects/${p3}`, { apiKey: org.apiKey })).status).toBe(200);
    const res = await server.request("GET", `/api/organizations/${org.orgId}/analytics/overview`, { cookie: org.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      totalProjects: 2,
      totalKeys: 3,
      totalTranslations: 3,
      languagesWithProgress: [
        { language: "de", completionPercent: 66.67 }, // 2 of (2 + 1) keys
        { language: "fr", completionPercent: 50 },
      ],
    });
  });
});

describe("randomized writes through HTTP agree with a brute-force recount", () => {
  it("keeps progress, the daily series, contributors and the overview consistent", async () => {
    const org = await signUpUser(server, "Randy");
    const reviewer = await memberWithRole(org.orgId, "reviewer", "Reva");
    const translator = await memberWithRole(org.orgId, "translator", "Trent");
    const p = await createProject(org, { name: "Random", sourceLanguage: "en", targetLanguages: ["de", "fr", "es"] });
    const other = await createProject(org, { name: "Other", sourceLanguage: "en", targetLanguages: ["de"] });
    const keys: string[] = [];
    let seed = 7;
    // mulberry32: deterministic and exact in 32-bit integer arithmetic
    const rnd = (n: number) => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) % n;
    };
    const pick = <T>(xs: T[]): T => xs[rnd(xs.length)]!;
    for (let i = 0; i < 6; i++) keys.push(await createKey(org, p, `key.${i}`));
    keys.push(await createKey(org, other, "other.0"));
    let languages = ["en", "de", "fr", "es"];
    const actors = [{ apiKey: org.apiKey }, { cookie: reviewer.cookie }, { cookie: translator.cookie }];
    let statuses = 0;
    for (let step = 0; step < 120; step++) {
      const op = rnd(20);
      const key = pick(keys);
      const projectOfKey = key === keys[keys.length - 1] ? other : p;
      if (op < 9) {
        const value = pick(["", "x", "y", "zz", `v${step}`]);
        const res = await put(
          pick([actors[0]!, actors[2]!]),
          projectOfKey,
          key,
          projectOfKey === other ? pick(["en", "de"]) : pick(languages),
          value,
        );
        expect([200, 404]).toContain(res.status);
      } else if (op < 17) {
        const res = await setStatus(
          pick(actors),
          projectOfKey,
          key,
          projectOfKey === other ? "de" : pick(languages),
          pick(["untranslated", "translated", "reviewed", "approved"]),
        );
        expect([200, 400, 403, 404]).toContain(res.status);
        if (res.status === 200) statuses++;
      } else if (op === 17 && keys.length > 3 && projectOfKey === p) {
        expect((await server.request("DELETE", `/api/projects/${p}/keys/${key}`, { apiKey: org.apiKey })).status).toBe(200);
        keys.splice(keys.indexOf(key), 1);
      } else if (op === 18) {
        keys.unshift(await createKey(org, p, `key.new.${step}`));
      } else {
        const lang = pick(["fr", "es"]);
        if (languages.includes(lang)) {
          expect((await server.request("DELETE", `/api/projects/${p}/languages/${lang}`, { apiKey: org.apiKey })).status).toBe(200);
          languages = languages.filter((l) => l !== lang);
        } else {
          expect(
            (await server.request("POST", `/api/projects/${p}/languages`, { apiKey: org.apiKey, body: { language: lang } })).status,
          ).toBe(200);
          languages.push(lang);
        }
      }
    }
    expect(statuses).toBeGreaterThan(10);

    // brute force from the database
    const db = server.db.prisma;
    const project = await db.project.findUniqueOrThrow({ where: { id: p } });
    const projectLangs = [project.sourceLanguage, ...project.targetLanguages];
    const totalKeys = await db.key.count({ where: { projectId: p } });
    const translations = await db.translation.findMany({ where: { projectId: p } });
    const count = (lang: string, statuses: string[]) =>
      translations.filter((t) => t.language === lang && statuses.includes(t.status)).length;
    const pct = (a: number, b: number) => (b === 0 ? 0 : Math.round((a / b) * 10000) / 100);
    const issuesOf = (t: (typeof translations)[number]) =>
      (t.qaIssues as { severity: string; ignored?: boolean }[]).filter((i) => !i.ignored);
    const withIssues = (lang: string) => translations.filter((t) => t.language === lang && issuesOf(t).length > 0);
    const progress = await server.request("GET", `/api/projects/${p}/analytics/progress?languages=${projectLangs.join(",")}`, {
      apiKey: org.apiKey,
    });
    expect(progress.body).toEqual({
      totalKeys,
      languages: projectLangs.map((language) => {
        const translated = count(language, ["translated", "reviewed", "approved"]);
        return {
          language,
          totalKeys,
          translated,
          reviewed: count(language, ["reviewed", "approved"]),
          approved: count(language, ["approved"]),
          completionPercent: pct(translated, totalKeys),
          qaIssues: withIssues(language).length,
          qaErrors: withIssues(language).filter((t) => issuesOf(t).some((i) => i.severity === "error")).length,
        };
      }),
    });

    const history = (await db.translationHistory.findMany({ where: { projectId: p } })).filter((h) => projectLangs.includes(h.language));
    const isTranslation = (h: TranslationHistory) => h.newStatus === "translated" && h.newValue !== h.previousValue;
    const isTo = (h: TranslationHistory, s: string[]) => s.includes(h.newStatus) && h.previousStatus !== h.newStatus;
    const todayIso = new Date().toISOString().slice(0, 10);
    const series = await server.request("GET", `/api/projects/${p}/analytics/progress-over-time?days=2`, { apiKey: org.apiKey });
    expect(series.body.at(-1)).toEqual({
      date: todayIso,
      translations: history.filter(isTranslation).length,
      reviews: history.filter((h) => isTo(h, ["reviewed", "approved"])).length,
    });
    expect(series.body[0].translations + series.body[0].reviews).toBe(0);

    const names = new Map([
      [org.userId, "Randy"],
      [reviewer.userId, "Reva"],
      [translator.userId, "Trent"],
    ]);
    const expected = [...new Set(history.map((h) => h.changedBy))]
      .map((userId) => {
        const mine = history.filter((h) => h.changedBy === userId);
        return {
          userId,
          userName: names.get(userId)!,
          translations: mine.filter(isTranslation).length,
          reviews: mine.filter((h) => isTo(h, ["reviewed"])).length,
          approvals: mine.filter((h) => isTo(h, ["approved"])).length,
        };
      })
      .filter((c) => c.translations + c.reviews + c.approvals > 0);
    const contributors = await server.request("GET", `/api/projects/${p}/analytics/contributors`, { apiKey: org.apiKey });
    const byUser = (xs: { userId: string }[]) => [...xs].sort((a, b) => a.userId.localeCompare(b.userId));
    expect(byUser(contributors.body)).toEqual(byUser(expected));
    const totals = contributors.body.map((c: any) => c.translations + c.reviews + c.approvals);
    expect(totals).toEqual([...totals].sort((a: number, b: number) => b - a));

    const projects = await db.project.findMany({ where: { organizationId: org.orgId, archived: false } });
    const allKeys = await db.key.findMany({ where: { projectId: { in: projects.map((x) => x.id) } } });
    const allTranslations = await db.translation.findMany({
      where: { projectId: { in: projects.map((x) => x.id) }, status: { not: "untranslated" } },
    });
    const langs = [...new Set(projects.flatMap((x) => x.targetLanguages))].sort();
    const keysFor = (lang: string) =>
      projects.filter((x) => x.targetLanguages.includes(lang)).reduce((s, x) => s + allKeys.filter((k) => k.projectId === x.id).length, 0);
    const doneFor = (lang: string) =>
      allTranslations.filter((t) => t.language === lang && projects.find((x) => x.id === t.projectId)!.targetLanguages.includes(lang))
        .length;
    const overview = await server.request("GET", `/api/organizations/${org.orgId}/analytics/overview`, { apiKey: org.apiKey });
    expect(overview.body).toEqual({
      totalProjects: projects.length,
      totalKeys: allKeys.length,
      totalTranslations: langs.reduce((s, l) => s + doneFor(l), 0),
      languagesWithProgress: langs.map((language) => ({ language, completionPercent: pct(doneFor(language), keysFor(language)) })),
    });
  });
});

describe("project tokens", () => {
  it("read their own project's analytics, get 404 for other projects and 403 for the organization overview", async () => {
    const org = await signUpUser(server, "Tokenized");
    const mine = await createProject(org, { name: "Mine", sourceLanguage: "en", targetLanguages: ["de"] });
    const theirs = await createProject(org, { name: "Theirs", sourceLanguage: "en", targetLanguages: ["de"] });
    const token = await server.request("POST", `/api/projects/${mine}/tokens`, { apiKey: org.apiKey, body: { name: "ci" } });
    expect(token.status, token.text).toBe(201);
    const apiKey = token.body.token as string;
    expect((await server.request("GET", `/api/projects/${mine}/analytics/progress`, { apiKey })).status).toBe(200);
    expect((await server.request("GET", `/api/projects/${mine}/analytics/contributors`, { apiKey })).status).toBe(200);
    const other = await server.request("GET", `/api/projects/${theirs}/analytics/progress`, { apiKey });
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ statusCode: 404, message: "Project not found", error: "Not Found" });
    const overview = await server.request("GET", `/api/organizations/${org.orgId}/analytics/overview`, { apiKey });
    expect(overview.status).toBe(403);
    expect(overview.body).toEqual({ statusCode: 403, message: "Forbidden resource", error: "Forbidden" });
    // glossary and TM reads stay open to it at organization level, writes do not
    expect((await server.request("GET", `/api/organizations/${org.orgId}/glossaries`, { apiKey })).status).toBe(200);
    expect((await server.request("POST", `/api/organizations/${org.orgId}/glossaries/check`, { apiKey, body: { text: "x" } })).status).toBe(
      200,
    );
    expect((await server.request("GET", `/api/organizations/${org.orgId}/tm/search?sourceText=x`, { apiKey })).status).toBe(200);
    const write = await server.request("POST", `/api/organizations/${org.orgId}/glossaries`, {
      apiKey,
      body: { name: "G", sourceLanguage: "en" },
    });
    expect(write.status).toBe(403);
    expect(write.body).toEqual({ statusCode: 403, message: "Forbidden resource", error: "Forbidden" });
  });
});
