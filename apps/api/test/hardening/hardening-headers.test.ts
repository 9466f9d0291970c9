// Requests the HTTP parser refuses (request line and headers over 16 KB, malformed request lines)
// get the documented JSON error body instead of node's empty answer.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "../helpers/raw-request";
import { startTestServer, type TestServer } from "../helpers/test-server";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const TOO_LARGE = {
  statusCode: 431,
  message: "Request line and headers must not exceed 16 KB",
  error: "Request Header Fields Too Large",
};

describe("oversized request heads", () => {
  it("answers a header over 16 KB with 431 and the documented body", async () => {
    const res = await rawRequest(server.url, "GET", "/api/projects", { headers: { "x-padding": "a".repeat(17 * 1024) } });
    expect(res.status).toBe(431);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.body).toEqual(TOO_LARGE);
  });

  it("answers a request line over 16 KB (a huge query string) the same way", async () => {
    const res = await rawRequest(server.url, "GET", `/api/projects?search=${"b".repeat(20 * 1024)}`);
    expect(res.status).toBe(431);
    expect(res.body).toEqual(TOO_LARGE);
  });

  it("answers many headers adding up to over 16 KB the same way", async () => {
    const headers = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`x-h${i}`, "c".repeat(100)]));
    const res = await rawRequest(server.url, "GET", "/health", { headers });
    expect(res.status).toBe(431);
    expect(res.body).toEqual(TOO_LARGE);
  });

  it("still serves a head just under the limit", async () => {
    const res = await rawRequest(server.url, "GET", "/health", { headers: { "x-padding": "d".repeat(15 * 1024) } });
    expect(res.status).toBe(200);
  });

  it("answers a malformed request line with 400 and the documented body", async () => {
    const res = await rawRequest(server.url, "GET", "/api/projects HTTP/1.1 extra\u0001");
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      message: "Malformed HTTP request",
      error: "Bad Request",
      issues: [{ path: "", message: "Malformed HTTP request" }],
    });
  });
});
