// What one process keeps between requests: the caches and clients that are not the database's.
// A CoreRuntime is made at each composition root (the api's createApp, the worker's main; a test
// makes its own) and reaches the services through the context (`ctx.runtime`), so no module holds
// process state: two runtimes in one process share nothing, and a test builds an isolated one.
// What must hold across processes stays in the database (ARCHITECTURE.md, "Process state").
import type { Database } from "@locale/db";
import { CallGates } from "../ai/org-call-slots";
import { ProviderClients } from "../ai/provider-client";
import { OidcClients } from "../auth/oidc/oidc-client";
import { GlossaryMatchers } from "../glossary/check-glossary";
import { ImportGates } from "../import-export/import-gate";
import { KeyOrderCaches } from "../keys/key-order-cache";
import { DeliveryChanges } from "../releases/delivery-changes";
import { S3Clients } from "../screenshots/s3-store";
import { LevenshteinProbe } from "../tm/levenshtein-probe";
import { TmEngines } from "../tm/tm-engine-copies";

export interface CoreRuntime {
  /** The native TM engine's in-process copies of large language pairs, per database (tm-engine-copies.ts). */
  readonly tmEngines: TmEngines;
  /** Whether each database has levenshtein_less_equal (the TM's database search). */
  readonly levenshtein: LevenshteinProbe;
  /** The (namespace, key) order of large projects, per database (key-order-cache.ts). */
  readonly keyOrders: KeyOrderCaches;
  /** The local queue in front of the organizations' AI call slots (org-call-slots.ts). */
  readonly callGates: CallGates;
  /** The AI providers' SDK clients (provider-client.ts). */
  readonly providerClients: ProviderClients;
  /** The OpenID Connect providers' discovered configurations (oidc-client.ts). */
  readonly oidcClients: OidcClients;
  /** Compiled glossary matchers (check-glossary.ts). */
  readonly glossaryMatchers: GlossaryMatchers;
  /** The embedded PGlite's import queue, per database (import-gate.ts). */
  readonly importGates: ImportGates;
  /** S3 clients of the screenshot storage, per configuration (s3-store.ts). */
  readonly s3Clients: S3Clients;
  /** Delivery changes this process committed, heard before their NOTIFY (delivery-changes.ts). */
  readonly deliveryChanges: DeliveryChanges;
}

/** What the services that use a runtime's caches take: the database and the runtime (a context has both). */
export interface RuntimeDeps {
  db: Database;
  runtime: CoreRuntime;
}

/** A fresh runtime: empty caches, no clients yet (each is made on first use). */
export function createCoreRuntime(): CoreRuntime {
  return {
    tmEngines: new TmEngines(),
    levenshtein: new LevenshteinProbe(),
    keyOrders: new KeyOrderCaches(),
    callGates: new CallGates(),
    providerClients: new ProviderClients(),
    oidcClients: new OidcClients(),
    glossaryMatchers: new GlossaryMatchers(),
    importGates: new ImportGates(),
    s3Clients: new S3Clients(),
    deliveryChanges: new DeliveryChanges(),
  };
}
