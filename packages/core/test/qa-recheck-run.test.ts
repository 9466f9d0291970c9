// The background quality recheck as the worker's `qa.recheck` job runs it, without the worker (the
// core tier, test/helpers/core-fixture.ts): a settings change queues the project's recheck, the
// dispatcher's reservation, a worker's claim and `runQaRecheck` recompute the stored issues batch by
// batch; another worker cannot take a held recheck, a stopped run gives it back at its cursor, a
// dead worker's expired lease is taken over, and a settings change during a run restarts it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServiceContext } from "../src/context";
import { createKey } from "../src/keys/create-key";
import { createProject } from "../src/projects/create-project";
import { recheckNextBatch } from "../src/quality/qa-recheck";
import { getQaSettings, updateQaSettings } from "../src/quality/qa-settings";
import { claimRecheck, reserveRechecks } from "../src/quality/recheck-lease";
import { type RecheckRunContext, runQaRecheck } from "../src/quality/run-qa-recheck";
import { upsertTranslation } from "../src/translations/upsert-translation";
import { type CoreFixture, openCoreFixture } from "./helpers/core-fixture";

const SOURCE = "Hello, {name}! You have 3 items.";
/** Fires `numbers` (4 for 3) and `end_punctuation` (no final full stop), both warnings by default. */
const WARNED = "Hallo, {name}! Du hast 4 Dinge";
const KEYS = ["k1", "k2", "k3"];
const LEASE_MS = 60_000;

let core: CoreFixture;
let owner: ServiceContext;

beforeAll(async () => {
  core = await openCoreFixture();
  owner = await core.signUp("Owner");
});
afterAll(async () => {
  await core?.close();
});

/** A project of three keys, each with the source and a German value that fires two checks. */
async function seedProject(): Promise<string> {
  const projectId = (await createProject(owner, { name: "App", sourceLanguage: "en", targetLanguages: ["de"] }))._id;
  for (const key of KEYS) {
    const keyId = (await createKey(owner, projectId, { key }))._id;
    await upsertTranslation(owner, projectId, keyId, "en", { value: SOURCE });
    await upsertTranslation(owner, projectId, keyId, "de", { value: WARNED });
  }
  return projectId;
}

/** A worker's run, two values a batch, as the runner builds it; it is stopped once `batches` batches ran. */
function worker(workerId: string, batches = Number.POSITIVE_INFINITY): RecheckRunContext {
  // Asked before the claim, then before each batch.
  let asked = 0;
  return { db: core.db, workerId, leaseMs: LEASE_MS, batchSize: 2, isStopping: () => asked++ > batches };
}

const row = (projectId: string) => core.db.prisma.qaRecheck.findUniqueOrThrow({ where: { projectId } });
/** The checks each German value's stored issues name (a check may report more than one issue). */
async function germanChecks(projectId: string): Promise<string[][]> {
  const rows = await core.db.prisma.translation.findMany({ where: { projectId, language: "de" }, orderBy: { id: "asc" } });
  return rows.map((t) => [...new Set((t.qaIssues as { check: string }[]).map((i) => i.check))].sort());
}

