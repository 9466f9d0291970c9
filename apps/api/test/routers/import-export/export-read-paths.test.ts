// The export reads its rows outside Prisma (Database.readSnapshot: a read-only REPEATABLE READ
// transaction, rows as arrays). This compares every format's file, byte for byte, with the file
// the same export writes when the rows come through Prisma's raw queries as they did before, on a
// project with namespaces, a key whose full key collides with a namespaced one, plurals,
// placeholders, descriptions, untranslated and approved values; also with the options that change
// which rows are read or how (namespace, approvedOnly, includeUntranslated, placeholder styles).
import type { SnapshotReader } from "@locale/db";
import { FORMAT_IDS } from "@locale/formats";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../../helpers/test-server";

let server: TestServer;
let owner: TestUser;
let projectId: string;

async function importFlat(language: string, values: Record<string, string>, namespace?: string): Promise<void> {
  const res = await server.request("POST", `/api/projects/${projectId}/import`, {
    apiKey: owner.apiKey,
    body: { language, format: "json-flat", content: JSON.stringify(values), ...(namespace !== undefined ? { namespace } : {}) },
  });
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpUser(server, "Dora Differ");
  const created = await server.request("POST", "/api/projects", {
    apiKey: owner.apiKey,
    body: { name: "Read paths", sourceLanguage: "en", targetLanguages: ["de"] },
  });
  expect(created.status).toBe(201);
  projectId = created.body._id;
  const plural = "{count, plural, one {# file for {name}} other {# files for {name}}}";
  await importFlat("en", {
    "app.title": "Title — héllo",
    "app.greeting": "Hello, {name}!",
    "app.files": plural,
    "b.quote": 'Say "hi"\n\ttab',
    "c.only_source": "Only in the source",
    "menu.file": "Bare key that collides with a namespaced one",
    z: "Last",
  });
  await importFlat(
    "en",
    { file: "File (namespace menu)", open: "Open {name}", count: "{n, plural, one {# item} other {# items}}" },
    "menu",
  );
  await importFlat("en", { save: "Save" }, "dialogs");
  await importFlat("de", {
    "app.title": "Titel — hällo",
    "app.greeting": "Hallo, {name}!",
    "app.files": "{count, plural, one {# Datei für {name}} other {# Dateien für {name}}}",
    "b.quote": 'Sag "hi"',
    z: "Letzte",
  });
  await importFlat("de", { file: "Datei", count: "{n, plural, one {# Eintrag} other {# Einträge}}" }, "menu");
  // Descriptions and approved values come from outside the import.
  await server.db.prisma.key.updateMany({
    where: { projectId, key: { in: ["app.title", "file"] } },
    data: { description: "Shown in the header" },
  });
  const approved = await server.db.prisma.key.findMany({
    where: { projectId, key: { in: ["app.greeting", "file"] } },
    select: { id: true },
  });
  await server.db.prisma.translation.updateMany({
    where: { keyId: { in: approved.map((k) => k.id) }, language: "de" },
    data: { status: "approved" },
  });
});
afterAll(async () => {
  vi.restoreAllMocks();
  await server.close();
});

/** The rows as they were read before: Prisma's raw queries in an interactive transaction. */
function throughPrisma<T>(read: (reader: SnapshotReader) => Promise<T>): Promise<T> {
  return server.db.prisma.$transaction(async (tx) =>
    read({
      arrays: async (sql, params = []) => {
        if (!/^(FETCH|SELECT)/.test(sql)) {
          await tx.$executeRawUnsafe(sql, ...params);
          return [];
        }
        const rows = await tx.$queryRawUnsafe<Record<string, unknown>[]>(sql, ...params);
        return rows.map((row) => Object.values(row));
      },
    }),
  );
}

async function exportBoth(language: string, query: string): Promise<{ direct: Buffer; prisma: Buffer; keys: string | null }> {
  const get = async () => {
    const res = await fetch(`${server.url}/api/projects/${projectId}/export/${language}${query}`, {
      headers: { "x-api-key": owner.apiKey },
    });
    expect(res.status, `${language}${query}`).toBe(200);
    return { body: Buffer.from(await res.arrayBuffer()), keys: res.headers.get("x-total-keys") };
  };
  const direct = await get();
  const spy = vi.spyOn(server.db, "readSnapshot").mockImplementation(throughPrisma);
  try {
    const prisma = await get();
    expect(spy).toHaveBeenCalled();
    expect(prisma.keys, `${language}${query}`).toBe(direct.keys);
    return { direct: direct.body, prisma: prisma.body, keys: direct.keys };
  } finally {
    spy.mockRestore();
  }
}

describe("export rows read outside Prisma", () => {
  for (const format of FORMAT_IDS) {
    it(`${format}: the same bytes as through Prisma, for both languages and every row-changing option`, async () => {
      const queries = [
        `?format=${format}`,
        `?format=${format}&includeUntranslated=true`,
        `?format=${format}&includeUntranslated=false`,
        `?format=${format}&approvedOnly=true&includeUntranslated=true`,
        `?format=${format}&namespace=menu`,
        `?format=${format}&placeholders=printf`,
      ];
      for (const language of ["en", "de"]) {
        for (const query of queries) {
          const { direct, prisma, keys } = await exportBoth(language, query);
          expect(direct.equals(prisma), `${format} ${language}${query}`).toBe(true);
          if (!query.includes("namespace") && !query.includes("approvedOnly")) expect(Number(keys)).toBeGreaterThan(0);
        }
      }
    });
  }

  it("reads in a read-only transaction: a write in it is refused", async () => {
    await expect(
      server.db.readSnapshot((reader) => reader.arrays(`UPDATE "Key" SET "description" = 'x' WHERE "projectId" = $1`, [projectId])),
    ).rejects.toThrow(/read-only transaction/);
    // The connection (PostgreSQL) or the database (PGlite) is usable again afterwards.
    const [[count]] = (await server.db.readSnapshot((reader) =>
      reader.arrays(`SELECT count(*)::int FROM "Key" WHERE "projectId" = $1`, [projectId]),
    )) as [[number]];
    expect(count).toBe(11);
  });
});
