// A PostgreSQL cluster of the test's own, for what must never be done to the shared server:
// stopping and restarting it, filling its disk. initdb into a temporary directory as the
// `postgres` user (the server refuses to run as root), on a free port, with unix sockets in that
// directory too. With `dataTmpfsMb` the data directory is a tmpfs of that size (WAL stays on the
// ordinary disk, so a full data disk fails writes with SQLSTATE 53100 instead of stopping the
// server), which the test can fill.
import { execFile } from "node:child_process";
import { readdirSync } from "node:fs";
import { chown, mkdir, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort } from "./built-server";

const run = promisify(execFile);

export interface PrivatePostgres {
  /** postgres://… of the cluster's `locale` database. */
  url: string;
  port: number;
  /** The tmpfs the data directory lives on (with dataTmpfsMb). */
  dataMount: string | null;
  /** Runs SQL through psql as the superuser (outside the service's connections); the rows' text. */
  sql(query: string): Promise<string>;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the cluster and removes everything it made. */
  remove(): Promise<void>;
}

function binDir(): string {
  const versions = readdirSync("/usr/lib/postgresql")
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
  if (versions.length === 0) throw new Error("No PostgreSQL server binaries under /usr/lib/postgresql");
  return `/usr/lib/postgresql/${versions[0]}/bin`;
}

async function asPostgres(command: string, args: string[]): Promise<string> {
  const { stdout } = await run("runuser", ["-u", "postgres", "--", command, ...args], { timeout: 180_000 });
  return stdout;
}

export async function startPrivatePostgres(options: { dataTmpfsMb?: number } = {}): Promise<PrivatePostgres> {
  const bin = binDir();
  const root = await mkdtemp(path.join(os.tmpdir(), "locale-pg-"));
  const data = path.join(root, "data");
  const wal = path.join(root, "wal");
  let dataMount: string | null = null;
  if (options.dataTmpfsMb) {
    dataMount = path.join(root, "mnt");
    await mkdir(dataMount);
    await run("mount", ["-t", "tmpfs", "-o", `size=${options.dataTmpfsMb}m,mode=0700`, "tmpfs", dataMount]);
  }
  const dataDir = dataMount ? path.join(dataMount, "data") : data;
  const uid = Number((await run("id", ["-u", "postgres"])).stdout.trim());
  const gid = Number((await run("id", ["-g", "postgres"])).stdout.trim());
  for (const dir of [root, ...(dataMount ? [dataMount] : [])]) await chown(dir, uid, gid);
  const port = await freePort();
  const pgCtl = path.join(bin, "pg_ctl");
  const serverOptions = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=50`;
  const start = () =>
    asPostgres(pgCtl, ["-D", dataDir, "-l", path.join(root, "server.log"), "-o", serverOptions, "-w", "-t", "120", "start"]);
  const stop = (mode: string) => asPostgres(pgCtl, ["-D", dataDir, "-m", mode, "-w", "-t", "120", "stop"]);
  let removed = false;
  const remove = async () => {
    if (removed) return;
    removed = true;
    await stop("immediate").catch(() => {});
    if (dataMount) await run("umount", [dataMount]).catch(() => {});
    await rm(root, { recursive: true, force: true });
  };
  try {
    await asPostgres(path.join(bin, "initdb"), ["-D", dataDir, "-X", wal, "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8"]);
    await start();
    await asPostgres(path.join(bin, "createdb"), ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", "locale"]);
  } catch (error) {
    await remove();
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/locale`,
    port,
    dataMount,
    sql: (query) =>
      asPostgres(path.join(bin, "psql"), ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", "-d", "locale", "-Atq", "-c", query]),
    start: async () => void (await start()),
    stop: async () => void (await stop("fast")),
    remove,
  };
}
