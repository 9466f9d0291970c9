// Long TM texts cannot take the service down (issue 32): GraphQL bounds `sourceText` like REST,
// long candidates are verified in slices with the event loop free in between (so /health and other
// tenants are answered while it runs), and a search needing more than its budget is refused at once.
import { addTmEntry, TM_VERIFY_MAX_CELLS } from "@locale/core/tm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../../helpers/test-server";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** Letters only (no whitespace to collapse), from a fixed seed: texts of exactly `length` code points. */
function text(length: number, seed: number): string {
  let x = seed;
  let out = "";
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    out += String.fromCharCode(97 + (x % 26));
  }
  return out;
}

const seed = (organizationId: string, sourceText: string, i: number) =>
  addTmEntry(server.db.prisma, { organizationId, sourceLanguage: "en", targetLanguage: "de", sourceText, targetText: `t${i}` });

async function gql(user: TestUser, query: string, variables: Record<string, unknown>) {
  const res = await server.request("POST", "/graphql", { apiKey: user.apiKey, body: { query, variables } });
  return res.body as { data?: any; errors?: { message: string; extensions: Record<string, unknown> }[] };
}

const SEARCH = `query($s: String!, $m: Int) { tmSearch(sourceText: $s, minSimilarity: $m) { similarity entry { targetText } } }`;

describe("GraphQL tmSearch", () => {
  it("bounds sourceText at 10,000 characters like REST (400, the same message)", async () => {
    const user = await signUpUser(server);
    const long = "a".repeat(20_000);
    const res = await gql(user, SEARCH, { s: long, m: 1 });
    const rest = await server.request("GET", `/api/organizations/current/tm/search?sourceText=${"a".repeat(10_001)}`, {
      apiKey: user.apiKey,
    });
    expect(rest.status).toBe(400);
    expect(res.data).toBeNull();
    expect(res.errors?.[0]).toMatchObject({
      message: rest.body.message,
      extensions: { code: "BAD_USER_INPUT", statusCode: 400, issues: rest.body.issues },
    });
    expect(res.errors?.[0]?.message).toMatch(/^sourceText: /);
  });
});

describe("long texts verified in the application", () => {
  it("answers /health and another tenant's reads all through a long verification", async () => {
    const attacker = await signUpUser(server, "Attacker");
    const bystander = await signUpUser(server, "Bystander");
    // Three 10,000-character entries and a 10,000-character query at similarity 1: 3·10^8 cells,
    // within the budget, about a second or more of one core.
    for (let i = 0; i < 3; i++) await seed(attacker.orgId, text(10_000, 7 + i), i);
    const query = text(10_000, 1);

    let searching = true;
    const started = performance.now();
    const search = gql(attacker, SEARCH, { s: query, m: 1 }).finally(() => {
      searching = false;
    });
    const waits = { health: [] as number[], other: [] as number[] };
    const poll = async (kind: keyof typeof waits, path: string, apiKey?: string) => {
      while (searching) {
        const sent = performance.now();
        const res = await server.request("GET", path, { apiKey });
        expect(res.status).toBe(200);
        if (searching) waits[kind].push(performance.now() - sent);
      }
    };
    await Promise.all([search, poll("health", "/health"), poll("other", "/api/projects", bystander.apiKey)]);
    const duration = performance.now() - started;

    const answer = await search;
    expect(answer.errors).toBeUndefined();
    expect(answer.data.tmSearch).toHaveLength(3);
    for (const match of answer.data.tmSearch) expect(match.similarity).toBeGreaterThanOrEqual(1);
    // Blocking the event loop for the verification makes one request wait for nearly all of it
    // and leaves few answered; in slices, every wait is a small part of the search.
    expect(waits.health.length).toBeGreaterThanOrEqual(10);
    expect(waits.other.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...waits.health)).toBeLessThan(duration / 3);
    expect(Math.max(...waits.other)).toBeLessThan(duration / 3);
  }, 120_000);

  it("refuses at once, with 400, a search whose verification would pass the budget", async () => {
    const user = await signUpUser(server, "Costly");
    // Three 20,000-character entries against a 10,000-character query at similarity 1: 6·10^8 cells.
    for (let i = 0; i < 3; i++) await seed(user.orgId, text(20_000, 30 + i), i);
    expect(3 * 10_000 * 20_000).toBeGreaterThan(TM_VERIFY_MAX_CELLS);
    const res = await server.request("GET", `/api/organizations/current/tm/search?minSimilarity=1&sourceText=${text(10_000, 2)}`, {
      apiKey: user.apiKey,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      error: "Bad Request",
      message: expect.stringMatching(/^sourceText: this search would compare too many long texts/),
      issues: [{ path: "sourceText", message: expect.any(String) }],
    });
    const viaGraphql = await gql(user, SEARCH, { s: text(10_000, 2), m: 1 });
    expect(viaGraphql.errors?.[0]).toMatchObject({ message: res.body.message, extensions: { code: "BAD_USER_INPUT", statusCode: 400 } });
    // A narrower search of the same memory is answered.
    const narrow = await gql(user, SEARCH, { s: text(10_000, 2), m: 90 });
    expect(narrow.errors).toBeUndefined();
    expect(narrow.data.tmSearch).toEqual([]);
  }, 120_000);
});
