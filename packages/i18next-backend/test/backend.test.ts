// The backend inside i18next (Node) against a real server: a release's strings through i18next's
// own t() in both JSON formats, namespaces cut from the one file, i18next placeholders, a new
// release after reloadResources, the bundled strings under a release that lacks a key, the kept
// copy then the bundle when the service cannot be reached, and a request that hangs.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createInstance, type i18n } from "i18next";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedProject } from "../../../apps/api/test/helpers/fake-ai-providers";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../../../apps/api/test/helpers/test-server";
import { LocaleBackend, type LocaleBackendOptions } from "../src";

let server: TestServer;
let user: TestUser;
let projectId: string;
let keyIds: Record<string, string>;
let deliveryId: string;

const api = (method: string, path: string, body?: unknown) => server.request(method, `/api${path}`, { apiKey: user.apiKey, body });

async function i18nextWith(backend: LocaleBackendOptions, options: { ns?: string[]; lng?: string } = {}): Promise<i18n> {
  const instance = createInstance();
  await instance.use(LocaleBackend).init<LocaleBackendOptions>({
    lng: options.lng ?? "de",
    fallbackLng: false,
    ns: options.ns ?? ["translation"],
    backend,
  });
  return instance;
}

/** An address where nothing listens (a server that was there and stopped). */
async function deadAddress(): Promise<string> {
  const s = http.createServer();
  await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
  await new Promise((resolve) => s.close(resolve));
  return url;
}

beforeAll(async () => {
  server = await startTestServer();
  user = await signUpUser(server);
  ({ projectId, keyIds } = await seedProject(
    server,
    user,
    [
      { key: "greeting", source: "Hello, {name}!", targets: { de: "Hallo, {name}!" } },
      { key: "nav.home", source: "Home", targets: { de: "Startseite" } },
      { key: "save", namespace: "common", source: "Save", targets: { de: "Speichern" } },
    ],
    { targetLanguages: ["de"] },
  ));
  const release = await api("POST", `/projects/${projectId}/releases`, {
    statuses: ["translated"],
    format: "json-nested",
    placeholders: "i18next",
  });
  expect(release.status).toBe(201);
  deliveryId = (await api("GET", `/projects/${projectId}/delivery`)).body.deliveryId;
});

afterAll(async () => {
  await server?.close();
});

describe("@locale/i18next-backend", () => {
  it("serves a release through t(): nested keys, namespaces, i18next placeholders", async () => {
    const t = (await i18nextWith({ baseUrl: server.url, deliveryId }, { ns: ["translation", "common"] })).t;
    expect(t("greeting", { name: "Ada" })).toBe("Hallo, Ada!");
    expect(t("nav.home")).toBe("Startseite");
    expect(t("common:save")).toBe("Speichern");
    // The source language's file holds the source text (translated, not approved).
    const en = await i18nextWith({ baseUrl: server.url, deliveryId }, { lng: "en" });
    expect(en.t("greeting", { name: "Ada" })).toBe("Hello, Ada!");
  });

  it("reads a json-flat release the same way, from the whole delivery address", async () => {
    await api("PUT", `/projects/${projectId}/keys/${keyIds["nav.home"]!}/translations/de`, { value: "Start" });
    const flat = await api("POST", `/projects/${projectId}/releases`, { statuses: ["translated"], placeholders: "i18next" });
    expect(flat.body.format).toBe("json-flat");
    const { baseUrl } = (await api("GET", `/projects/${projectId}/delivery`)).body;
    const i18next = await i18nextWith({ baseUrl, version: flat.body.version }, { ns: ["translation", "common"] });
    expect(i18next.getResourceBundle("de", "translation")).toMatchObject({ nav: { home: "Start" } });
    expect(i18next.t("common:save")).toBe("Speichern");
  });

  it("shows a new release after reloadResources, revalidating with the ETag", async () => {
    const storage = new Map<string, string>();
    const options: LocaleBackendOptions = {
      baseUrl: server.url,
      deliveryId,
      storage: { get: (k) => storage.get(k), set: (k, v) => void storage.set(k, v) },
    };
    const i18next = await i18nextWith(options);
    const backend = i18next.services.backendConnector.backend as LocaleBackend;
    expect(backend.sources.get("de")).toBe("network");
    await i18next.reloadResources(["de"]);
    expect(backend.sources.get("de")).toBe("not-modified");

    await api("PUT", `/projects/${projectId}/keys/${keyIds.greeting!}/translations/de`, { value: "Guten Tag, {name}!" });
    await api("POST", `/projects/${projectId}/releases`, { statuses: ["translated"], format: "json-nested", placeholders: "i18next" });
    await i18next.reloadResources(["de"]);
    expect(backend.sources.get("de")).toBe("network");
    expect(i18next.t("greeting", { name: "Ada" })).toBe("Guten Tag, Ada!");
    expect(storage.size).toBe(1);
  });

  it("keeps the bundled string of a key the release lacks; offline, the kept copy and then the bundle", async () => {
    const bundled = {
      de: { translation: { greeting: "Gebündelt, {{name}}", onlyBundled: "Nur im Paket" } },
      fr: { translation: { greeting: "Salut {{name}}" } },
    };
    const storage = new Map<string, string>();
    const store = { get: (k: string) => storage.get(k), set: (k: string, v: string) => void storage.set(k, v) };
    const online = await i18nextWith({ baseUrl: server.url, deliveryId, bundled, storage: store });
    expect(online.t("greeting", { name: "Ada" })).toBe("Guten Tag, Ada!");
    expect(online.t("onlyBundled")).toBe("Nur im Paket");

    // The same storage at an address where nothing answers (the key names the delivery address,
    // so the kept copy is moved over as an application restart would find it).
    const dead = await deadAddress();
    for (const [k, v] of [...storage]) storage.set(k.replace(server.url, dead), v);
    const offline = await i18nextWith({ baseUrl: dead, deliveryId, bundled, storage: store });
    expect(offline.t("greeting", { name: "Ada" })).toBe("Guten Tag, Ada!");
    expect((offline.services.backendConnector.backend as LocaleBackend).sources.get("de")).toBe("cache");

    const fresh = await i18nextWith({ baseUrl: dead, deliveryId, bundled });
    expect(fresh.t("greeting", { name: "Ada" })).toBe("Gebündelt, Ada");
    expect((await i18nextWith({ baseUrl: dead, deliveryId, bundled }, { lng: "fr" })).t("greeting", { name: "Ada" })).toBe("Salut Ada");
    // Nothing anywhere: i18next gets an error (and shows the key).
    const nothing = await i18nextWith({ baseUrl: dead, deliveryId }, { lng: "it" });
    expect(nothing.t("greeting")).toBe("greeting");
  });

  it("a request that hangs counts as offline after timeoutMs", async () => {
    const sockets = new Set<import("node:net").Socket>();
    const hanging = http.createServer(() => {
      /* never answers */
    });
    hanging.on("connection", (s) => sockets.add(s));
    await new Promise<void>((resolve) => hanging.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;
      const i18next = await i18nextWith({
        baseUrl: url,
        deliveryId,
        timeoutMs: 300,
        bundled: { de: { translation: { greeting: "Gebündelt" } } },
      });
      expect(i18next.t("greeting")).toBe("Gebündelt");
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => hanging.close(resolve));
    }
  });
});
