// On PostgreSQL a streamed json-flat export has the server write the entries' text (to_json) and
// reads it by COPY (core json-flat-stream.ts, db copy-lines.ts); PGlite, and any reader without
// COPY, reads the rows through a cursor and writes them with JSON.stringify. The two paths must
// send the same bytes and headers: this exports one project through both, with values where
// PostgreSQL's JSON escaping and JSON.stringify could part (every control character, quotes,
// backslashes, U+2028/2029, emoji, COPY's own delimiter and quote characters, a value far longer
// than a piece), every option that changes the entries, and enough keys for many pieces; and a
// failure during the COPY breaks the download off as one during the cursor does.
import type { SnapshotReader } from "@locale/db";
import { serialize, type TranslationEntry } from "@locale/formats";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../../helpers/test-server";

let server: TestServer;
let owner: TestUser;
let projectId: string;

async function importFlat(language: string, values: Array<[string, string]>, namespace?: string): Promise<void> {
  const res = await server.request("POST", `/api/projects/${projectId}/import`, {
    apiKey: owner.apiKey,
    body: { language, format: "json-flat", content: JSON.stringify(Object.fromEntries(values)), ...(namespace ? { namespace } : {}) },
  });
  expect(res.status).toBe(200);
  expect(res.body.errors ?? []).toEqual([]);
}

const controls = Array.from({ length: 31 }, (_, i) => String.fromCharCode(i + 1)).join("");
const long = Array.from({ length: 4_000 }, (_, i) => `${i} "q" \\ \t é 👋 \u2028 `).join("");
const HOSTILE: Array<[string, string]> = [
  ["controls", `all of them: ${controls} and DEL \u007f`],
  ["copy.delimiters", "\u0001field\u0001\u0002quoted\u0002,comma;semi\t\\."],
  ["copy.end", "\\."],
  ["quotes", `"at the start, in the "middle", at the end"`],
  ["backslashes", "a lone \\ one, two \\\\, \\u0041 as text, \\n as text, at the end \\"],
  ["unicode", "héllo — 👋 𝄞 \u2028 \u2029 \ufeff \ufffd e\u0301 עברית 中文 \u200b"],
  ["newlines", "line\nline\r\nline\rline"],
  ["long", long],
  ["json.like", '{"a": [1, 2], "b": null}'],
  ["a.b.c.d", "dots in the key"],
  ['key "with" quotes\\and\tcontrols\u0001', "odd key"],
  ["emoji.👋.key", "wave"],
  ["__proto__", "proto"],
  ["spaces ", " "],
];
const MANY: Array<[string, string]> = Array.from({ length: 4_000 }, (_, i) => [
  `bulk.k${String(i).padStart(5, "0")}`,
  `Value ${i} — "${i % 7}" \\ ${i % 3 === 0 ? "\u2028" : ""}`,
]);

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpUser(server, "Cora Copier");
  const created = await server.request("POST", "/api/projects", {
    apiKey: owner.apiKey,
    body: { name: "Copied", sourceLanguage: "en", targetLanguages: ["de"] },
  });
  expect(created.status).toBe(201);
  projectId = created.body._id;
  await importFlat("en", [...HOSTILE, ...MANY, ["untranslated.in.de", "only in en"]]);
  await importFlat(
    "en",
    [
      ["save", 'Save "it"'],
      ["open.file", "Open \u0007"],
    ],
    "dialogs",
  );
  await importFlat("en", [["x", "in a namespace with dots"]], "ns.with.dots");
  await importFlat("de", [...HOSTILE.slice(0, 8), ...MANY.slice(0, 1_500)]);
  await importFlat("de", [["save", "Speichern \\"]], "dialogs");
  // Approved values and an empty one come from outside the import.
  const approved = await server.db.prisma.key.findMany({
    where: { projectId, key: { in: ["controls", "long", "unicode", "save", "bulk.k00001"] } },
    select: { id: true },
  });
  await server.db.prisma.translation.updateMany({
    where: { keyId: { in: approved.map((k) => k.id) } },
    data: { status: "approved" },
  });
  const emptied = await server.db.prisma.key.findFirstOrThrow({ where: { projectId, key: "quotes" } });
  await server.db.prisma.translation.updateMany({ where: { keyId: emptied.id, language: "de" }, data: { value: "" } });
});
afterAll(async () => {
  vi.restoreAllMocks();
  await server.close();
});

const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

interface Options {
  namespace?: string;
  approvedOnly?: boolean;
  includeUntranslated?: boolean;
}

/** The library's file for the same entries, read through Prisma (as export-stream.test.ts). */
async function libraryFile(language: string, options: Options): Promise<string> {
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
  return serialize("json-flat", entries, { language }) as string;
}

const HEADERS = ["content-type", "content-disposition", "content-length", "x-total-keys", "x-export-truncated", "x-export-skipped"];

