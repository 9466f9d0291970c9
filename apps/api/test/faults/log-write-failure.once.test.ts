// A log that cannot be written never takes the service down: the compiled server with its
// stdout on a full disk (/dev/full answers every write with ENOSPC) starts, serves requests that
// log a line each, and stops cleanly on SIGTERM; the destination drops and counts what it
// cannot write instead of raising an error.
import { closeSync, mkdirSync, openSync, rmSync } from "node:fs";
import path from "node:path";
import { safeLogDestination } from "@locale/runtime";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { assertBuilt, freePort, REPO_ROOT, type ServerProcess, spawnServer, waitUntilAnswering } from "../helpers/built-server";

const WORK = path.join(REPO_ROOT, "test-output", "log-write-failure", `${process.pid}-${Date.now()}`);
const running: ServerProcess[] = [];

afterAll(async () => {
  for (const server of running) if (server.proc.exitCode === null) server.proc.kill("SIGKILL");
  rmSync(WORK, { recursive: true, force: true });
});

describe("stdout that cannot be written", () => {
  it("drops and counts the lines, never throws", () => {
    const full = openSync("/dev/full", "w");
    try {
      const destination = safeLogDestination(full);
      const logger = pino({ level: "info" }, destination);
      for (let i = 0; i < 50; i++) logger.info({ i }, "a line nobody can store");
      expect(destination.dropped).toBe(50);
    } finally {
      closeSync(full);
    }
  });

  it("keeps the server serving and lets it stop cleanly with stdout on a full disk", { timeout: 360_000 }, async () => {
    assertBuilt();
    mkdirSync(WORK, { recursive: true });
    const port = await freePort();
    const full = openSync("/dev/full", "w");
    let server: ServerProcess;
    try {
      server = spawnServer({
        cwd: WORK,
        env: { PORT: String(port), DATA_DIR: path.join(WORK, "data"), LOG_LEVEL: "info" },
        stdoutFd: full,
      });
    } finally {
      closeSync(full); // the child has its own copy
    }
    running.push(server);
    await waitUntilAnswering(server);

    // Each request logs a line (LOG_LEVEL=info), a 404 and an error body included.
    const signup = await fetch(`${server.url}/api/auth/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "full@example.com", password: "a long password", name: "Full" }),
    });
    expect(signup.status).toBe(201);
    const cookie = (signup.headers.get("set-cookie") ?? "").split(";")[0] as string;
    for (let i = 0; i < 20; i++) {
      const res = await fetch(`${server.url}/api/projects`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie },
        body: JSON.stringify({ name: `P${i}`, sourceLanguage: "en" }),
      });
      expect(res.status).toBe(201);
    }
    expect((await fetch(`${server.url}/api/nowhere`)).status).toBe(404);
    const list = await fetch(`${server.url}/api/projects`, { headers: { cookie } });
    expect(((await list.json()) as unknown[]).length).toBe(20);
    expect(server.proc.exitCode).toBeNull();

    server.proc.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(server.stderr()).toBe("");
  });
});
