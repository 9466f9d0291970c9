// Two CoreRuntimes in one process over one database share no cache state: each is what one api or
// worker process keeps (runtime/core-runtime.ts), so a test (or a second embedded server) that makes
// its own runtime starts from empty caches and never sees another's. Each cache is exercised through
// the service that fills it, then read from both runtimes.
import { createTestDb, type Database } from "@locale/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OidcProviderConfig } from "../src/auth/oidc/oidc-providers";
import { DEFAULT_CORE_CONFIG, type ServiceContext } from "../src/context";
import { checkGlossary } from "../src/glossary/check-glossary";
import { inImportTurn } from "../src/import-export/import-gate";
import { KEY_ORDER_CACHE_MIN_KEYS, keyOrderRefresh, peekKeyOrder, readKeyStats, settleKeyOrder } from "../src/keys/key-order-cache";
import { type CoreRuntime, createCoreRuntime } from "../src/runtime/core-runtime";
import type { S3StorageConfig } from "../src/screenshots/screenshot-config";
import { configureTmEngine, DEFAULT_TM_ENGINE_SETTINGS, tmEngineCopies } from "../src/tm/tm-engine-copies";

let db: Database;
let a: CoreRuntime;
let b: CoreRuntime;
let organizationId: string;

const ctxOf = (runtime: CoreRuntime): ServiceContext => ({
  db,
  runtime,
  config: DEFAULT_CORE_CONFIG,
  actor: { userId: "u", userName: "U", organizationId, role: "owner", via: "session", scopes: null },
});

beforeAll(async () => {
  db = await createTestDb();
  a = createCoreRuntime();
  b = createCoreRuntime();
  const org = await db.prisma.organization.create({ data: { name: "Runtimes", slug: "runtimes" } });
  organizationId = org.id;
});
afterAll(async () => {
  for (const runtime of [a, b]) configureTmEngine({ db, runtime }, { ...DEFAULT_TM_ENGINE_SETTINGS, enabled: false });
  await db.close();
});

describe("two runtimes in one process", () => {
  it("are separate objects all the way down", () => {
    for (const name of Object.keys(a) as (keyof CoreRuntime)[]) expect(a[name], name).not.toBe(b[name]);
  });

  it("keep their own key orders", async () => {
    const project = await db.prisma.project.create({ data: { organizationId, name: "Many keys", sourceLanguage: "en" } });
    await db.query(
      `INSERT INTO "Key" (id, "projectId", key, "updatedAt") SELECT uuid_v7(), $1, 'key.' || lpad(n::text, 5, '0'), now() FROM generate_series(1, $2::int) AS n`,
      [project.id, KEY_ORDER_CACHE_MIN_KEYS],
    );
    const stats = await readKeyStats(db, project.id);
    expect(stats.keyCount).toBe(KEY_ORDER_CACHE_MIN_KEYS);
    settleKeyOrder({ db, runtime: a }, project.id, stats);
    await keyOrderRefresh({ db, runtime: a }, project.id);
    expect(peekKeyOrder({ db, runtime: a }, project.id)?.size).toBe(KEY_ORDER_CACHE_MIN_KEYS);
    expect(peekKeyOrder({ db, runtime: b }, project.id)).toBeNull();
    expect(keyOrderRefresh({ db, runtime: b }, project.id)).toBeNull();
  });

  it("keep their own local queues in front of the AI call slots", async () => {
    await a.callGates.enter(organizationId, 1, undefined);
    let waited = false;
    const second = a.callGates.enter(organizationId, 1, undefined).then(() => {
      waited = true;
    });
    // The other runtime's gate is empty: it lets its call through at once.
    await b.callGates.enter(organizationId, 1, undefined);
    expect(waited).toBe(false);
    b.callGates.leave(organizationId);
    expect(b.callGates.size).toBe(0);
    a.callGates.leave(organizationId); // hands over to the waiting call
    await second;
    expect(waited).toBe(true);
    a.callGates.leave(organizationId);
    expect(a.callGates.size).toBe(0);
  });

  it("keep their own provider clients", async () => {
    const credentials = { apiKey: "key", baseUrl: "http://127.0.0.1:1" };
    const fromA = await a.providerClients.clientFor("provider_b", credentials, 1000);
    expect(await a.providerClients.clientFor("provider_b", credentials, 1000)).toBe(fromA);
    expect(b.providerClients.size).toBe(0);
    const fromB = await b.providerClients.clientFor("provider_b", credentials, 1000);
    expect(fromB).not.toBe(fromA);
  });

  it("keep their own S3 clients", () => {
    const storage: S3StorageConfig = {
      kind: "s3",
      bucket: "shots",
      region: "us-east-1",
      endpoint: "http://127.0.0.1:1",
      forcePathStyle: true,
      accessKeyId: "id",
      secretAccessKey: "secret",
      prefix: "",
    };
    const fromA = a.s3Clients.of(storage);
    expect(a.s3Clients.of(storage)).toBe(fromA);
    expect(b.s3Clients.of(storage)).not.toBe(fromA);
  });

  it("keep their own OpenID Connect configurations", async () => {
    // Nothing listens on port 1: the discovery fails, and the failed configuration is dropped.
    const provider: OidcProviderConfig = {
      id: "idp",
      name: "IdP",
      issuer: "http://127.0.0.1:1",
      clientId: "c",
      clientSecret: "s",
      allowedDomains: [],
      linkByEmail: false,
    };
    const discovery = a.oidcClients.of(provider);
    expect(a.oidcClients.of(provider)).toBe(discovery);
    expect(a.oidcClients.size).toBe(1);
    expect(b.oidcClients.size).toBe(0);
    await expect(discovery).rejects.toBeDefined();
    expect(a.oidcClients.size).toBe(0);
  });

  it("keep their own compiled glossary matchers", async () => {
    const glossary = await db.prisma.glossary.create({ data: { organizationId, name: "Terms", sourceLanguage: "en" } });
    await db.prisma.glossaryTerm.create({ data: { glossaryId: glossary.id, organizationId, term: "Widget", termLower: "widget" } });
    const found = await checkGlossary(ctxOf(a), { orgId: "current", text: "A widget here" });
    expect(found.matches.map((m) => m.term)).toEqual(["Widget"]);
    expect(a.glossaryMatchers.entries.size).toBe(1);
    expect(b.glossaryMatchers.entries.size).toBe(0);
  });

  it("keep their own TM engine copies and settings", () => {
    const off = configureTmEngine({ db, runtime: a }, { ...DEFAULT_TM_ENGINE_SETTINGS, enabled: false });
    expect(off).toBeNull();
    expect(tmEngineCopies({ db, runtime: a })).toBeNull();
    // The other runtime still has the default settings (the engine on).
    const copies = tmEngineCopies({ db, runtime: b });
    expect(copies, "the native TM engine is built (packages/tm-engine)").not.toBeNull();
    expect(copies!.settings.enabled).toBe(true);
  });

  it("keep their own import queues on PGlite", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = inImportTurn({ db, runtime: a }, organizationId, () => held);
    // PGlite: the first runtime's next import waits its turn; the other runtime's queue is empty.
    // PostgreSQL: no queue at all, both run at once.
    let queuedRan = false;
    const queued = inImportTurn({ db, runtime: a }, organizationId, async () => {
      queuedRan = true;
    });
    expect(await inImportTurn({ db, runtime: b }, organizationId, async () => "ran")).toBe("ran");
    await new Promise((resolve) => setImmediate(resolve));
    expect(queuedRan).toBe(db.kind !== "pglite");
    release();
    await Promise.all([first, queued]);
    expect(queuedRan).toBe(true);
  });
});
