// Scale-out as the README describes it: two api processes (WORKER_MODE=off) behind HAProxy and two
// standalone worker processes, all on one PostgreSQL database. Under a write load through the
// balancer, the api serving a batch job's event stream is killed with SIGKILL:
// - no acknowledged write is lost, and none is stored twice (each key name is the write's
//   idempotency key: a client that got no answer retries the same name, and a 409 then means its
//   first attempt had committed); clients only ever see retriable failures (502/503, a dropped
//   connection), and reads never fail at all (the balancer retries them on the other api);
// - the event stream, reconnected through the balancer with Last-Event-ID, lands on the other api
//   and misses or repeats no event, up to the completion event;
// - the per-organization AI limit (AI_MAX_CONCURRENCY) holds across both workers at once, as the
//   fake provider — which tells the organizations apart by their own provider keys and the workers
//   apart by their base URLs — counts the calls in flight.
// Throughput of one api against two is measured by bench/scale-out.bench.ts, not here.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeAiProviders, type FakeRequest, openSse, type SseStream, startFakeAiProviders } from "../helpers/fake-ai-providers";
import { call, signUpOnProcess } from "../helpers/fuzz/server-process";
import { type Cluster, startCluster } from "../helpers/scale-out-cluster";

const AI_LIMIT = 2;
const CALL_MS = 60;
const WRITERS = 4;
/** Keys of the batch job whose event stream is followed across the kill. */
const STREAM_JOB_KEYS = 30;
/** The stream job's provider calls after this many wait until the api is killed: the kill always lands mid-job. */
const STREAM_CALLS_BEFORE_KILL = 8;
const OTHER_JOB_KEYS = 10;
const RETRIABLE = new Set<number | "network">([502, 503, 504, "network"]);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface OrgCalls {
  inFlight: number;
  max: number;
  byCaller: Map<string, number>;
  /** Calls from both workers were in flight at the same moment. */
  bothWorkersAtOnce: boolean;
  total: number;
}

interface WriteLog {
  /** Names whose create answered 201, with the api that answered. */
  acknowledged: Map<string, string>;
  /** Names answered 409 on a retry after a failed attempt: the failed attempt had committed. */
  committedWithoutAnswer: Set<string>;
  attempted: Set<string>;
  failures: (number | "network")[];
  unexpected: string[];
  reads: Map<number | "network", number>;
}

