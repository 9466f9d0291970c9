// Screenshots kept in S3-compatible object storage (SCREENSHOT_STORAGE=s3), against a local server
// speaking the S3 protocol: the image and thumbnail go to the bucket (not the database), are served
// back with their content types, are removed with the screenshot and with a project deleted for
// good (after the commit; a storage that does not answer never holds up the delete, the objects
// are retried later), and a refused upload or a storage outage leaves neither an object nor a row
// behind.

import { purgeExpiredProjects } from "@locale/core";
import { runObjectCleanup } from "@locale/core/screenshots";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/config";
import { coreConfigOf } from "../../../src/server";
import { waitUntil } from "../../helpers/fake-ai-providers";
import { type S3TestServer, startS3Server } from "../../helpers/s3-server";
import { testImage } from "../../helpers/test-images";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../../helpers/test-server";

let s3: S3TestServer;
let server: TestServer;
let owner: TestUser;
let projectId: string;
let keyId: string;

beforeAll(async () => {
  s3 = await startS3Server({ bucket: "shots", accessKeyId: "test-access" });
  server = await startTestServer({
    SCREENSHOT_STORAGE: "s3",
    S3_ENDPOINT: s3.url,
    S3_BUCKET: "shots",
    S3_REGION: "eu-central-1",
    S3_ACCESS_KEY_ID: "test-access",
    S3_SECRET_ACCESS_KEY: "test-secret",
    S3_PREFIX: "locale/",
  });
  owner = await signUpUser(server);
  projectId = (await server.request("POST", "/api/projects", { apiKey: owner.apiKey, body: { name: "Web", sourceLanguage: "en" } })).body
    ._id;
  keyId = (await server.request("POST", `/api/projects/${projectId}/keys`, { apiKey: owner.apiKey, body: { key: "title" } })).body._id;
});
afterAll(async () => {
  await server?.close();
  await s3?.close();
});

const upload = (body: Record<string, unknown>, project = projectId) =>
  server.request("POST", `/api/projects/${project}/screenshots`, { apiKey: owner.apiKey, body });

/** A new project with `count` screenshots in the bucket; returns its id. */
async function projectWithShots(count: number): Promise<string> {
  const created = await server.request("POST", "/api/projects", { apiKey: owner.apiKey, body: { name: "Gone", sourceLanguage: "en" } });
  const id = created.body._id as string;
  const png = await testImage("png", 120, 80);
  for (let i = 0; i < count; i++) expect((await upload({ name: `s${i}`, content: png.toString("base64") }, id)).status).toBe(201);
  expect(objectsOf(id)).toHaveLength(count * 2);
  return id;
}

const objectsOf = (project: string) => [...s3.objects.keys()].filter((k) => k.startsWith(`locale/${project}/`));
const queued = (project: string) =>
  server.db.prisma.screenshotObjectCleanup.findMany({ where: { storageKey: { startsWith: `${project}/` } } });

