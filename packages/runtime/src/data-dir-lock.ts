// One process at a time on an embedded (PGlite) data directory. PGlite has no server to arbitrate
// between processes: two of them on one directory each write their own view of the files and one
// loses its data. The lock is proper-lockfile's `<dir>.lock` directory (created atomically, its
// mtime kept fresh while the holder lives); `<dir>.lock.json` beside it names the holder and that
// lock directory's identity, so the refusal can say who holds it and a lock left by a process that
// died (kill -9) is taken over at once instead of after the staleness period.
import { mkdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import lockfile from "proper-lockfile";

export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
}

interface LockOwner {
  pid: number;
  host: string;
  startedAt: string;
  /** Identity of the lock directory this holder created (a later holder's is another one). */
  lockId: string;
}

export interface DataDirLock {
  lockPath: string;
  release(): Promise<void>;
}

// A holder that blocks its event loop longer than this (it cannot refresh the mtime) loses the lock.
const STALE_MS = 30_000;
const UPDATE_MS = 5_000;

const lockPathOf = (dataDir: string) => `${path.resolve(dataDir)}.lock`;
const ownerPathOf = (lockPath: string) => `${lockPath}.json`;

function lockIdOf(lockPath: string): string | null {
  try {
    const stat = statSync(lockPath, { bigint: true });
    return `${stat.dev}:${stat.ino}:${stat.birthtimeNs}`;
  } catch {
    return null;
  }
}

/** The holder of the current lock directory, if it has said who it is. */
function readOwner(lockPath: string): LockOwner | null {
  try {
    const owner = JSON.parse(readFileSync(ownerPathOf(lockPath), "utf8")) as LockOwner;
    return owner.lockId === lockIdOf(lockPath) ? owner : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The lock's holder died without releasing it: age the lock so proper-lockfile reclaims it. */
function ageDeadOwnersLock(lockPath: string): boolean {
  const owner = readOwner(lockPath);
  if (!owner || owner.host !== os.hostname() || isAlive(owner.pid)) return false;
  try {
    const past = new Date(Date.now() - 10 * STALE_MS);
    utimesSync(lockPath, past, past);
    return true;
  } catch {
    return false;
  }
}

/**
 * Takes the exclusive lock on `dataDir` (which need not exist yet) or throws DataDirLockedError
 * without touching anything. `onCompromised` runs if the lock is later lost (removed by hand, or
 * taken over after the holder stalled): the holder must stop writing.
 */
export async function lockDataDir(dataDir: string, onCompromised: (error: Error) => void): Promise<DataDirLock> {
  const lockPath = lockPathOf(dataDir);
  const options = {
    lockfilePath: lockPath,
    realpath: false,
    stale: STALE_MS,
    update: UPDATE_MS,
    retries: 0,
    onCompromised,
  };
  mkdirSync(path.dirname(lockPath), { recursive: true });
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(dataDir, options);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ELOCKED") throw error;
    if (!ageDeadOwnersLock(lockPath)) {
      const owner = readOwner(lockPath);
      const holder = owner ? ` by process ${owner.pid} on ${owner.host} since ${owner.startedAt}` : "";
      throw new DataDirLockedError(
        `The data directory ${path.resolve(dataDir)} is in use${holder} (lock ${lockPath}); stop that process or set DATA_DIR to another directory.`,
      );
    }
    release = await lockfile.lock(dataDir, options);
  }
  const owner: LockOwner = {
    pid: process.pid,
    host: os.hostname(),
    startedAt: new Date().toISOString(),
    lockId: lockIdOf(lockPath) ?? "",
  };
  writeFileSync(ownerPathOf(lockPath), JSON.stringify(owner));
  return {
    lockPath,
    async release() {
      rmSync(ownerPathOf(lockPath), { force: true });
      await release();
    },
  };
}