describe("two apis behind HAProxy and two workers on one PostgreSQL", () => {
  let cluster: Cluster;
  let fake: FakeAiProviders;
  const calls = new Map<string, OrgCalls>();
  const orgOfProviderKey = new Map<string, string>();
  let streamCalls = 0;
  let releaseStreamCalls!: () => void;
  const killed = new Promise<void>((resolve) => {
    releaseStreamCalls = resolve;
  });
  const jobIds: string[] = [];
  let orgA: { apiKey: string; orgId: string };
  let orgB: { apiKey: string; orgId: string };

  const trackCall = async (req: FakeRequest) => {
    const org = orgOfProviderKey.get(String(req.headers.authorization ?? "").replace(/^Bearer /, "")) ?? "unknown";
    const caller = /^\/(\w+)\/v1\//.exec(req.path)?.[1] ?? "unknown";
    let c = calls.get(org);
    if (!c) calls.set(org, (c = { inFlight: 0, max: 0, byCaller: new Map(), bothWorkersAtOnce: false, total: 0 }));
    c.total++;
    c.inFlight++;
    c.max = Math.max(c.max, c.inFlight);
    c.byCaller.set(caller, (c.byCaller.get(caller) ?? 0) + 1);
    if ((c.byCaller.get("worker1") ?? 0) > 0 && (c.byCaller.get("worker2") ?? 0) > 0) c.bothWorkersAtOnce = true;
    if (req.keyName.startsWith("stream.") && ++streamCalls > STREAM_CALLS_BEFORE_KILL) await killed;
    await sleep(CALL_MS);
    c.inFlight--;
    c.byCaller.set(caller, c.byCaller.get(caller)! - 1);
    return fake.defaultReply(req);
  };

  beforeAll(async () => {
    fake = await startFakeAiProviders();
    fake.reply = trackCall;
    cluster = await startCluster({
      serverUrl: process.env.TEST_DATABASE_URL!,
      apis: 2,
      workers: 2,
      env: {
        OPENAI_API_KEY: "deployment-key",
        DEFAULT_AI_PROVIDER: "provider_b",
        AI_MAX_CONCURRENCY: String(AI_LIMIT),
        AI_RETRY_BASE_MS: "50",
        AI_JOB_LEASE_MS: "5000",
        AI_JOB_POLL_MS: "250",
        // One job at a time per worker: an organization's jobs then run on both workers at once.
        AI_WORKER_JOBS: "1",
        AI_SSE_HEARTBEAT_MS: "500",
      },
      apiEnv: (i) => ({ OPENAI_BASE_URL: `${fake.url}/api${i + 1}/v1` }),
      workerEnv: (i) => ({ OPENAI_BASE_URL: `${fake.url}/worker${i + 1}/v1` }),
    });
  }, 180_000);

  afterAll(async () => {
    releaseStreamCalls();
    await cluster?.close();
    await fake?.close();
  });

  const lb = () => cluster.lb.url;

  async function organization(name: string, providerKey: string) {
    const owner = await signUpOnProcess(lb(), name);
    orgOfProviderKey.set(providerKey, name);
    const settings = await call(lb(), "PATCH", `/api/organizations/${owner.orgId}`, {
      apiKey: owner.apiKey,
      body: { settings: { aiProviderKeys: { provider_b: providerKey } } },
    });
    expect(settings.status).toBe(200);
    return owner;
  }

  async function project(owner: { apiKey: string }, keys: number, prefix = "seed"): Promise<string> {
    const res = await call(lb(), "POST", "/api/projects", {
      apiKey: owner.apiKey,
      body: { name: `Scale ${Math.random().toString(36).slice(2, 8)}`, sourceLanguage: "en", targetLanguages: ["de"] },
    });
    expect(res.status).toBe(201);
    const projectId = res.body._id as string;
    const names = Array.from({ length: keys }, (_, i) => `${prefix}.${String(i).padStart(3, "0")}`);
    await cluster.db.prisma.key.createMany({ data: names.map((key) => ({ projectId, key, namespace: "" })) });
    const rows = await cluster.db.prisma.key.findMany({ where: { projectId }, select: { id: true, key: true } });
    await cluster.db.prisma.translation.createMany({
      data: rows.map((k) => ({
        projectId,
        keyId: k.id,
        language: "en",
        value: `Source of ${k.key}`,
        status: "translated",
        source: "human",
      })),
    });
    return projectId;
  }

  async function startJob(owner: { apiKey: string }, projectId: string): Promise<{ jobId: string; total: number }> {
    const res = await call(lb(), "POST", `/api/projects/${projectId}/ai/translate/batch/start`, {
      apiKey: owner.apiKey,
      body: { sourceLanguage: "en", targetLanguage: "de" },
    });
    expect(res.status).toBe(200);
    jobIds.push(res.body.jobId);
    return res.body;
  }

  /** Creates one key, retrying with the same name until its outcome is known. */
  async function createKey(apiKey: string, projectId: string, name: string, log: WriteLog): Promise<void> {
    log.attempted.add(name);
    let inDoubt = false;
    for (let attempt = 0; attempt < 100; attempt++) {
      let status: number | "network";
      let servedBy = "";
      let body: unknown;
      try {
        const res = await call(lb(), "POST", `/api/projects/${projectId}/keys`, { apiKey, body: { key: name } });
        status = res.status;
        servedBy = res.headers.get("x-served-by") ?? "";
        body = res.body;
      } catch {
        status = "network";
      }
      if (status === 201) return void log.acknowledged.set(name, servedBy);
      if (status === 409 && inDoubt) return void log.committedWithoutAnswer.add(name);
      if (!RETRIABLE.has(status)) return void log.unexpected.push(`${name}: ${status} ${JSON.stringify(body)}`);
      log.failures.push(status);
      inDoubt = true;
      await sleep(50);
    }
    log.unexpected.push(`${name}: no answer after 100 attempts`);
  }

  it("leaves Prisma's migration lock free once every process has started", async () => {
    // Held by a started process, it made every later process on the database fail (P1002).
    const held = await cluster.db.query<{ pid: number }>(
      `SELECT l.pid FROM pg_locks l JOIN pg_database d ON d.oid = l.database
       WHERE l.locktype = 'advisory' AND l.objid = 72707369 AND d.datname = current_database()`,
    );
    expect(held).toEqual([]);
  });

  it("loses no acknowledged write and no stream event when the api serving them is killed -9 mid-load", async () => {
    const t0 = Date.now();
    const phase = (name: string) => console.log(`scale-out: ${name} at ${Date.now() - t0} ms`);
    [orgA, orgB] = await Promise.all([organization("Org A", "org-a-provider-key"), organization("Org B", "org-b-provider-key")]);
    const [streamProject, loadProject, ...others] = await Promise.all([
      project(orgA, STREAM_JOB_KEYS, "stream"),
      project(orgA, 0),
      ...[orgA, orgA, orgB, orgB].map((owner) => project(owner, OTHER_JOB_KEYS)),
    ]);
    const otherProjects = others.map((id, i) => ({ owner: i < 2 ? orgA : orgB, id }));

    const log: WriteLog = {
      acknowledged: new Map(),
      committedWithoutAnswer: new Set(),
      attempted: new Set(),
      failures: [],
      unexpected: [],
      reads: new Map(),
    };
    let loading = true;
    const writers = Array.from({ length: WRITERS }, async (_, w) => {
      for (let n = 0; loading; n++) await createKey(orgA.apiKey, loadProject, `load.w${w}.${String(n).padStart(5, "0")}`, log);
    });
    const reader = (async () => {
      while (loading) {
        let status: number | "network";
        try {
          status = (await call(lb(), "GET", `/api/projects/${loadProject}/keys?limit=5`, { apiKey: orgA.apiKey })).status;
        } catch {
          status = "network";
        }
        log.reads.set(status, (log.reads.get(status) ?? 0) + 1);
      }
    })();

    phase("set up");
    const streamJob = await startJob(orgA, streamProject);
    for (const p of otherProjects) await startJob(p.owner, p.id);
    const streamUrl = `${lb()}/api/projects/${streamProject}/ai/translate/batch/stream/${streamJob.jobId}`;
    const first: SseStream = await openSse(streamUrl, { "x-api-key": orgA.apiKey });
    expect(first.status).toBe(200);
    const streamServer = first.headers.get("x-served-by")!;
    const victim = cluster.apis.find((a) => a.name === streamServer)!;
    const survivor = cluster.apis.find((a) => a !== victim)!;

    // Mid-job and mid-load: a few events streamed, and both apis have acknowledged writes.
    await first.waitFor(4, 30_000);
    const servedBy = () => [...log.acknowledged.values()];
    while (!(servedBy().filter((s) => s === victim.name).length >= 10 && servedBy().filter((s) => s === survivor.name).length >= 10))
      await sleep(20);
    const acknowledgedBeforeKill = log.acknowledged.size;
    phase(`kill after ${acknowledgedBeforeKill} writes`);
    await victim.kill9();
    releaseStreamCalls();
    await first.done;
    expect((await cluster.db.prisma.aiJob.findUniqueOrThrow({ where: { id: streamJob.jobId } })).status).toBe("running");

    // The client reconnects through the balancer, which now sends it to the other api.
    const lastId = first.events.at(-1)!.id;
    const second = await openSse(streamUrl, { "x-api-key": orgA.apiKey, "last-event-id": lastId });
    expect(second.status).toBe(200);
    expect(second.headers.get("x-served-by")).toBe(survivor.name);
    await cluster.lb.waitForStatus([victim.name], false);
    await sleep(500); // the load goes on against the remaining api
    loading = false;
    await Promise.all([...writers, reader]);
    await second.done;
    phase("stream complete");

    // The stream: every stored event exactly once, in order, ending with the completion event.
    const events = [...first.events, ...second.events];
    const stored = await cluster.db.prisma.aiJobEvent.findMany({ where: { jobId: streamJob.jobId }, orderBy: { id: "asc" } });
    expect(events.map((e) => [e.id, e.event])).toEqual(stored.map((e) => [e.id.toString(), e.event]));
    const ids = events.map((e) => BigInt(e.id));
    expect(ids.every((id, i) => i === 0 || id > ids[i - 1]!)).toBe(true);
    expect(events[0]!.event).toBe("start");
    const progress = events.filter((e) => e.event === "progress");
    expect(progress.map((e) => e.data.completed)).toEqual(Array.from({ length: streamJob.total }, (_, i) => i + 1));
    expect(new Set(progress.map((e) => e.data.keyId)).size).toBe(streamJob.total);
    expect(events.at(-1)).toMatchObject({ event: "complete", data: { translated: streamJob.total, failed: 0 } });
    expect(second.events.length).toBeGreaterThan(1);

    // The writes: clients saw only retriable failures, and reads none at all.
    expect(log.unexpected).toEqual([]);
    expect(log.failures.every((f) => RETRIABLE.has(f))).toBe(true);
    expect([...log.reads.keys()], cluster.lb.output()).toEqual([200]);
    const acks = [...log.acknowledged.values()];
    expect(acks.filter((s) => s === victim.name).length).toBeGreaterThanOrEqual(10);
    expect(log.acknowledged.size).toBeGreaterThan(acknowledgedBeforeKill); // the load went on after the kill
    // Every acknowledged write is stored exactly once (one row, one activity entry); nothing else is.
    const rows = await cluster.db.prisma.key.findMany({ where: { projectId: loadProject }, select: { id: true, key: true } });
    const storedNames = rows.map((r) => r.key).sort();
    expect(new Set(storedNames).size).toBe(rows.length);
    for (const name of [...log.acknowledged.keys(), ...log.committedWithoutAnswer]) expect(storedNames).toContain(name);
    for (const name of storedNames) expect(log.attempted.has(name)).toBe(true);
    // An attempted name without an answer is stored or not; either way its client knows which.
    expect(storedNames.length).toBe(log.acknowledged.size + log.committedWithoutAnswer.size);
    const created = await cluster.db.prisma.activity.groupBy({
      by: ["targetId"],
      where: { projectId: loadProject, action: "key.created" },
      _count: { _all: true },
    });
    expect(created.length).toBe(rows.length);
    expect(created.every((c) => c._count._all === 1)).toBe(true);
    console.log(
      `scale-out: ${log.acknowledged.size} writes acknowledged (${acks.filter((s) => s === victim.name).length} by the killed api), ` +
        `${log.committedWithoutAnswer.size} committed without an answer, retriable failures ${JSON.stringify(log.failures)}, ` +
        `reads ${JSON.stringify([...log.reads])}\nbalancer log (failed requests):\n${cluster.lb.output()}`,
    );
  });

  it("keeps each organization to AI_MAX_CONCURRENCY provider calls at a time across both workers", async () => {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const jobs = await cluster.db.prisma.aiJob.findMany({ where: { id: { in: jobIds } } });
      if (jobs.every((j) => j.status === "completed")) {
        expect(jobs.map((j) => j.translated)).toEqual(jobs.map((j) => j.total));
        break;
      }
      if (Date.now() > deadline) throw new Error(`jobs not finished: ${JSON.stringify(jobs.map((j) => [j.status, j.translated]))}`);
      await sleep(100);
    }
    const a = calls.get("Org A")!;
    const b = calls.get("Org B")!;
    expect(a.total).toBe(STREAM_JOB_KEYS + 2 * OTHER_JOB_KEYS);
    expect(b.total).toBe(2 * OTHER_JOB_KEYS);
    expect(calls.has("unknown")).toBe(false);
    // Both workers called for organization A at the same time, and together stayed at the limit.
    expect(a.bothWorkersAtOnce).toBe(true);
    expect(a.max).toBe(AI_LIMIT);
    expect(b.max).toBeLessThanOrEqual(AI_LIMIT);
    const leases = await cluster.db.prisma.aiCallLease.count();
    expect(leases).toBe(0); // every slot was given back
  });
});
