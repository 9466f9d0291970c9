// json-flat exports are sent as their rows are read (core stream-export.ts, json-flat-stream.ts):
// the same bytes the library writes for the same entries (escapes, namespaces, every option that
// changes the entries), headers known before the body (X-Total-Keys, Content-Length), the
// library's own file where it must (integer-like names, a file over EXPORT_MAX_BYTES), and a
// failure while the file is being sent breaks the download off: never a 200 that reads as a
// complete file, and no export activity.
import type { SnapshotReader } from "@locale/db";
import { serialize, type TranslationEntry } from "@locale/formats";
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
  expect(res.body.errors ?? []).toEqual([]);
}

// As entries: an object literal's `__proto__` would set its prototype, not a key.
const HOSTILE = Object.fromEntries([
  ["a.quote", 'Say "hi" \\ back\\slash'],
  ["a.controls", "bell \u0007 tab\t nl\n cr\r ff\f bs\b unit \u001f del \u007f"],
  ["a.unicode", "héllo — 👋 \u2028 \u2029 \ufeff 𝄞"],
  ["b.space", " "],
  ["emoji.👋", "wave"],
  ['"quoted" key\\', "key with quotes and a backslash"],
  ["__proto__", "proto"],
  ["9lives", "starts with a digit"],
]);

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpUser(server, "Stella Streamer");
  const created = await server.request("POST", "/api/projects", {
    apiKey: owner.apiKey,
    body: { name: "Streamed", sourceLanguage: "en", targetLanguages: ["de"] },
  });
  expect(created.status).toBe(201);
  projectId = created.body._id;
  await importFlat("en", { ...HOSTILE, untranslated: "only in en" });
  await importFlat("en", { save: 'Save "it"', open: "Open" }, "dialogs");
  await importFlat(
    "de",
    Object.fromEntries([
      ["a.quote", 'Sag "hi"'],
      ["a.unicode", "hällo 👋"],
      ["__proto__", "Proto"],
    ]),
  );
  await importFlat("de", { save: "Speichern" }, "dialogs");
  const approved = await server.db.prisma.key.findMany({ where: { projectId, key: { in: ["a.quote", "save"] } }, select: { id: true } });
  await server.db.prisma.translation.updateMany({
    where: { keyId: { in: approved.map((k) => k.id) }, language: "de" },
    data: { status: "approved" },
  });
});
afterAll(async () => {
  vi.restoreAllMocks();
  await server.close();
});

const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

/** The entries as the library gets them, read through Prisma: by namespace then key, byte order. */
async function expectedFile(language: string, options: { namespace?: string; approvedOnly?: boolean; includeUntranslated?: boolean }) {
  const keys = await server.db.prisma.key.findMany({
    where: { projectId, ...(options.namespace !== undefined ? { namespace: options.namespace } : {}) },
    include: { translations: { where: { language } } },
  });
  keys.sort((a, b) => byteOrder(a.namespace, b.namespace) || byteOrder(a.key, b.key));
  const entries: TranslationEntry[] = [];
  for (const k of keys) {
    const t = k.translations[0];
    const value = t && (!options.approvedOnly || t.status === "approved") ? t.value : "";
    if (value === "" && !options.includeUntranslated) continue;
    entries.push({ key: k.key, value, ...(options.namespace === undefined && k.namespace ? { namespace: k.namespace } : {}) });
  }
  return { text: serialize("json-flat", entries, { language }) as string, count: entries.length };
}

async function get(language: string, query: string) {
  const res = await fetch(`${server.url}/api/projects/${projectId}/export/${language}?format=json-flat${query}`, {
    headers: { "x-api-key": owner.apiKey },
  });
  const body = Buffer.from(await res.arrayBuffer());
  return { res, body };
}

