// What notifying costs a comment: `POST …/keys/{keyId}/comments` that mentions MENTIONS members and
// replies in a thread of THREAD authors (so it writes MENTIONS + THREAD - 1 notifications in its
// transaction) against the floor, the same comment with no mention on a key with no thread (no
// notification: the comment and its activity entry only). One api process on a fresh PostgreSQL
// database (TEST_DATABASE_URL), no SMTP (no mail is queued). One client alternates the two, one at
// a time, so the machine's load drifts over both alike; after WARMUP, ROUNDS of each are timed.
// Also timed: the bell's `GET /api/notifications/unread-count` once the inbox holds them all.
//   TEST_DATABASE_URL=postgres://… pnpm --filter @locale/api run bench:mentions   (ROUNDS=400)
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { loadavg } from "node:os";
import { createDb } from "@locale/db";
import { call, signUpOnProcess } from "../test/helpers/fuzz/server-process";
import { UNREACHED_RATE_LIMITS } from "../test/helpers/unreached-rate-limits";
import { startApi } from "./api-process";

const ROUNDS = Number(process.env.ROUNDS ?? 400);
const WARMUP = Number(process.env.WARMUP ?? 60);
const MENTIONS = Number(process.env.MENTIONS ?? 3);
const THREAD = Number(process.env.THREAD ?? 3);

const log = (...args: unknown[]) => console.log("[bench:mentions]", ...args);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const stats = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return { median: percentile(sorted, 50), p90: percentile(sorted, 90), mean: mean(xs) };
};
const fmt = (s: { median: number; p90: number; mean: number }) =>
  `median ${s.median.toFixed(2)} ms, p90 ${s.p90.toFixed(2)} ms, mean ${s.mean.toFixed(2)} ms`;

async function main(): Promise<void> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("set TEST_DATABASE_URL (PostgreSQL)");
  const database = `locale_bench_mentions_${randomBytes(4).toString("hex")}`;
  const admin = await createDb(serverUrl, { migrate: false, poolSize: 1 });
  await admin.query(`CREATE DATABASE ${database}`);
  const u = new URL(serverUrl);
  u.pathname = `/${database}`;
  const url = u.toString();
  const api = await startApi({ DATABASE_URL: url, WORKER_MODE: "off", ...UNREACHED_RATE_LIMITS });
  try {
    const owner = await signUpOnProcess(api.url, "Mention owner");
    const as = (apiKey: string) => (method: string, path: string, body?: unknown) =>
      call(api.url, method, path, { apiKey, ...(body !== undefined ? { body } : {}) });
    const req = as(owner.apiKey);
    // Members: invited and accepted through the API, each with a token (as developers).
    const members: { userId: string; apiKey: string }[] = [];
    for (let i = 0; i < Math.max(MENTIONS, THREAD); i++) {
      const invite = await req("POST", "/api/organizations/current/members/invite", {
        email: `m${i}-${database}@example.com`,
        role: "developer",
      });
      assert.equal(invite.status, 201, JSON.stringify(invite.body));
      const token = new URL(invite.body.inviteUrl).searchParams.get("token");
      const accept = await call(api.url, "POST", "/api/auth/accept-invite", {
        body: { token, name: `Member ${i}`, password: "member password" },
      });
      assert.equal(accept.status, 200, JSON.stringify(accept.body));
      const cookie = (accept.headers.get("set-cookie") ?? "").split(";")[0]!;
      const key = await call(api.url, "POST", "/api/organizations/current/tokens", { cookie, body: { name: "bench" } });
      members.push({ userId: accept.body.user._id, apiKey: key.body.token });
    }
    const project = await req("POST", "/api/projects", { name: "Mentions", sourceLanguage: "en", targetLanguages: ["de"] });
    const projectId = project.body._id as string;
    const keyOf = async (name: string) => (await req("POST", `/api/projects/${projectId}/keys`, { key: name })).body._id as string;
    const plainKey = await keyOf("plain");
    const threadKey = await keyOf("thread");
    // The thread: a root by member 0, replies by the next THREAD - 1 members.
    const root = await as(members[0]!.apiKey)("POST", `/api/projects/${projectId}/keys/${threadKey}/comments`, { body: "Root" });
    for (let i = 1; i < THREAD; i++) {
      await as(members[i]!.apiKey)("POST", `/api/projects/${projectId}/keys/${threadKey}/comments`, {
        body: `Reply ${i}`,
        parentId: root.body._id,
      });
    }
    const mentions = members.slice(0, MENTIONS).map((m) => m.userId);
    const comment = async (notifying: boolean) => {
      const t0 = performance.now();
      const res = notifying
        ? await req("POST", `/api/projects/${projectId}/keys/${threadKey}/comments`, {
            body: "@Member 0 @Member 1 @Member 2 please look",
            parentId: root.body._id,
            mentions,
          })
        : await req("POST", `/api/projects/${projectId}/keys/${plainKey}/comments`, { body: "@Member 0 @Member 1 @Member 2 please look" });
      const ms = performance.now() - t0;
      assert.equal(res.status, 201, JSON.stringify(res.body));
      return ms;
    };
    log(
      `${MENTIONS} mentions + a thread of ${THREAD} authors, ${WARMUP} warm-up + ${ROUNDS} timed of each; load average ${loadavg()[0]!.toFixed(1)}`,
    );
    const times = { floor: [] as number[], notifying: [] as number[] };
    for (let i = 1; i <= WARMUP + ROUNDS; i++) {
      const a = await comment(true);
      const b = await comment(false);
      if (i > WARMUP) {
        times.notifying.push(a);
        times.floor.push(b);
      }
    }
    const perComment = new Set([...mentions, ...members.slice(0, THREAD).map((m) => m.userId)]).size;
    const unreadNow = await as(members[0]!.apiKey)("GET", "/api/notifications/unread-count");
    assert.equal(unreadNow.body.unread, WARMUP + ROUNDS + THREAD - 1, JSON.stringify(unreadNow.body));
    const floor = stats(times.floor);
    const notifying = stats(times.notifying);
    log(`no notification (floor): ${fmt(floor)}`);
    log(`${perComment} notifications:  ${fmt(notifying)}`);
    log(`ratio of medians ${(notifying.median / floor.median).toFixed(3)}×, of means ${(notifying.mean / floor.mean).toFixed(3)}×`);
    // The bell: the unread count of an inbox of WARMUP + ROUNDS + THREAD - 1 notifications, against
    // the floor of `GET /api/auth/me` (authentication and one small read), alternated likewise.
    const bell = { count: [] as number[], me: [] as number[] };
    const timed = async (path: string) => {
      const t0 = performance.now();
      const res = await as(members[0]!.apiKey)("GET", path);
      assert.equal(res.status, 200);
      return performance.now() - t0;
    };
    for (let i = 1; i <= WARMUP + ROUNDS; i++) {
      const a = await timed("/api/notifications/unread-count");
      const b = await timed("/api/auth/me");
      if (i > WARMUP) {
        bell.count.push(a);
        bell.me.push(b);
      }
    }
    const count = stats(bell.count);
    const me = stats(bell.me);
    log(`GET /auth/me (floor): ${fmt(me)}`);
    log(`GET /notifications/unread-count (${unreadNow.body.unread} unread): ${fmt(count)}`);
    log(`ratio of medians ${(count.median / me.median).toFixed(3)}×; load average ${loadavg()[0]!.toFixed(1)}`);
  } finally {
    await api.stop();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
