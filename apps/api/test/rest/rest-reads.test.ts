// REST reads answered in front of express (the dispatcher, src/rest/dispatch/) must answer exactly
// what the express chain answers. The same application is served twice — as `listen` serves it (the
// dispatcher first) and by express alone — and every GET of the OpenAPI document (filled from an
// organization holding every kind of resource), plus malformed and foreign variants, must get the
// same status, content type, ETag and body from both, for a writer, a reader, a project token,
// another tenant and no one. Plain operations (downloads, SSE) are the dispatcher's own, with no
// reference in express alone: bench/rest-differential.ts compares them with an older build.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAIN_ROUTES } from "../../src/rest/plain-routes";
import { createOrgFixture, type OrgFixture } from "../helpers/fixture-world";
import { rawRequest } from "../helpers/raw-request";
import { buildCall, listOperations } from "../helpers/route-calls";
import { startTestServer, type TestServer } from "../helpers/test-server";
import { startWebhookReceiver } from "../helpers/webhook-receiver";

let server: TestServer;
let receiver: { url: string; close(): Promise<void> };
let org: OrgFixture;
let stranger: OrgFixture;
let reads: string[];

async function get(base: string, path: string, headers: Record<string, string>) {
  const res = await fetch(base + path, { headers });
  return { status: res.status, type: res.headers.get("content-type"), etag: res.headers.get("etag"), text: await res.text() };
}

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  server = await startTestServer({}, { bareExpress: true });
  org = await createOrgFixture(server, { name: "Reads", webhookUrl: receiver.url, aiReady: false });
  stranger = await createOrgFixture(server, { name: "Stranger", webhookUrl: receiver.url, aiReady: false });
  const plain = new Set(PLAIN_ROUTES.flatMap((route) => route.operations.map((operation) => `${operation.method} ${operation.path}`)));
  reads = (await listOperations(server)).filter((op) => op.startsWith("GET ") && !plain.has(op));
}, 120_000);

afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

/** Paths that differ from the document's in the ways clients and attackers vary them. */
function variants(path: string, ids: OrgFixture["ids"]): string[] {
  const [pathOnly, query] = path.split("?") as [string, string | undefined];
  const q = query ? `?${query}` : "";
  return [
    `/api${path}`,
    `/api/v1${path}`,
    `/api${pathOnly}/${q}`,
    `/API${path}`,
    `/api/${pathOnly.toUpperCase()}${q}`,
    `/api/${path}`,
    `/api${pathOnly}${q ? `${q}&` : "?"}page=0&limit=abc`,
    `/api${pathOnly}${q ? `${q}&` : "?"}search=%00&x=%ED%A0%80`,
    `/api${pathOnly.replace(ids.projectId, "not-a-project")}${q}`,
    `/api${pathOnly}%00${q}`,
    `/api${pathOnly}/%2e%2e${q}`,
  ];
}

describe("REST reads in front of express", () => {
  // Roles differ inside the procedures, which both paths share: one writer, one reader suffice.
  // One test per caller: each compares every GET and its variants (about 1,100 requests), which
  // on a loaded 2-core machine takes tens of seconds, so each has a generous bound of its own.
  const callers: [string, () => Record<string, string>][] = [
    ["owner key", () => ({ "x-api-key": org.members.owner.apiKey })],
    ["owner session", () => ({ cookie: org.members.owner.cookie })],
    ["translator key", () => ({ "x-api-key": org.members.translator.apiKey })],
    ["project token", () => ({ "x-api-key": org.projectToken })],
    ["another tenant", () => ({ "x-api-key": stranger.owner.apiKey })],
    ["no one", () => ({})],
    ["a wrong key", () => ({ "x-api-key": "lk_wrong" })],
  ];
  it.each(callers)(
    "answer every GET of the document, and its variants, exactly as express does, for %s",
    { timeout: 600_000 },
    async (who, headersOf) => {
      expect(reads.length).toBeGreaterThan(30);
      const headers = headersOf();
      let compared = 0;
      for (const op of reads) {
        const call = buildCall(op, org.ids);
        for (const path of variants(call.path, org.ids)) {
          const [front, bare] = await Promise.all([get(server.url, path, headers), get(server.bareUrl!, path, headers)]);
          const label = `${op} as ${path} by ${who}`;
          expect({ status: front.status, type: front.type, etag: front.etag }, label).toEqual({
            status: bare.status,
            type: bare.type,
            etag: bare.etag,
          });
          // Exports name their file with a timestamp; everything else must match to the byte.
          if (!/\/export/.test(path)) expect(front.text, label).toBe(bare.text);
          compared++;
        }
      }
      expect(compared).toBeGreaterThan(30 * 11);
    },
  );

  it("leave a GET that carries a body to express, which answers it as before", async () => {
    const path = `/api/projects/${org.ids.projectId}`;
    const auth = { "x-api-key": org.owner.apiKey };
    const bodies: [Record<string, string>, string][] = [
      [{ "content-type": "application/json" }, '{"name":"\\u0000"}'],
      [{ "content-type": "application/json" }, "{"],
      [{ "content-type": "text/plain" }, "hello"],
      [{ "content-type": "application/json" }, "{}"],
    ];
    for (const [headers, body] of bodies) {
      const [front, bare] = await Promise.all([
        rawRequest(server.url, "GET", path, { headers: { ...auth, ...headers }, body }),
        rawRequest(server.bareUrl!, "GET", path, { headers: { ...auth, ...headers }, body }),
      ]);
      expect({ status: front.status, text: front.text }, body).toEqual({ status: bare.status, text: bare.text });
    }
  });
});