describe("json-flat sent as it is read", () => {
  const cases: Array<[string, { namespace?: string; approvedOnly?: boolean; includeUntranslated?: boolean }]> = [
    ["", {}],
    ["&includeUntranslated=true", { includeUntranslated: true }],
    ["&approvedOnly=true", { approvedOnly: true }],
    ["&approvedOnly=true&includeUntranslated=true", { approvedOnly: true, includeUntranslated: true }],
    ["&namespace=dialogs", { namespace: "dialogs" }],
    ["&namespace=nothing-here", { namespace: "nothing-here" }],
  ];
  for (const language of ["en", "de"]) {
    for (const [query, options] of cases) {
      it(`${language}${query}: the library's bytes, with the headers known before the body`, async () => {
        const { res, body } = await get(language, query);
        expect(res.status).toBe(200);
        const expected = await expectedFile(language, options);
        expect(body.toString("utf8")).toBe(expected.text);
        // Sent as it was read: chunked, its size unknown when the headers went out.
        expect(res.headers.get("content-length")).toBeNull();
        expect(res.headers.get("x-total-keys")).toBe(String(expected.count));
        expect(res.headers.get("x-export-truncated")).toBe("false");
        expect(res.headers.get("x-export-skipped")).toBe("0");
        expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${language}.json"`);
      });
    }
  }

  it("records one export activity per streamed export, with the keys written", async () => {
    const before = await server.db.prisma.activity.count({ where: { projectId, action: "export.completed" } });
    const { res } = await get("de", "&namespace=dialogs");
    expect(res.status).toBe(200);
    const entries = await server.db.prisma.activity.findMany({
      where: { projectId, action: "export.completed" },
      orderBy: { createdAt: "desc" },
    });
    expect(entries.length).toBe(before + 1);
    expect(entries[0]!.metadata).toMatchObject({
      language: "de",
      format: "json-flat",
      totalKeys: 1,
      truncated: false,
      namespace: "dialogs",
    });
  });

  it("an integer-like key: the library's file (V8 puts such names first)", async () => {
    await importFlat("de", { "7": "sieben", "10": "zehn" });
    const { res, body } = await get("de", "");
    expect(res.status).toBe(200);
    const expected = await expectedFile("de", {});
    expect(body.toString("utf8")).toBe(expected.text);
    expect(Object.keys(JSON.parse(body.toString("utf8"))).slice(0, 2)).toEqual(["7", "10"]);
    expect(res.headers.get("x-total-keys")).toBe(String(expected.count));
    // The temporary file's size.
    expect(res.headers.get("content-length")).toBe(String(body.byteLength));
    await server.db.prisma.key.deleteMany({ where: { projectId, key: { in: ["7", "10"] } } });
  });
});

/** The export's reader, failing at the first statement `fails` matches. */
function failingAt(fails: RegExp) {
  const readSnapshot = server.db.readSnapshot.bind(server.db);
  return vi.spyOn(server.db, "readSnapshot").mockImplementation(<T>(read: (reader: SnapshotReader) => Promise<T>) =>
    readSnapshot((reader) =>
      read({
        arrays: async (sql, params) => {
          if (fails.test(sql)) throw new Error(`injected failure at ${sql.slice(0, 20)}`);
          return reader.arrays(sql, params);
        },
      }),
    ),
  );
}

describe("a failure while the file is being sent", () => {
  for (const [name, at] of [
    ["the cursor's first page", /^FETCH/],
    ["closing the cursor, after every entry was sent", /^CLOSE/],
  ] as const) {
    it(`at ${name}: the download breaks off, the export is not recorded, the next one works`, async () => {
      const before = await server.db.prisma.activity.count({ where: { projectId, action: "export.completed" } });
      const spy = failingAt(at);
      try {
        const read = (async () => {
          const res = await fetch(`${server.url}/api/projects/${projectId}/export/en?format=json-flat`, {
            headers: { "x-api-key": owner.apiKey },
          });
          await res.arrayBuffer();
          return res.status;
        })();
        // Either the response never starts or its body ends without its last chunk: fetch rejects.
        await expect(read).rejects.toThrow();
        expect(spy).toHaveBeenCalled();
      } finally {
        spy.mockRestore();
      }
      expect(await server.db.prisma.activity.count({ where: { projectId, action: "export.completed" } })).toBe(before);
      const again = await get("en", "");
      expect(again.res.status).toBe(200);
      expect(again.body.toString("utf8")).toBe((await expectedFile("en", {})).text);
    });
  }
});
