// Saving a translation through the core service, as the PUT procedure calls it but without HTTP
// (the core tier, test/helpers/core-fixture.ts): the value, its history entry, its activity entry
// and the webhook outbox row are written together; the same value again writes nothing; a save the
// caller may not make, or outside their organization, writes nothing at all.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listProjectActivity } from "../src/activity/list-project-activity";
import type { ServiceContext } from "../src/context";
import { createKey } from "../src/keys/create-key";
import { createProject } from "../src/projects/create-project";
import { listKeyTranslations } from "../src/translations/list-key-translations";
import { listTranslationHistory } from "../src/translations/list-translation-history";
import { upsertTranslation } from "../src/translations/upsert-translation";
import { createWebhook } from "../src/webhooks/create-webhook";
import { type CoreFixture, openCoreFixture } from "./helpers/core-fixture";

let core: CoreFixture;
let owner: ServiceContext;
let projectId: string;
let keyId: string;
let webhookId: string;

beforeAll(async () => {
  core = await openCoreFixture({ webhookAllowedHosts: ["127.0.0.1"] });
  owner = await core.signUp("Owner");
  projectId = (await createProject(owner, { name: "App", sourceLanguage: "en", targetLanguages: ["de"] }))._id;
  keyId = (await createKey(owner, projectId, { key: "greeting" }))._id;
  // Nothing listens on port 9: no worker runs here, the delivery stays in the outbox.
  webhookId = (await createWebhook(owner, { projectId }, { url: "http://127.0.0.1:9/hook", events: ["*"] }))._id;
});
afterAll(async () => {
  await core?.close();
});

const history = () => listTranslationHistory(owner, projectId, keyId, "de");
const activity = async (action: string) => (await listProjectActivity(owner, projectId, { action, limit: 100 })).data;
const deliveries = () => core.db.prisma.webhookDelivery.findMany({ where: { webhookId }, orderBy: { id: "asc" } });
const stored = async () => (await listKeyTranslations(owner, projectId, keyId)).find((t) => t.language === "de")!;

describe("saving a translation (core, no HTTP)", () => {
  it("writes the value, its history entry, its activity entry and a webhook delivery", async () => {
    const saved = await upsertTranslation(owner, projectId, keyId, "de", { value: "Hallo" });
    expect(saved).toMatchObject({ keyId, key: "greeting", language: "de", value: "Hallo", status: "translated", source: "human" });

    expect(await history()).toMatchObject([
      { previousValue: null, newValue: "Hallo", previousStatus: "untranslated", newStatus: "translated", changedBy: owner.actor.userId },
    ]);
    const [created] = await activity("translation.created");
    expect(created).toMatchObject({
      userId: owner.actor.userId,
      targetType: "translation",
      metadata: { keyId, key: "greeting", language: "de", previousStatus: "untranslated", newStatus: "translated" },
    });
    const outbox = await deliveries();
    expect(outbox.map((d) => [d.event, d.status])).toEqual([["translation.created", "pending"]]);
    expect(outbox[0]!.payload).toMatchObject({ event: "translation.created" });
  });

  it("records the previous value on a change, and nothing for the same value again", async () => {
    await upsertTranslation(owner, projectId, keyId, "de", { value: "Hallo Welt" });
    const entries = await history();
    expect(entries.map((h) => [h.previousValue, h.newValue])).toEqual([
      ["Hallo", "Hallo Welt"],
      [null, "Hallo"],
    ]);
    expect(await activity("translation.updated")).toHaveLength(1);
    const outbox = (await deliveries()).length;

    const again = await upsertTranslation(owner, projectId, keyId, "de", { value: "Hallo Welt" });
    expect(again.value).toBe("Hallo Welt");
    expect(await history()).toHaveLength(2);
    expect(await activity("translation.updated")).toHaveLength(1);
    expect(await deliveries()).toHaveLength(outbox);
  });

  it("a translator saves under their own name, but an approval they may not give writes nothing", async () => {
    const translator = await core.member(owner, "translator");
    await expect(upsertTranslation(translator, projectId, keyId, "de", { value: "Servus", status: "approved" })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    expect((await stored()).value).toBe("Hallo Welt");
    expect(await history()).toHaveLength(2);

    await upsertTranslation(translator, projectId, keyId, "de", { value: "Servus" });
    const [latest] = await history();
    expect(latest).toMatchObject({ previousValue: "Hallo Welt", newValue: "Servus", changedBy: translator.actor.userId });
    expect((await activity("translation.updated"))[0]).toMatchObject({ userId: translator.actor.userId });
  });

  it("another organization's owner finds no such project, and nothing is written", async () => {
    const stranger = await core.signUp("Stranger");
    await expect(upsertTranslation(stranger, projectId, keyId, "de", { value: "Fremd" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await stored()).value).toBe("Servus");
    expect(await history()).toHaveLength(3);
  });
});
