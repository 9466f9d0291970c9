// json-flat written as its rows are read, with its headers known before the first byte. A first
// query of the same snapshot counts the file's entries and bounds its size from the stored lengths
// (one pass over the keys and one over the values, no join: a few percent of the export's own
// query), and looks for names only the library writes in the right order; the entries follow.
// The file is, byte for byte, what JsonExportWriter and the library write for the same entries:
// `{`, one `"name": "value"` line per entry indented by two spaces, a comma between entries, then
// `}` and a newline (`{}` and a newline when empty).
// On PostgreSQL the server writes the entries' lines itself and the api only passes their bytes on
// (COPY, the reader's `copyLines`): decoding 100,000 rows and making their text was most of the
// api's CPU time and left the export at 2.5 times the bare COPY of its rows (BENCHMARKS.md,
// issue 26). `to_json` of a text escapes it exactly as JSON.stringify does: `\"`, `\\`,
// `\b \f \n \r \t`, any other character below U+0020 as `\u00xx` in lower case, everything else
// (U+007F, U+2028, U+2029, any non-ASCII) as it is; the two could part only on NUL and lone
// surrogates, which no PostgreSQL text holds. Its lines hold no line break or other control
// character, as COPY requires of them. PGlite has no COPY to the client: there the rows come
// through a cursor and the text is made here.
import { type SnapshotReader, sqlLiteral } from "@locale/db";

/** Which rows a json-flat export writes, and how. */
export interface JsonFlatQuery {
  projectId: string;
  language: string;
  /** Only this namespace's keys, written without the namespace. */
  namespace: string | undefined;
  /** Entries without a value too (written empty). */
  includeUntranslated: boolean;
  /** Values not approved are written as untranslated. */
  approvedOnly: boolean;
}

/** What the headers say, known before the file is written. */
export interface JsonFlatFacts {
  /** Entries the file holds. */
  count: number;
}

/** Rows per cursor fetch (a few MB of rows at most); two pages are held at most. */
const PAGE = 20_000;

/** The file's last bytes, which the caller writes once the export is recorded (see `streamJsonFlat`). */
export const jsonFlatEnd = (count: number): string => (count > 0 ? "\n}\n" : "}\n");

/** SQL of the value written: empty unless approved, with `approvedOnly`. */
const valueSql = (q: JsonFlatQuery) =>
  q.approvedOnly ? `(CASE WHEN t."status" = 'approved' THEN coalesce(t."value", '') ELSE '' END)` : `coalesce(t."value", '')`;

/**
 * The file's entry count, or undefined when the file is not to be streamed: it might not fit in
 * `maxBytes` (the cut is the library's; the bound counts every byte as escaped, `\u001f`, so it
 * is exact enough only for files up to about a sixth of the limit), or a name is integer-like (V8
 * puts those first in an object, so the library's order is not the rows'; the test is wider than
 * V8's, which is safe). Entries are the keys with a value (every key with `includeUntranslated`);
 * every value of a project's keys is a row of its project, so no join counts them.
 */
export async function jsonFlatFacts(reader: SnapshotReader, q: JsonFlatQuery, maxBytes: number): Promise<JsonFlatFacts | undefined> {
  const params: string[] = [q.projectId, q.language];
  const namespace = q.namespace !== undefined ? `AND k."namespace" = $${params.push(q.namespace)}` : "";
  // The name written is the key alone under a namespace filter, else `namespace.key`; only a bare
  // name can be integer-like, and the cheap comparisons spare most names the regular expression.
  const bare = q.namespace !== undefined ? "TRUE" : `k."namespace" = ''`;
  const integerLike = `${bare} AND k."key" COLLATE "C" >= '0' AND k."key" COLLATE "C" < ':' AND k."key" ~ '^(0|[1-9][0-9]{0,9})$'`;
  const approved = q.approvedOnly ? `AND t."status" = 'approved'` : "";
  const values = namespace
    ? `FROM "Translation" t JOIN "Key" k ON k."id" = t."keyId" WHERE t."projectId" = $1 AND t."language" = $2 ${namespace}`
    : `FROM "Translation" t WHERE t."projectId" = $1 AND t."language" = $2`;
  const [[keys, nameBytes, anyIntegerLike, translated, valueBytes]] = (await reader.arrays(
    `SELECT names."keys", names."nameBytes", names."integerLike", vals."translated", vals."valueBytes" FROM
       (SELECT count(*)::int AS "keys", coalesce(sum(octet_length(k."namespace") + 1 + octet_length(k."key")), 0)::float8 AS "nameBytes",
          coalesce(bool_or(${integerLike}), false) AS "integerLike"
        FROM "Key" k WHERE k."projectId" = $1 ${namespace}) names,
       (SELECT count(*)::int AS "translated", coalesce(sum(octet_length(t."value")), 0)::float8 AS "valueBytes"
        ${values} AND t."value" <> '' ${approved}) vals`,
    params,
  )) as [[number, number, boolean, number, number]];
  const count = q.includeUntranslated ? keys : translated;
  // Per entry `,\n  "name": "value"` (10 bytes besides the escaped texts), `{` and `\n}\n`.
  const bound = 6 * (nameBytes + valueBytes) + 10 * count + 4;
  if (anyIntegerLike || bound > maxBytes) return undefined;
  return { count };
}