async function get(language: string, query: string) {
  const res = await fetch(`${server.url}/api/projects/${projectId}/export/${language}?format=json-flat${query}`, {
    headers: { "x-api-key": owner.apiKey },
  });
  expect(res.status, `${language}${query}`).toBe(200);
  return { body: Buffer.from(await res.arrayBuffer()), headers: HEADERS.map((h) => [h, res.headers.get(h)]) };
}

/** Runs `fn` with the export's reader changed by `change`; returns what `fn` returns. */
async function withReader<T>(change: (reader: SnapshotReader) => SnapshotReader, fn: () => Promise<T>): Promise<T> {
  const readSnapshot = server.db.readSnapshot.bind(server.db);
  const spy = vi
    .spyOn(server.db, "readSnapshot")
    .mockImplementation(<R>(read: (reader: SnapshotReader) => Promise<R>) => readSnapshot((reader) => read(change(reader))));
  try {
    return await fn();
  } finally {
    spy.mockRestore();
  }
}

/** The reader without COPY: the cursor's path, as on PGlite. */
const cursorOnly = (reader: SnapshotReader): SnapshotReader => ({ arrays: (sql, params) => reader.arrays(sql, params) });

describe("json-flat by COPY, against the cursor's path", () => {
  const cases: Array<[string, Options]> = [
    ["", {}],
    ["&includeUntranslated=true", { includeUntranslated: true }],
    ["&approvedOnly=true", { approvedOnly: true }],
    ["&approvedOnly=true&includeUntranslated=true", { approvedOnly: true, includeUntranslated: true }],
    ["&namespace=dialogs", { namespace: "dialogs" }],
    ["&namespace=ns.with.dots&includeUntranslated=true", { namespace: "ns.with.dots", includeUntranslated: true }],
    ["&namespace=nothing-here", { namespace: "nothing-here" }],
    [`&namespace=${encodeURIComponent("it's \\ odd")}`, { namespace: "it's \\ odd" }],
  ];
  for (const language of ["en", "de"]) {
    for (const [query, options] of cases) {
      it(`${language}${query}: the same bytes and headers`, async () => {
        let copies = 0;
        const copied = await withReader(
          (reader) => ({
            arrays: (sql, params) => reader.arrays(sql, params),
            copyLines: (select, write) => {
              copies++;
              return reader.copyLines!(select, write);
            },
          }),
          () => get(language, query),
        );
        // The COPY was what sent the file.
        expect(copies).toBe(1);
        const fetched = await withReader(cursorOnly, () => get(language, query));
        expect(copied.headers).toEqual(fetched.headers);
        expect(copied.body.equals(fetched.body)).toBe(true);
        expect(copied.body.toString("utf8")).toBe(await libraryFile(language, options));
        expect(copied.headers).toContainEqual(["content-length", null]);
      });
    }
  }

  it("the file parses back to the stored values", async () => {
    const { body } = await get("en", "");
    const parsed = JSON.parse(body.toString("utf8")) as Record<string, string>;
    for (const [key, value] of HOSTILE) expect(parsed[key], key).toBe(value);
    expect(parsed["bulk.k03999"]).toBe(MANY[3999]![1]);
    expect(parsed["dialogs.open.file"]).toBe("Open \u0007");
  });
});

describe("a failure during the COPY", () => {
  const failures: Array<[string, (reader: SnapshotReader) => SnapshotReader]> = [
    [
      "before its first piece",
      (reader) => ({
        arrays: (sql, params) => reader.arrays(sql, params),
        copyLines: (select, write) => reader.copyLines!(`${select} LIMIT 1/0`, write),
      }),
    ],
    [
      "after its first piece went out",
      (reader) => ({
        arrays: (sql, params) => reader.arrays(sql, params),
        copyLines: (select, write) => {
          let pieces = 0;
          return reader.copyLines!(select, async (piece) => {
            if (pieces++ === 2) throw new Error("injected failure after two pieces");
            await write(piece);
          });
        },
      }),
    ],
  ];
  for (const [name, failing] of failures) {
    it(`${name}: the download breaks off, the export is not recorded, the next one works`, async () => {
      const count = () => server.db.prisma.activity.count({ where: { projectId, action: "export.completed" } });
      const before = await count();
      await withReader(failing, async () => {
        const read = (async () => {
          const res = await fetch(`${server.url}/api/projects/${projectId}/export/en?format=json-flat`, {
            headers: { "x-api-key": owner.apiKey },
          });
          await res.arrayBuffer();
          return res.status;
        })();
        // Either the response never starts or its body ends without its last chunk: fetch rejects.
        await expect(read).rejects.toThrow();
      });
      expect(await count()).toBe(before);
      const again = await get("en", "");
      expect(again.body.toString("utf8")).toBe(await libraryFile("en", {}));
    });
  }
});
