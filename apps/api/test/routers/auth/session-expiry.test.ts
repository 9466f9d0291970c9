// A session is read from the database on every request (one raw query, nothing cached): its
// 30-day expiry slides forward when it was last seen over an hour ago, and a revoked or expired
// session is refused on the very next request.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpUser, startTestServer, type TestServer } from "../../helpers/test-server";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const UNAUTHORIZED = { statusCode: 401, message: "Unauthorized", error: "Unauthorized" };

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const me = (cookie: string) => server.request("GET", "/api/auth/me", { cookie });
const sessionOf = (userId: string) => server.db.prisma.session.findFirstOrThrow({ where: { userId } });

describe("session expiry", () => {
  it("slides the expiry to 30 days from now once the session was last seen over an hour ago", async () => {
    const user = await signUpUser(server, "Slider");
    const { id } = await sessionOf(user.userId);
    await server.db.prisma.session.update({
      where: { id },
      data: { lastSeenAt: new Date(Date.now() - 2 * HOUR), expiresAt: new Date(Date.now() + DAY) },
    });
    const before = Date.now();
    expect((await me(user.cookie)).status).toBe(200);
    const after = await sessionOf(user.userId);
    expect(after.lastSeenAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(after.expiresAt.getTime()).toBeGreaterThan(before + 29 * DAY);
  });

  it("leaves a session seen within the hour as it is", async () => {
    const user = await signUpUser(server, "Recent");
    const { id } = await sessionOf(user.userId);
    const lastSeenAt = new Date(Date.now() - 10 * 60 * 1000);
    const expiresAt = new Date(Date.now() + DAY);
    await server.db.prisma.session.update({ where: { id }, data: { lastSeenAt, expiresAt } });
    expect((await me(user.cookie)).status).toBe(200);
    const after = await sessionOf(user.userId);
    expect(after.lastSeenAt).toEqual(lastSeenAt);
    expect(after.expiresAt).toEqual(expiresAt);
  });

  it("refuses an expired session, and a revoked one on the next request", async () => {
    const expired = await signUpUser(server, "Expired");
    await server.db.prisma.session.updateMany({
      where: { userId: expired.userId },
      data: { lastSeenAt: new Date(Date.now() - 2 * HOUR), expiresAt: new Date(Date.now() - 1000) },
    });
    const res = await me(expired.cookie);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(UNAUTHORIZED);
    // Refused without being revived: the slide never touches an expired session.
    expect((await sessionOf(expired.userId)).expiresAt.getTime()).toBeLessThan(Date.now());

    const revoked = await signUpUser(server, "Revoked");
    expect((await me(revoked.cookie)).status).toBe(200);
    await server.db.prisma.session.updateMany({ where: { userId: revoked.userId }, data: { revokedAt: new Date() } });
    expect((await me(revoked.cookie)).status).toBe(401);
  });
});