/**
 * Writes the file but its last bytes (`jsonFlatEnd`), which the caller writes once the export is
 * recorded, so a failure up to then never leaves the reader a well-formed file. Throws when it
 * wrote another number of entries than `facts` announced (in the same snapshot it cannot, unless
 * broken).
 */
export async function streamJsonFlat(
  reader: SnapshotReader,
  q: JsonFlatQuery,
  facts: JsonFlatFacts,
  write: (piece: Uint8Array) => Promise<void>,
): Promise<void> {
  if (reader.copyLines && !q.namespace?.includes("\u0000")) await copyJsonFlat(reader.copyLines.bind(reader), q, facts, write);
  else await fetchJsonFlat(reader, q, facts, write);
}

/** The name written: the key alone under a namespace filter, else `namespace.key`. */
const nameSql = (q: JsonFlatQuery) =>
  q.namespace !== undefined ? `k."key"` : `(CASE WHEN k."namespace" = '' THEN k."key" ELSE k."namespace" || '.' || k."key" END)`;

/**
 * The entries as lines `  "name": "value",` written by PostgreSQL, by namespace then key; the
 * file's `{` and newline go first, and the last line's comma and newline are left for `jsonFlatEnd`.
 */
async function copyJsonFlat(
  copyLines: NonNullable<SnapshotReader["copyLines"]>,
  q: JsonFlatQuery,
  facts: JsonFlatFacts,
  write: (piece: Uint8Array) => Promise<void>,
): Promise<void> {
  const namespace = q.namespace !== undefined ? `AND k."namespace" = ${sqlLiteral(q.namespace)}` : "";
  const value = valueSql(q);
  // One piece is held back, so the last one can lose its comma and newline before it goes out.
  let held: Uint8Array = Buffer.from(facts.count > 0 ? "{\n" : "{");
  const count = await copyLines(
    `SELECT '  ' || to_json(${nameSql(q)})::text || ': ' || to_json(${value})::text || ','
     FROM "Key" k LEFT JOIN "Translation" t ON t."keyId" = k."id" AND t."language" = ${sqlLiteral(q.language)}
     WHERE k."projectId" = ${sqlLiteral(q.projectId)} ${namespace} ${q.includeUntranslated ? "" : `AND ${value} <> ''`}
     ORDER BY k."namespace" COLLATE "C", k."key" COLLATE "C"`,
    async (piece) => {
      const out = held;
      held = piece;
      await write(out);
    },
  );
  if (count !== facts.count) throw new Error(`json-flat export: ${count} entries written, ${facts.count} announced`);
  if (count > 0) {
    const end = held.byteLength - 2;
    if (end < 0 || held[end] !== 0x2c || held[end + 1] !== 0x0a) throw new Error("json-flat export: the last entry's line is cut");
    held = held.subarray(0, end);
  }
  await write(held);
}

/** The entries read through a cursor and written here (PGlite). */
async function fetchJsonFlat(
  reader: SnapshotReader,
  q: JsonFlatQuery,
  facts: JsonFlatFacts,
  write: (piece: Uint8Array) => Promise<void>,
): Promise<void> {
  const params: string[] = [q.projectId, q.language];
  const namespace = q.namespace !== undefined ? `AND k."namespace" = $${params.push(q.namespace)}` : "";
  const value = valueSql(q);
  await reader.arrays(
    `DECLARE export_lines NO SCROLL CURSOR FOR
     SELECT ${nameSql(q)}, ${value}
     FROM "Key" k LEFT JOIN "Translation" t ON t."keyId" = k."id" AND t."language" = $2
     WHERE k."projectId" = $1 ${namespace} ${q.includeUntranslated ? "" : `AND ${value} <> ''`}
     ORDER BY k."namespace" COLLATE "C", k."key" COLLATE "C"`,
    params,
  );
  const fetchPage = () => reader.arrays(`FETCH ${PAGE} FROM export_lines`) as Promise<Array<[string, string]>>;
  let count = 0;
  // The next page is asked for before this one is written, so the database sends it meanwhile.
  let next: Promise<Array<[string, string]>> | undefined = fetchPage();
  try {
    let text = "{";
    while (next) {
      const rows: Array<[string, string]> = await next;
      next = rows.length < PAGE ? undefined : fetchPage();
      for (const [entryName, entryValue] of rows) {
        text += `${count++ > 0 ? "," : ""}\n  ${JSON.stringify(entryName)}: ${JSON.stringify(entryValue)}`;
      }
      await write(Buffer.from(text));
      text = "";
    }
  } finally {
    // Settled before the transaction ends, whether the file is written or writing it failed.
    await next?.catch(() => {});
  }
  await reader.arrays("CLOSE export_lines");
  if (count !== facts.count) throw new Error(`json-flat export: ${count} entries written, ${facts.count} announced`);
}
