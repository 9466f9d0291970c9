// `locale-cli screenshots push` through the built command (bin/locale-cli.js over dist/, as an
// installed CLI runs), against a real server: images with regions by key name and by id, several
// files with a regions map, and a refused image that stores nothing and fails the command.
import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testImage } from "../../../apps/api/test/helpers/test-images";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../../../apps/api/test/helpers/test-server";

const CLI = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../bin/locale-cli.js");
const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../dist/main.js");

let server: TestServer;
let user: TestUser;
let projectId: string;
let titleId: string;

function cli(args: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      { cwd, env: { PATH: process.env.PATH, API_URL: server.url, API_KEY: user.apiKey, PROJECT_ID: projectId }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

beforeAll(async () => {
  if (!existsSync(DIST) || !readFileSync(DIST, "utf8").includes("screenshots push")) {
    throw new Error("the CLI is not built with `screenshots`: run `pnpm --filter @locale/cli build` (or `pnpm build`)");
  }
  server = await startTestServer();
  user = await signUpUser(server);
  const project = await server.request("POST", "/api/projects", { apiKey: user.apiKey, body: { name: "Web", sourceLanguage: "en" } });
  projectId = project.body._id;
  titleId = (await server.request("POST", `/api/projects/${projectId}/keys`, { apiKey: user.apiKey, body: { key: "title" } })).body._id;
  await server.request("POST", `/api/projects/${projectId}/keys`, { apiKey: user.apiKey, body: { key: "save", namespace: "buttons" } });
});
afterAll(async () => {
  await server?.close();
});

const shots = async () =>
  (await server.request("GET", `/api/projects/${projectId}/screenshots`, { apiKey: user.apiKey })).body as {
    name: string;
    width: number;
    regions: { keyId: string; x: number }[];
  }[];

describe("locale-cli screenshots push", () => {
  it("uploads an image with regions named by key (and namespace) or by id", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "locale-shots-"));
    await writeFile(path.join(dir, "home.png"), await testImage("png", 400, 300));
    await writeFile(
      path.join(dir, "regions.json"),
      JSON.stringify([
        { key: "title", x: 10, y: 10, width: 200, height: 30 },
        { key: "save", namespace: "buttons", x: 300, y: 250, width: 80, height: 30 },
        { keyId: titleId, x: 0, y: 0, width: 400, height: 300 },
      ]),
    );
    const res = await cli(["screenshots", "push", "home.png", "--regions", "regions.json"], dir);
    expect(res.stderr).toBe("");
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/^home\.png → [0-9a-f-]+: 400×300 image\/png, 3 regions\n$/);
    const [stored] = await shots();
    expect(stored).toMatchObject({ name: "home.png", width: 400 });
    expect(stored?.regions.filter((r) => r.keyId === titleId)).toHaveLength(2);
  });

  it("pushes several files with a regions map keyed by file name", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "locale-shots-"));
    await writeFile(path.join(dir, "a.jpg"), await testImage("jpeg", 100, 80));
    await writeFile(path.join(dir, "b.webp"), await testImage("webp", 120, 90));
    await writeFile(path.join(dir, "map.json"), JSON.stringify({ "a.jpg": [{ key: "title", x: 1, y: 1, width: 10, height: 10 }] }));
    const res = await cli(["screenshots", "push", "a.jpg", "b.webp", "--regions", "map.json"], dir);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain("a.jpg → ");
    expect(res.stdout).toContain("100×80 image/jpeg, 1 regions");
    expect(res.stdout).toContain("120×90 image/webp, 0 regions");
  });

  it("fails with the server's reason and stores nothing when a region is outside the image or a file is not an image", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "locale-shots-"));
    await writeFile(path.join(dir, "small.png"), await testImage("png", 50, 50));
    await writeFile(path.join(dir, "regions.json"), JSON.stringify([{ key: "title", x: 40, y: 40, width: 20, height: 20 }]));
    await writeFile(path.join(dir, "notes.png"), "plain text");
    const before = (await shots()).length;
    const outside = await cli(["screenshots", "push", "small.png", "--regions", "regions.json"], dir);
    expect(outside.code).toBe(1);
    expect(outside.stderr).toContain("400 Bad Request");
    expect(outside.stderr).toContain("is not inside the 50×50 image");
    const notImage = await cli(["screenshots", "push", "notes.png"], dir);
    expect(notImage.code).toBe(1);
    expect(notImage.stderr).toContain("415 Unsupported Media Type");
    const unknownKey = await cli(["screenshots", "push", "small.png", "--regions", "missing.json"], dir);
    expect(unknownKey.code).toBe(2);
    expect((await shots()).length).toBe(before);
    const usage = await cli(["screenshots", "upload", "small.png"], dir);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('expected "push <file>..."');
  });
});
