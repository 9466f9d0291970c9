// The leverage report when the language pair has an in-process copy in the native TM engine: the
// texts without a context match or an identical stored source are banded in one engine batch
// (searchBands), and every key's band must still be what GET /tm/search answers for its source:
// a source equal to a stored one only after normalisation (99, not 100), a whitespace-only source,
// unseen and near-duplicate texts, and an entry deleted after the copy loaded that would otherwise
// set a key's band. The same report with the engine turned off is the database path's.
import { configureTmEngine, DEFAULT_TM_ENGINE_SETTINGS, tmEngineCopies } from "@locale/core/tm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SeedKey, seedProject } from "../../helpers/fake-ai-providers";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../../helpers/test-server";
import { addTmEntries } from "../../helpers/tm-entries";

const MIN_ENTRIES = 50;
let server: TestServer;
let user: TestUser;

const words = ["save", "your", "changes", "open", "the", "file", "delete", "all", "settings", "now", "project", "key", "invite"];
let state = 29;
const rnd = (n: number) => {
  state = (state * 1103515245 + 12345) % 2147483648;
  return state % n;
};
const sentence = (min = 2, spread = 6) => Array.from({ length: min + rnd(spread) }, () => words[rnd(words.length)]).join(" ");

const STORED = Array.from({ length: MIN_ENTRIES + 30 }, () => sentence());
const UNIQUE = "Quarterly xylophone tuning schedule";

const KEYS: SeedKey[] = [
  { key: "stored", source: STORED[0]! },
  { key: "normalised", source: `  ${STORED[1]!.toUpperCase()}  ` },
  { key: "blank", source: "   " },
  { key: "deleted.best", source: "Quarterly xylophone tuning schedules" },
  { key: "nothing", source: "zzzz qqqq" },
  ...Array.from({ length: 12 }, (_, i) => ({ key: `unseen.${i}`, source: sentence(3, 9) })),
  ...Array.from({ length: 8 }, (_, i) => ({ key: `near.${i}`, source: `${STORED[2 + i]!} ${words[rnd(words.length)]}` })),
  { key: "translated", source: STORED[12]!, targets: { de: "fertig" } },
];

const copies = () => tmEngineCopies(server)!;

beforeAll(async () => {
  server = await startTestServer({ TM_ENGINE_MIN_ENTRIES: String(MIN_ENTRIES) });
  user = await signUpUser(server, "Leverage engine");
  await addTmEntries(server, user.orgId, [...STORED.map((s, i): [string, string] => [s, `de ${i}`]), [UNIQUE, "Stimmplan"]]);
});
afterAll(async () => {
  copies()?.close();
  await server.close();
});

type Report = { languages: { bands: { band: string; keys: number; words: number }[] }[] };

async function report(projectId: string): Promise<Report> {
  const res = await server.request<Report>("GET", `/api/projects/${projectId}/leverage`, { apiKey: user.apiKey });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

/** Each key's band as the per-key TM search answers it. */
async function bandsFromSearch(): Promise<Record<string, number>> {
  const counts: Record<string, number> = { context: 0, "100": 0, "95-99": 0, "85-94": 0, "75-84": 0, "50-74": 0, none: 0 };
  for (const k of KEYS.filter((k) => !k.targets)) {
    const res = await server.request<{ similarity: number }[]>(
      "GET",
      `/api/organizations/${user.orgId}/tm/search?${new URLSearchParams({ sourceText: k.source, sourceLang: "en", targetLang: "de", limit: "1", minSimilarity: "50" })}`,
      { apiKey: user.apiKey },
    );
    const s = res.body[0]?.similarity;
    counts[s === undefined ? "none" : s >= 100 ? "100" : s >= 95 ? "95-99" : s >= 85 ? "85-94" : s >= 75 ? "75-84" : "50-74"]!++;
  }
  return counts;
}

const keysByBand = (r: Report) => Object.fromEntries(r.languages[0]!.bands.map((b) => [b.band, b.keys]));

describe("leverage report through the native engine", () => {
  it("bands the keys in one engine batch, as the per-key TM search does", async () => {
    expect(copies(), "the native TM engine is built (packages/tm-engine)").not.toBeNull();
    const { projectId } = await seedProject(server, user, KEYS, { targetLanguages: ["de"] });
    expect(await copies().prepare(user.orgId, "en", "de")).toBe(true);

    // An entry deleted behind the copy's back (no refresh sees a deletion) is the best match of
    // "deleted.best": the report must not count it.
    await server.db.query(`DELETE FROM "TmEntry" WHERE "organizationId" = $1 AND "sourceText" = $2`, [user.orgId, UNIQUE]);
    const before = copies().stats().searches;
    const viaEngine = await report(projectId);
    // one engine call (one slice) for every key, not one search per key
    expect(copies().stats().searches).toBe(before + 1);

    const expected = await bandsFromSearch();
    expect(keysByBand(viaEngine)).toEqual(expected);
    expect(expected["100"]).toBe(1);
    expect(expected["95-99"]).toBeGreaterThanOrEqual(1); // the normalised twin
    expect(expected.none).toBeGreaterThanOrEqual(3); // blank, nothing, and the deleted entry's text

    const settings = copies().settings;
    configureTmEngine(server, { ...DEFAULT_TM_ENGINE_SETTINGS, enabled: false });
    try {
      expect(await report(projectId)).toEqual(viaEngine);
    } finally {
      configureTmEngine(server, settings);
    }
  });
});
