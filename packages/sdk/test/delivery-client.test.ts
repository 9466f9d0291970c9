// The SDK's delivery client against a real server: it loads a release's strings without an API
// key, revalidates by ETag (304), follows a new release, and falls back to the copy it kept, then
// to the bundled strings, when the service cannot be reached.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedProject } from "../../../apps/api/test/helpers/fake-ai-providers";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../../../apps/api/test/helpers/test-server";
import { createClient, createDeliveryClient, type DeliveryStorage } from "../src";

let server: TestServer;
let user: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  user = await signUpUser(server);
});
afterAll(async () => {
  await server?.close();
});

describe("createDeliveryClient", () => {
  it("loads, revalidates, follows a new release, and falls back offline", async () => {
    const client = createClient({ baseUrl: server.url, apiKey: user.apiKey });
    const { projectId, keyIds } = await seedProject(server, user, [{ key: "title", source: "Welcome", targets: { de: "Willkommen" } }], {
      targetLanguages: ["de"],
    });
    await client.releases.create(projectId, { statuses: ["translated"] });
    const { baseUrl } = await client.releases.delivery(projectId);
    const saved = new Map<string, string>();
    const storage: DeliveryStorage = { get: (k) => saved.get(k), set: (k, v) => void saved.set(k, v) };
    const delivery = createDeliveryClient({ baseUrl: baseUrl!, storage, bundled: { de: { title: "Gebündelt" }, fr: { title: "Fourni" } } });

    expect(await delivery.load("de")).toEqual({ messages: { title: "Willkommen" }, source: "network" });
    expect(await delivery.load("de")).toEqual({ messages: { title: "Willkommen" }, source: "not-modified" });
    expect((await delivery.manifest()).latest).toBe(1);

    await client.translations.upsert(projectId, keyIds.title!, "de", { value: "Herzlich willkommen" });
    await client.releases.create(projectId, { statuses: ["translated"] });
    let loaded = await delivery.load("de");
    for (let i = 0; i < 100 && loaded.messages.title !== "Herzlich willkommen"; i++) {
      await new Promise((r) => setTimeout(r, 50));
      loaded = await delivery.load("de");
    }
    expect(loaded).toEqual({ messages: { title: "Herzlich willkommen" }, source: "network" });

    // Offline: a new client (an application restart) reads the kept copy from storage, then the bundle.
    const offline = createDeliveryClient({
      baseUrl: baseUrl!,
      storage,
      bundled: { de: { title: "Gebündelt" }, fr: { title: "Fourni" } },
      fetch: () => Promise.reject(new TypeError("fetch failed")),
    });
    expect(await offline.load("de")).toEqual({ messages: { title: "Herzlich willkommen" }, source: "cache" });
    expect(await offline.load("fr")).toEqual({ messages: { title: "Fourni" }, source: "bundled" });
    await expect(offline.load("it")).rejects.toThrow(/nothing is bundled/);
    // A rotated id (404) behaves like offline: the kept copy.
    await client.releases.rotateDeliveryId(projectId);
    const rotated = createDeliveryClient({ baseUrl: baseUrl!, storage });
    await new Promise((r) => setTimeout(r, 100));
    expect((await rotated.load("de")).source).toMatch(/cache|not-modified/);
  });

  it("treats storage as a cache (a full or refused one loses nothing) and a broken body as offline", async () => {
    const client = createClient({ baseUrl: server.url, apiKey: user.apiKey });
    const { projectId } = await seedProject(server, user, [{ key: "title", source: "Welcome", targets: { de: "Willkommen" } }], {
      targetLanguages: ["de"],
    });
    await client.releases.create(projectId, { statuses: ["translated"] });
    const { baseUrl } = await client.releases.delivery(projectId);
    const refusing: DeliveryStorage = {
      get: () => {
        throw new Error("SecurityError: storage is disabled");
      },
      set: () => {
        throw new Error("QuotaExceededError");
      },
    };
    const delivery = createDeliveryClient({ baseUrl: baseUrl!, storage: refusing });
    expect(await delivery.load("de")).toEqual({ messages: { title: "Willkommen" }, source: "network" });
    expect(await delivery.load("de")).toEqual({ messages: { title: "Willkommen" }, source: "not-modified" });

    // A 200 whose body is not the file (a captive portal's page): the bundled strings.
    const portal = http.createServer((_req, res) => res.end("<html>Sign in to the Wi-Fi</html>"));
    await new Promise<void>((resolve) => portal.listen(0, "127.0.0.1", resolve));
    try {
      const behindPortal = createDeliveryClient({
        baseUrl: `http://127.0.0.1:${(portal.address() as AddressInfo).port}/delivery/x`,
        bundled: { de: { title: "Gebündelt" } },
      });
      expect(await behindPortal.load("de")).toEqual({ messages: { title: "Gebündelt" }, source: "bundled" });
    } finally {
      await new Promise((resolve) => portal.close(resolve));
    }
  });
});