describe("the quality recheck job (core, no HTTP)", () => {
  it("reserves, claims and recomputes the stored issues batch by batch, and reports progress", async () => {
    const projectId = await seedProject();
    expect(await germanChecks(projectId)).toEqual(KEYS.map(() => ["end_punctuation", "numbers"]));

    const settings = await updateQaSettings(owner, projectId, { checks: { numbers: "off" } });
    expect(settings.recheck).toMatchObject({ status: "queued", generation: 1 });
    // The dispatcher's reservation: once, until its lease runs out.
    expect(await core.db.prisma.$transaction((tx) => reserveRechecks(tx, LEASE_MS, 10))).toContain(projectId);
    expect(await core.db.prisma.$transaction((tx) => reserveRechecks(tx, LEASE_MS, 10))).not.toContain(projectId);

    // Six values (three sources, three translations), two a batch; the three translations change.
    expect(await runQaRecheck(worker("w1"), projectId)).toEqual({ claimed: true, done: true, checked: 6, changed: 3 });
    expect(await germanChecks(projectId)).toEqual(KEYS.map(() => ["end_punctuation"]));
    const { recheck } = await getQaSettings(owner, projectId);
    expect(recheck).toMatchObject({ status: "completed", generation: 1, total: 6, checked: 6, changed: 3 });
    expect(recheck!.finishedAt).not.toBeNull();
    expect((await row(projectId)).lockedBy).toBeNull();
    // A completed recheck is nobody's to run again.
    expect(await runQaRecheck(worker("w2"), projectId)).toMatchObject({ claimed: false, checked: 0 });
  });

  it("a held recheck is not taken by another worker; a stopped run gives it back at its cursor", async () => {
    const projectId = await seedProject();
    await updateQaSettings(owner, projectId, { checks: { numbers: "error" } });
    expect(await claimRecheck(core.db, projectId, "w1", LEASE_MS)).toBe(true);
    expect(await runQaRecheck(worker("w2"), projectId)).toMatchObject({ claimed: false });
    expect(await row(projectId)).toMatchObject({ lockedBy: "w1", checked: 0 });

    // w1 stops after its first batch (a shutdown): the row is released where it stood.
    expect(await runQaRecheck(worker("w1", 1), projectId)).toMatchObject({ claimed: true, done: false, checked: 2 });
    const stopped = await row(projectId);
    expect(stopped).toMatchObject({ status: "running", checked: 2, lockedBy: null, heartbeatAt: null });
    expect(stopped.cursor).not.toBeNull();

    // w2 resumes from the cursor: only the rest is checked.
    expect(await runQaRecheck(worker("w2"), projectId)).toMatchObject({ claimed: true, done: true, checked: 4 });
    expect(await row(projectId)).toMatchObject({ status: "completed", total: 6, checked: 6, changed: 3 });
    const levels = await core.db.prisma.translation.findMany({ where: { projectId, language: "de" } });
    for (const t of levels) expect(t.qaIssues).toContainEqual(expect.objectContaining({ check: "numbers", severity: "error" }));
  });

  it("takes over a dead worker's recheck once its lease has run out", async () => {
    const projectId = await seedProject();
    await updateQaSettings(owner, projectId, { checks: { end_punctuation: "off" } });
    expect(await claimRecheck(core.db, projectId, "dead", LEASE_MS)).toBe(true);
    expect(await runQaRecheck(worker("w1"), projectId)).toMatchObject({ claimed: false });
    // An hour without renewal, as if its process died.
    await core.db.prisma.qaRecheck.update({ where: { projectId }, data: { heartbeatAt: new Date(Date.now() - 60 * 60 * 1000) } });
    expect(await runQaRecheck(worker("w1"), projectId)).toMatchObject({ claimed: true, done: true, checked: 6, changed: 3 });
    expect(await germanChecks(projectId)).toEqual(KEYS.map(() => ["numbers"]));
  });

  it("a settings change during a run takes the recheck away from it and starts over", async () => {
    const projectId = await seedProject();
    await updateQaSettings(owner, projectId, { checks: { numbers: "off" } });
    expect(await claimRecheck(core.db, projectId, "w1", LEASE_MS)).toBe(true);
    expect(await recheckNextBatch(core.db, projectId, "w1", 2)).toMatchObject({ more: true, checked: 2 });

    const restarted = await updateQaSettings(owner, projectId, { checks: { numbers: "off", end_punctuation: "off" } });
    expect(restarted.recheck).toMatchObject({ status: "queued", generation: 2, checked: 0 });
    // w1's next batch finds the row no longer its own, and writes nothing.
    expect(await recheckNextBatch(core.db, projectId, "w1", 2)).toEqual({ more: false, checked: 0, changed: 0 });
    expect(await row(projectId)).toMatchObject({ generation: 2, status: "queued", checked: 0, lockedBy: null });

    expect(await runQaRecheck(worker("w2"), projectId)).toMatchObject({ claimed: true, done: true, checked: 6 });
    expect(await row(projectId)).toMatchObject({ generation: 2, status: "completed", checked: 6 });
    expect(await germanChecks(projectId)).toEqual(KEYS.map(() => []));
  });
});
