// The GraphQL cost limit counts list sizes (docs/api-rules.md, "GraphQL cost"): a list field's
// cost is multiplied by its `limit` (the page maximum when absent or a variable), nested, so many
// aliases of large nested lists are refused before any resolver runs.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GRAPHQL_LIMITS } from "../../src/graphql";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../helpers/test-server";

let server: TestServer;
let owner: TestUser;
let resolverQueries = 0;

beforeAll(async () => {
  server = await startTestServer({}, { logQueries: true });
  server.db.prisma.$on("query" as never, () => void resolverQueries++);
  owner = await signUpUser(server, "Owner");
  const project = await server.request("POST", "/api/projects", {
    apiKey: owner.apiKey,
    body: { name: "Cost", sourceLanguage: "en", targetLanguages: ["de", "fr"] },
  });
  expect(project.status).toBe(201);
});
afterAll(() => server.close());

async function gql(query: string, variables: Record<string, unknown> = {}) {
  const before = resolverQueries;
  const res = await server.request("POST", "/graphql", { apiKey: owner.apiKey, body: { query, variables } });
  return { status: res.status, body: res.body, prismaQueries: resolverQueries - before };
}

const HEAVY = "projects { id keys(limit: 200) { nodes { id key translations { language value } } } }";

describe("GraphQL cost counts list sizes", () => {
  it(`refuses ${GRAPHQL_LIMITS.maxAliases} aliases of a 200-key list with translations before execution`, async () => {
    const aliases = Array.from({ length: GRAPHQL_LIMITS.maxAliases }, (_, i) => `a${i}: ${HEAVY}`).join(" ");
    const res = await gql(`{ ${aliases} }`);
    expect(res.body.data).toBeUndefined();
    expect(res.body.errors).toHaveLength(1);
    expect(res.body.errors[0].message).toMatch(new RegExp(`^Query cost \\d+ exceeds the limit of ${GRAPHQL_LIMITS.maxCost}\\b`));
    expect(res.body.errors[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", statusCode: 400 });
    // No resolver ran: Prisma saw no query for this request.
    expect(res.prismaQueries).toBe(0);
  });

  it("counts a limit given by a variable, or none, as the page maximum, and follows fragments", async () => {
    const byVariable = await gql(
      `query($n: Int) { a: projects { keys(limit: $n) { nodes { translations { value } } } } b: projects { keys(limit: $n) { nodes { id } } } }`,
      { n: 5 },
    );
    expect(byVariable.body.errors?.[0]?.message).toMatch(/Query cost/);
    const viaFragments = await gql(
      `fragment T on Key { translations { value } } fragment K on Project { keys { nodes { ...T } } } { a: projects { ...K } b: projects { ...K } }`,
    );
    expect(viaFragments.body.data).toBeUndefined();
    expect(viaFragments.body.errors?.[0]?.message).toMatch(/Query cost/);
  });

  it("answers the same shapes with small lists", async () => {
    const small = await gql(`{ projects { id keys(limit: 10) { nodes { id translations { language value } } } } }`);
    expect(small.body.errors).toBeUndefined();
    expect(small.body.data.projects).toHaveLength(1);
    const aliases = Array.from({ length: GRAPHQL_LIMITS.maxAliases }, (_, i) => `a${i}: projects { id name }`).join(" ");
    const many = await gql(`{ ${aliases} }`);
    expect(many.body.errors).toBeUndefined();
  });
});
