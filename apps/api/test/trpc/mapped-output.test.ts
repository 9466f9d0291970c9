// Procedures marked mappedOutput skip zod's output check at run time (src/trpc/mapped-output.ts).
// What that check did is proved here on real answers: parsing each answer with its declared
// output schema changes nothing — no key missing (parse fails), none extra (zod would strip it),
// nothing transformed — over keys and translations of every shape the mappers handle.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod/v4";
import { appRouter } from "../../src/routers";
import { MAPPED_OUTPUT } from "../../src/trpc/mapped-output";
import { checksOutput, procedureOutput, proceduresOf } from "../../src/trpc/procedure-internals";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../helpers/test-server";

let server: TestServer;
let owner: TestUser;
let projectId: string;
const keyIds: string[] = [];
/** Answers of the marked writes, by procedure path (parsed in the second test like the reads). */
const written: [string, unknown][] = [];

const procedures = proceduresOf(appRouter);
const schemaOf = (path: string) => procedureOutput(procedures[path]) as z.ZodType;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpUser(server, "Mapper");
  const auth = { apiKey: owner.apiKey };
  const project = await server.request("POST", "/api/projects", {
    ...auth,
    body: { name: "Mapped", description: "shapes", sourceLanguage: "en", targetLanguages: ["de", "pt-BR"] },
  });
  projectId = project.body._id;
  const keys = [
    { key: "plain" },
    { key: "with.everything", namespace: "web", description: "d", tags: ["a", "b"] },
    { key: "  spaced key  " },
  ];
  for (const body of keys) {
    const res = await server.request("POST", `/api/projects/${projectId}/keys`, { ...auth, body });
    expect(res.status, res.text).toBe(201);
    keyIds.push(res.body._id);
    written.push(["keys.create", res.body]);
  }
  const put = async (keyId: string, language: string, value: string, extra: Record<string, unknown> = {}) => {
    const res = await server.request("PUT", `/api/projects/${projectId}/keys/${keyId}/translations/${language}`, {
      ...auth,
      body: { value, ...extra },
    });
    expect(res.status, res.text).toBe(200);
    written.push(["translations.upsert", res.body]);
  };
  await put(keyIds[0]!, "en", "Hello {name}, you have {count} messages");
  await put(keyIds[0]!, "de", "Hallo"); // placeholder warnings
  await put(keyIds[0]!, "de", "Hallo"); // unchanged: the stored row as it is
  await put(keyIds[1]!, "en", "{count, plural, one {# file} other {# files}}");
  await put(keyIds[1]!, "de", "{count, plural, one {# Datei} other {# Dateien}}");
  await put(keyIds[2]!, "pt-BR", "Olá", { source: "ai", aiConfidence: 80 });
  await put(keyIds[2]!, "de", "Hallo", { status: "reviewed" });
  const status = await server.request("PATCH", `/api/projects/${projectId}/keys/${keyIds[1]}/translations/de/status`, {
    ...auth,
    body: { status: "approved" },
  });
  expect(status.status, status.text).toBe(200);
});

afterAll(async () => {
  await server?.close();
});

describe("procedures without a run-time output check", () => {
  it("are exactly the marked ones, and only their output check is gone", () => {
    const marked = Object.entries(procedures).filter(([, p]) => MAPPED_OUTPUT.has(p));
    expect(marked.map(([path]) => path).sort()).toEqual(
      ["keys.create", "keys.get", "projects.get", "translations.listByLanguage", "translations.upsert"].sort(),
    );
    for (const [, p] of marked) expect(checksOutput(p)).toBe(false);
    const others = Object.entries(procedures).filter(([, p]) => !MAPPED_OUTPUT.has(p) && procedureOutput(p) !== undefined);
    expect(others.length).toBeGreaterThan(50);
    for (const [path, p] of others) expect(checksOutput(p), path).toBe(true);
  });

  it("answer what their output schema would have let through, unchanged", async () => {
    const auth = { apiKey: owner.apiKey };
    const answers: [string, string][] = [["projects.get", `/api/projects/${projectId}`]];
    for (const keyId of keyIds) answers.push(["keys.get", `/api/projects/${projectId}/keys/${keyId}`]);
    for (const language of ["en", "de", "pt-BR"])
      for (const query of ["", "?limit=2&page=1", "?limit=2&page=2", "?limit=2&page=9"])
        answers.push(["translations.listByLanguage", `/api/projects/${projectId}/translations/${language}${query}`]);
    for (const [path, url] of answers) {
      const res = await server.request("GET", url, auth);
      expect(res.status, `${url}: ${res.text}`).toBe(200);
      expect(schemaOf(path).parse(res.body), url).toStrictEqual(res.body);
    }
    expect(written.map(([path]) => path)).toContain("translations.upsert");
    for (const [path, body] of written) expect(schemaOf(path).parse(body), JSON.stringify(body)).toStrictEqual(body);
  });
});
