// The cache keys derived from the router: a procedure's key is its path and input, and a filter
// names a router, a procedure, or a procedure with part of its input.
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { queries } from "../src/api/queries";

function cacheWith(keys: readonly (readonly unknown[])[]) {
  const qc = new QueryClient();
  for (const key of keys) qc.setQueryData(key, "cached");
  return qc;
}

const invalidated = (qc: QueryClient) =>
  qc
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.isInvalidated)
    .map((q) => q.queryKey);

describe("queries", () => {
  it("keys a call by the procedure's path and its input", () => {
    expect(queries.projects.get.queryKey({ id: "p1" })).toEqual([["projects", "get"], { input: { id: "p1" } }]);
    expect(queries.auth.me.queryOptions({}).queryKey).toEqual([["auth", "me"], { input: {} }]);
    expect(queries.glossary.check.readOptions({ orgId: "current", text: "Hi" }).queryKey).toEqual([
      ["glossary", "check"],
      { input: { orgId: "current", text: "Hi" } },
    ]);
  });

  it("invalidates what a filter names and nothing else", async () => {
    const history = (projectId: string, keyId: string) => queries.translations.history.queryKey({ projectId, keyId, language: "de" });
    const keys = [
      history("p1", "k1"),
      history("p1", "k2"),
      history("p2", "k1"),
      queries.analytics.progress.queryKey({ projectId: "p1" }),
      queries.projects.get.queryKey({ id: "p1" }),
      queries.projects.list.queryKey({}),
      [["projectsX", "list"], { input: {} }], // a router whose name starts like another
    ];

    let qc = cacheWith(keys);
    await qc.invalidateQueries(queries.translations.history.pathFilter({ projectId: "p1" }));
    expect(invalidated(qc)).toEqual([history("p1", "k1"), history("p1", "k2")]);

    qc = cacheWith(keys);
    await qc.invalidateQueries(queries.translations.history.pathFilter({ projectId: "p1", keyId: "k2" }));
    expect(invalidated(qc)).toEqual([history("p1", "k2")]);

    qc = cacheWith(keys);
    await qc.invalidateQueries(queries.projects.pathFilter());
    expect(invalidated(qc)).toEqual([queries.projects.get.queryKey({ id: "p1" }), queries.projects.list.queryKey({})]);

    qc = cacheWith(keys);
    await qc.invalidateQueries(queries.translations.history.pathFilter());
    expect(invalidated(qc)).toHaveLength(3);
  });
});