describe("SCREENSHOT_STORAGE=s3", () => {
  it("stores the image and its thumbnail as objects, serves them back and deletes them with the screenshot", async () => {
    const png = await testImage("png", 300, 200);
    const res = await upload({ name: "home", content: png.toString("base64"), regions: [{ keyId, x: 10, y: 10, width: 20, height: 10 }] });
    expect(res.status).toBe(201);
    const id = res.body._id;
    const imageKey = `locale/${projectId}/${id}`;
    expect([...s3.objects.keys()].sort()).toEqual([imageKey, `${imageKey}.thumb.webp`]);
    expect(s3.objects.get(imageKey)?.contentType).toBe("image/png");
    expect(await server.db.prisma.screenshotData.count()).toBe(0);

    const image = await fetch(`${server.url}/api/projects/${projectId}/screenshots/${id}/image`, {
      headers: { "x-api-key": owner.apiKey },
    });
    expect(image.headers.get("content-type")).toBe("image/png");
    const bytes = Buffer.from(await image.arrayBuffer());
    expect(bytes.equals(s3.objects.get(imageKey)!.body)).toBe(true);
    expect(await sharp(bytes).metadata()).toMatchObject({ width: 300, height: 200 });
    const thumb = await fetch(`${server.url}/api/projects/${projectId}/screenshots/${id}/thumbnail`, {
      headers: { "x-api-key": owner.apiKey },
    });
    expect(thumb.headers.get("content-type")).toBe("image/webp");

    expect((await server.request("DELETE", `/api/projects/${projectId}/screenshots/${id}`, { apiKey: owner.apiKey })).status).toBe(200);
    expect(s3.objects.size).toBe(0);
  });

  it("a refused upload writes no object; a storage outage answers 502 and stores nothing", async () => {
    const png = await testImage("png", 100, 100);
    const before = s3.requests.length;
    const outside = await upload({ name: "x", content: png.toString("base64"), regions: [{ keyId, x: 90, y: 90, width: 20, height: 20 }] });
    expect(outside.status).toBe(400);
    const notImage = await upload({ name: "x", content: Buffer.from("not an image").toString("base64") });
    expect(notImage.status).toBe(415);
    // Refused before the storage was contacted.
    expect(s3.requests.length).toBe(before);

    s3.failing = true;
    try {
      const away = await upload({ name: "x", content: png.toString("base64") });
      expect(away.status).toBe(502);
      expect(away.body).toMatchObject({ statusCode: 502, error: "Bad Gateway" });
    } finally {
      s3.failing = false;
    }
    expect(s3.objects.size).toBe(0);
    expect(await server.db.prisma.screenshot.count({ where: { projectId } })).toBe(0);
  });

  it("refuses to start with SCREENSHOT_STORAGE=s3 and no bucket or credentials, naming the settings", async () => {
    expect(() => loadConfig({ SCREENSHOT_STORAGE: "s3", S3_BUCKET: "b" })).toThrow(
      /S3_ACCESS_KEY_ID: required when SCREENSHOT_STORAGE=s3\n {2}S3_SECRET_ACCESS_KEY: required when SCREENSHOT_STORAGE=s3/,
    );
  });

  it("a project deleted for good takes its objects after the commit; other projects' stay", async () => {
    const kept = await upload({ name: "kept", content: (await testImage("png", 50, 50)).toString("base64") });
    expect(kept.status).toBe(201);
    const gone = await projectWithShots(3);
    const res = await server.request("DELETE", `/api/projects/${gone}/permanent`, { cookie: owner.cookie });
    expect(res.status, res.text).toBe(200);
    await waitUntil(async () => objectsOf(gone).length === 0 && (await queued(gone)).length === 0);
    expect(await server.db.prisma.screenshot.count({ where: { projectId: gone } })).toBe(0);
    expect(objectsOf(projectId)).toEqual(expect.arrayContaining([`locale/${projectId}/${kept.body._id}`]));
  });

  it("a storage that does not answer never holds up a delete: the objects stay queued and a later sweep deletes them", async () => {
    const gone = await projectWithShots(2);
    const single = await projectWithShots(1);
    const [shot] = (await server.request("GET", `/api/projects/${single}/screenshots`, { apiKey: owner.apiKey })).body;
    s3.failing = true;
    try {
      const res = await server.request("DELETE", `/api/projects/${gone}/permanent`, { cookie: owner.cookie });
      expect(res.status, res.text).toBe(200);
      const one = await server.request("DELETE", `/api/projects/${single}/screenshots/${shot._id}`, { apiKey: owner.apiKey });
      expect(one.status, one.text).toBe(200);
      // The attempt right after the commit failed: recorded on the rows, the objects still there.
      await waitUntil(async () => (await queued(gone)).every((r) => r.attempts === 1) && (await queued(gone)).length === 2, 60_000);
      expect(await queued(single)).toMatchObject([{ storageKey: `${single}/${shot._id}`, attempts: 1 }]);
      for (const row of [...(await queued(gone)), ...(await queued(single))]) {
        expect(row.lastError).toBeTruthy();
        expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
      }
      expect(objectsOf(gone)).toHaveLength(4);
      expect(objectsOf(single)).toHaveLength(2);
    } finally {
      s3.failing = false;
    }
    const ctx = { db: server.db, config: coreConfigOf(server.config), runtime: server.runtime };
    // Not due yet: a sweep now leaves them; once the retry delay has passed, it deletes them.
    expect(await runObjectCleanup(ctx)).toEqual({ deleted: 0, failed: 0 });
    const later = new Date(Date.now() + 2 * 60_000);
    expect(await runObjectCleanup(ctx, { now: later })).toEqual({ deleted: 3, failed: 0 });
    expect(objectsOf(gone)).toEqual([]);
    expect(objectsOf(single)).toEqual([]);
    expect(await queued(gone)).toEqual([]);
  });

  it("the retention purge of an archived project deletes its objects too", async () => {
    const old = await projectWithShots(1);
    await server.db.prisma.project.update({ where: { id: old }, data: { archived: true, archivedAt: new Date("2020-01-01T00:00:00Z") } });
    const ctx = { db: server.db, config: coreConfigOf(server.config), runtime: server.runtime };
    expect(await purgeExpiredProjects(ctx)).toBeGreaterThanOrEqual(1);
    await waitUntil(async () => objectsOf(old).length === 0 && (await queued(old)).length === 0);
  });
});
