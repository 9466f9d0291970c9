// Sign-in failures: one documented 401 body whatever was wrong, and no timing difference between
// an unknown e-mail and a known one (both verify a password hash).
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from "vitest";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../helpers/test-server";

const UNAUTHORIZED = { statusCode: 401, message: "Unauthorized", error: "Unauthorized" };

let server: TestServer;
let user: TestUser;
// Counts key derivations: a spy on the module object the password code calls through, so it sees
// the calls even when another test file loaded that code first (files share modules, no isolation).
let scrypt: MockInstance<typeof crypto.scrypt>;

beforeAll(async () => {
  scrypt = vi.spyOn(crypto, "scrypt");
  server = await startTestServer();
  user = await signUpUser(server);
});
afterAll(async () => {
  await server.close();
  scrypt.mockRestore();
});

async function scryptCallsOf(body: { email: string; password: string }): Promise<{ status: number; calls: number }> {
  scrypt.mockClear();
  const res = await server.request("POST", "/api/auth/login", { body });
  return { status: res.status, calls: scrypt.mock.calls.length };
}

describe("login failures", () => {
  it("answers a wrong password and an unknown e-mail with the documented 401 body", async () => {
    for (const body of [
      { email: user.email, password: "wrong password" },
      { email: "nobody-here@example.com", password: "correct horse" },
    ]) {
      const res = await server.request("POST", "/api/auth/login", { body });
      expect(res.status).toBe(401);
      expect(res.body).toEqual(UNAUTHORIZED);
    }
  });

  it("hashes the password for an unknown e-mail exactly as for a known one", async () => {
    await scryptCallsOf({ email: "warm-up@example.com", password: "x".repeat(8) });
    const known = await scryptCallsOf({ email: user.email, password: "wrong password" });
    const unknown = await scryptCallsOf({ email: "nobody-here@example.com", password: "wrong password" });
    expect(known).toEqual({ status: 401, calls: 1 });
    expect(unknown).toEqual({ status: 401, calls: 1 });
  });

  it("takes comparable time for unknown and known e-mails (medians, wide margin)", async () => {
    const median = async (email: string) => {
      const times: number[] = [];
      for (let i = 0; i < 7; i++) {
        const started = performance.now();
        await server.request("POST", "/api/auth/login", { body: { email, password: "wrong password" } });
        times.push(performance.now() - started);
      }
      return times.sort((a, b) => a - b)[3]!;
    };
    const known = await median(user.email);
    const unknown = await median("nobody-here@example.com");
    // Before the dummy hash the unknown path took about a tenth of the known one.
    expect(unknown / known).toBeGreaterThan(0.4);
  });
});
