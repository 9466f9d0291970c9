// Imports on the embedded PGlite take turns (docs/imports-on-pglite.md). PGlite has one
// connection and runs one transaction at a time, and an import is one transaction: concurrent
// imports used to wait for it inside Prisma, where the ones that waited past its `maxWait`
// failed with a 500 ("Unable to start a transaction in the given time"). Here they wait in a
// queue instead, one running at a time with a short gap between two. The one running commits batch
// by batch (import-journal.ts), so every other request waits for a batch, never for a pile of imports. The queue is bounded, per organization and in all: past
// the bound an import is refused at once with 503 and `Retry-After`. PostgreSQL runs imports side
// by side (one connection each), so the gate lets them all through there.
import type { Database } from "@locale/db";
import { ServiceBusyError } from "../errors/service-busy";
import type { RuntimeDeps } from "../runtime/core-runtime";

/** Imports of one organization running or waiting: one tenant cannot fill the queue. */
export const IMPORTS_QUEUED_PER_ORGANIZATION = 4;
/** Imports running or waiting in all. */
export const IMPORTS_QUEUED_IN_ALL = 16;
/**
 * The database is left to other requests this long between two imports. A request runs several
 * statements one after another (credentials, then its reads), and each queues anew for PGlite:
 * without a gap, every statement of one read waited for one more import (a read waited 69 s for
 * three 50,000-key imports).
 */
export const IMPORT_TURN_GAP_MS = 100;
/** What a refused import is told to wait. */
export const IMPORT_QUEUE_RETRY_AFTER_SECONDS = 10;

export interface Gate {
  running: boolean;
  waiting: (() => void)[];
  /** Imports running or waiting, by organization. */
  byOrganization: Map<string, number>;
  total: number;
}

/** The import queues of one process, per database (held by its CoreRuntime, never by this module). */
export class ImportGates {
  private readonly gates = new WeakMap<Database, Gate>();

  of(db: Database): Gate {
    let gate = this.gates.get(db);
    if (!gate) {
      gate = { running: false, waiting: [], byOrganization: new Map(), total: 0 };
      this.gates.set(db, gate);
    }
    return gate;
  }
}

/** Runs `work` (an import's transaction) when it is this import's turn on this database. */
export async function inImportTurn<T>(on: RuntimeDeps, organizationId: string, work: () => Promise<T>): Promise<T> {
  if (on.db.kind !== "pglite") return work();
  const gate = on.runtime.importGates.of(on.db);
  const mine = gate.byOrganization.get(organizationId) ?? 0;
  if (mine >= IMPORTS_QUEUED_PER_ORGANIZATION || gate.total >= IMPORTS_QUEUED_IN_ALL) {
    throw new ServiceBusyError(
      mine >= IMPORTS_QUEUED_PER_ORGANIZATION
        ? `This organization already has ${mine} imports running or waiting; retry when one has finished`
        : "Too many imports are running or waiting; retry shortly",
      IMPORT_QUEUE_RETRY_AFTER_SECONDS,
    );
  }
  gate.byOrganization.set(organizationId, mine + 1);
  gate.total++;
  const g = gate;
  try {
    if (g.running) await new Promise<void>((resolve) => g.waiting.push(resolve));
    g.running = true;
    return await work();
  } finally {
    const left = (g.byOrganization.get(organizationId) ?? 1) - 1;
    if (left === 0) g.byOrganization.delete(organizationId);
    else g.byOrganization.set(organizationId, left);
    g.total--;
    const next = g.waiting.shift();
    if (next) setTimeout(next, IMPORT_TURN_GAP_MS);
    else g.running = false;
  }
}
