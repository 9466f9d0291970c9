// Screenshots with key regions (docs/visual-context.md), black-box over HTTP: uploads by JSON and
// as the raw body, every refusal (with nothing stored), regions, image downloads with their content
// types, metadata stripping, tenant isolation and the GraphQL twin.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jpegWithExif, pngBomb, testImage } from "../../helpers/test-images";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../../helpers/test-server";

let server: TestServer;
let owner: TestUser;
let stranger: TestUser;
let projectId: string;
let otherProjectId: string;
let keyId: string;
let otherKeyId: string;
let foreignKeyId: string;
let png: Buffer;

const api = (path: string) => `/api/projects/${projectId}${path}`;

async function createKey(pid: string, key: string, apiKey = owner.apiKey): Promise<string> {
  const res = await server.request("POST", `/api/projects/${pid}/keys`, { apiKey, body: { key } });
  expect(res.status).toBe(201);
  return res.body._id;
}

async function getBytes(path: string, apiKey = owner.apiKey) {
  const res = await fetch(`${server.url}${path}`, { headers: { "x-api-key": apiKey } });
  return { status: res.status, type: res.headers.get("content-type"), bytes: Buffer.from(await res.arrayBuffer()) };
}

/** What a refusal must leave unchanged: the project's screenshots, their bytes and the activity log. */
async function storedState() {
  const [shots, data, activity] = await Promise.all([
    server.db.prisma.screenshot.count({ where: { projectId } }),
    server.db.prisma.screenshotData.count({ where: { screenshot: { projectId } } }),
    server.db.prisma.activity.count({ where: { projectId, action: { startsWith: "screenshot." } } }),
  ]);
  return { shots, data, activity };
}

const upload = (body: Record<string, unknown>, apiKey = owner.apiKey) => server.request("POST", api("/screenshots"), { apiKey, body });
const uploadRaw = (bytes: Uint8Array, name = "shot.png", headers: Record<string, string> = { "content-type": "image/png" }) =>
  server.request("POST", api(`/screenshots/file?name=${encodeURIComponent(name)}`), { apiKey: owner.apiKey, rawBody: bytes, headers });

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpUser(server, "Owner");
  stranger = await signUpUser(server, "Stranger");
  const project = await server.request("POST", "/api/projects", {
    apiKey: owner.apiKey,
    body: { name: "Web", sourceLanguage: "en", targetLanguages: ["de"] },
  });
  projectId = project.body._id;
  const other = await server.request("POST", "/api/projects", {
    apiKey: owner.apiKey,
    body: { name: "Other", sourceLanguage: "en", targetLanguages: ["de"] },
  });
  otherProjectId = other.body._id;
  keyId = await createKey(projectId, "home.title");
  otherKeyId = await createKey(projectId, "home.subtitle");
  foreignKeyId = await createKey(otherProjectId, "elsewhere");
  png = await testImage("png", 320, 200);
}, 60_000);

afterAll(async () => {
  await server.close();
});

describe("uploads", () => {
  it("stores a PNG with its regions; lists it by key; serves the image and a WebP thumbnail", async () => {
    const regions = [
      { keyId, x: 10, y: 10, width: 20, height: 10 },
      { keyId: otherKeyId, x: 0, y: 150, width: 320, height: 50 },
    ];
    const res = await upload({ name: "Home page", content: png.toString("base64"), regions });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: "Home page", contentType: "image/png", width: 320, height: 200, projectId });
    expect(res.body.thumbnail).toEqual({ width: 320, height: 200, contentType: "image/webp" });
    expect(res.body.regions.map((r: any) => ({ ...r, _id: undefined }))).toEqual(regions.map((r) => ({ ...r, _id: undefined })));

    const listed = await server.request("GET", api(`/screenshots?keyId=${keyId}`), { apiKey: owner.apiKey });
    expect(listed.status).toBe(200);
    expect(listed.body.map((s: any) => s._id)).toContain(res.body._id);
    const one = await server.request("GET", api(`/screenshots/${res.body._id}`), { apiKey: owner.apiKey });
    expect(one.body).toEqual(res.body);

    const image = await getBytes(api(`/screenshots/${res.body._id}/image`));
    expect(image.status).toBe(200);
    expect(image.type).toBe("image/png");
    const meta = await sharp(image.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 320, 200]);
    // The region's pixels are the red block of the original.
    const { data } = await sharp(image.bytes)
      .extract({ left: 15, top: 12, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([0xd0, 0, 0]);

    const thumb = await getBytes(api(`/screenshots/${res.body._id}/thumbnail`));
    expect(thumb.type).toBe("image/webp");
    expect((await sharp(thumb.bytes).metadata()).format).toBe("webp");
  });

  it("makes thumbnails at most 480 px a side, keeping the aspect ratio", async () => {
    const big = await testImage("png", 1920, 1080);
    const res = await uploadRaw(big, "wide.png");
    expect(res.status).toBe(201);
    expect(res.body.thumbnail).toMatchObject({ width: 480, height: 270 });
    const thumb = await getBytes(api(`/screenshots/${res.body._id}/thumbnail`));
    expect(await sharp(thumb.bytes).metadata()).toMatchObject({ width: 480, height: 270 });
  });

  it("takes JPEG and WebP as the raw body, whatever the name and content type say; strips EXIF and applies its orientation", async () => {
    const jpeg = await jpegWithExif(40, 20);
    expect((await sharp(jpeg).metadata()).exif?.toString("latin1")).toContain("SecretCam");
    const res = await uploadRaw(jpeg, "photo.png", { "content-type": "application/octet-stream" });
    expect(res.status).toBe(201);
    // Orientation 6 turns 40 × 20 into 20 × 40: regions are in the pixels every viewer shows.
    expect(res.body).toMatchObject({ contentType: "image/jpeg", width: 20, height: 40, name: "photo.png" });
    const image = await getBytes(api(`/screenshots/${res.body._id}/image`));
    expect(image.type).toBe("image/jpeg");
    const meta = await sharp(image.bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(image.bytes.toString("latin1")).not.toContain("SecretCam");

    const webp = await testImage("webp", 64, 48);
    const w = await uploadRaw(webp, "shot.webp", { "content-type": "image/webp" });
    expect(w.status).toBe(201);
    expect(w.body).toMatchObject({ contentType: "image/webp", width: 64, height: 48 });
    expect((await getBytes(api(`/screenshots/${w.body._id}/image`))).type).toBe("image/webp");
  });
});

describe("refusals store nothing", () => {
  async function refused(send: () => Promise<{ status: number; body: any }>, status: number, code?: string) {
    const before = await storedState();
    const res = await send();
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body.statusCode).toBe(status);
    if (code) expect(res.body.issues.map((i: any) => i.code)).toContain(code);
    expect(await storedState()).toEqual(before);
    return res.body;
  }

  it("not an image: 415, also when named and typed as a PNG", async () => {
    const text = Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/> definitely not a png");
    await refused(() => uploadRaw(text, "fake.png"), 415, "screenshot.format");
    await refused(() => upload({ name: "fake.png", content: text.toString("base64") }), 415, "screenshot.format");
    // GIF and SVG are images, but not screenshots this service takes.
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#000" } })
      .gif()
      .toBuffer();
    await refused(() => uploadRaw(gif, "anim.gif", { "content-type": "image/gif" }), 415, "screenshot.format");
  });

  it("a truncated image: 400", async () => {
    const cut = png.subarray(0, Math.floor(png.length / 2));
    await refused(() => uploadRaw(cut, "cut.png"), 400, "screenshot.corrupt");
  });

  it("10 MiB + 1 byte: 413 as the raw body and as base64", async () => {
    const over = Buffer.alloc(10 * 1024 * 1024 + 1);
    png.copy(over);
    const raw = await refused(() => uploadRaw(over, "big.png"), 413);
    expect(raw.error).toBe("Payload Too Large");
    await refused(() => upload({ name: "big.png", content: over.toString("base64") }), 413);
    // Exactly the limit passes the size check (libvips ignores what follows the PNG's end).
    const exact = await uploadRaw(over.subarray(0, 10 * 1024 * 1024), "exact.png");
    expect(exact.status).toBe(201);
    expect(exact.body.byteSize).toBeLessThan(10_000);
  }, 60_000);

  it("a decompression bomb (20,000 × 20,000 pixels in 50 KB): 422 before decoding", async () => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(100_000);
    const body = await refused(() => uploadRaw(bomb, "bomb.png"), 422, "screenshot.pixels");
    expect(body.message).toContain("20000×20000");
  });

  it("a region outside the image or on another project's key: 400 naming the region", async () => {
    const content = png.toString("base64");
    const outside = await refused(
      () => upload({ name: "x", content, regions: [{ keyId, x: 300, y: 10, width: 21, height: 10 }] }),
      400,
      "screenshot.regionOutside",
    );
    expect(outside.issues[0].path).toBe("regions.0");
    const foreign = await refused(
      () =>
        upload({
          name: "x",
          content,
          regions: [
            { keyId, x: 0, y: 0, width: 1, height: 1 },
            { keyId: foreignKeyId, x: 0, y: 0, width: 1, height: 1 },
          ],
        }),
      400,
      "screenshot.unknownKey",
    );
    expect(foreign.issues[0].path).toBe("regions.1.keyId");
    await refused(() => upload({ name: "x", content, regions: [{ keyId, x: -1, y: 0, width: 1, height: 1 }] }), 400);
    await refused(() => upload({ name: "x", content, regions: [{ keyId, x: 0, y: 0, width: 0, height: 1 }] }), 400);
  });

  it("an archived project: 409", async () => {
    const p = await server.request("POST", "/api/projects", { apiKey: owner.apiKey, body: { name: "Old", sourceLanguage: "en" } });
    expect((await server.request("DELETE", `/api/projects/${p.body._id}`, { apiKey: owner.apiKey })).status).toBe(200);
    const res = await server.request("POST", `/api/projects/${p.body._id}/screenshots`, {
      apiKey: owner.apiKey,
      body: { name: "x", content: png.toString("base64") },
    });
    expect(res.status).toBe(409);
  });
});

describe("regions", () => {
  it("PUT replaces them all; an invalid list changes nothing; activity records each write", async () => {
    const created = await upload({
      name: "Regions",
      content: png.toString("base64"),
      regions: [{ keyId, x: 1, y: 1, width: 5, height: 5 }],
    });
    const id = created.body._id;
    const put = (regions: unknown) => server.request("PUT", api(`/screenshots/${id}/regions`), { apiKey: owner.apiKey, body: { regions } });
    const next = [
      { keyId: otherKeyId, x: 100, y: 100, width: 50, height: 20 },
      { keyId, x: 0, y: 0, width: 320, height: 200 },
    ];
    const res = await put(next);
    expect(res.status).toBe(200);
    expect(res.body.regions.map((r: any) => r.keyId)).toEqual([keyId, otherKeyId]);
    const bad = await put([
      { keyId, x: 0, y: 0, width: 10, height: 10 },
      { keyId: foreignKeyId, x: 0, y: 0, width: 10, height: 10 },
    ]);
    expect(bad.status).toBe(400);
    const after = await server.request("GET", api(`/screenshots/${id}`), { apiKey: owner.apiKey });
    expect(after.body.regions).toEqual(res.body.regions);
    // A key of the screenshot no longer shows it once its region is gone.
    expect((await put([])).body.regions).toEqual([]);
    const byKey = await server.request("GET", api(`/screenshots?keyId=${keyId}`), { apiKey: owner.apiKey });
    expect(byKey.body.map((s: any) => s._id)).not.toContain(id);

    const activity = await server.request("GET", api(`/activity?limit=200`), { apiKey: owner.apiKey });
    const actions = activity.body.data.filter((a: any) => a.targetId === id).map((a: any) => a.action);
    expect(actions.sort()).toEqual(["screenshot.regions_updated", "screenshot.regions_updated", "screenshot.uploaded"]);
  });

  it("deleting a key removes its regions; deleting a screenshot removes its bytes", async () => {
    const temp = await createKey(projectId, "temp.key");
    const created = await upload({
      name: "Del",
      content: png.toString("base64"),
      regions: [{ keyId: temp, x: 1, y: 1, width: 5, height: 5 }],
    });
    expect((await server.request("DELETE", `/api/projects/${projectId}/keys/${temp}`, { apiKey: owner.apiKey })).status).toBe(200);
    expect((await server.request("GET", api(`/screenshots/${created.body._id}`), { apiKey: owner.apiKey })).body.regions).toEqual([]);
    const del = await server.request("DELETE", api(`/screenshots/${created.body._id}`), { apiKey: owner.apiKey });
    expect(del.body).toEqual({ success: true });
    expect(await server.db.prisma.screenshotData.count({ where: { screenshotId: created.body._id } })).toBe(0);
    expect((await getBytes(api(`/screenshots/${created.body._id}/image`))).status).toBe(404);
  });
});

describe("tenant isolation", () => {
  it("another organization sees none of it: 404 on every screenshot route, its keys are not ours", async () => {
    const created = await upload({ name: "Private", content: png.toString("base64") });
    const id = created.body._id;
    const as = { apiKey: stranger.apiKey };
    expect((await server.request("GET", api("/screenshots"), as)).status).toBe(404);
    expect((await server.request("GET", api(`/screenshots/${id}`), as)).status).toBe(404);
    for (const variant of ["image", "thumbnail"])
      expect((await getBytes(api(`/screenshots/${id}/${variant}`), stranger.apiKey)).status).toBe(404);
    expect((await server.request("PUT", api(`/screenshots/${id}/regions`), { ...as, body: { regions: [] } })).status).toBe(404);
    expect((await server.request("DELETE", api(`/screenshots/${id}`), as)).status).toBe(404);
    expect(
      (await server.request("POST", api("/screenshots"), { ...as, body: { name: "x", content: png.toString("base64") } })).status,
    ).toBe(404);

    // The stranger's own project and key: our screenshot is not reachable through them either.
    const theirs = await server.request("POST", "/api/projects", { ...as, body: { name: "Theirs", sourceLanguage: "en" } });
    const theirKey = await createKey(theirs.body._id, "k", stranger.apiKey);
    expect((await server.request("GET", `/api/projects/${theirs.body._id}/screenshots/${id}`, as)).status).toBe(404);
    expect((await getBytes(`/api/projects/${theirs.body._id}/screenshots/${id}/image`, stranger.apiKey)).status).toBe(404);
    // Our screenshot cannot be given a region on their key.
    const put = await server.request("PUT", api(`/screenshots/${id}/regions`), {
      apiKey: owner.apiKey,
      body: { regions: [{ keyId: theirKey, x: 0, y: 0, width: 1, height: 1 }] },
    });
    expect(put.status).toBe(400);
    expect(put.body.issues[0].code).toBe("screenshot.unknownKey");
    // Without credentials: 401.
    expect((await fetch(`${server.url}${api(`/screenshots/${id}/image`)}`)).status).toBe(401);
  });
});

describe("GraphQL twin", () => {
  const gql = (query: string, variables: Record<string, unknown>, apiKey = owner.apiKey) =>
    server.request("POST", "/graphql", { apiKey, body: { query, variables } });
  const FIELDS = "id name contentType width height thumbnailWidth thumbnailUrl imageUrl regions { keyId x y width height }";

  it("uploads, lists by key, replaces regions and deletes through the same services", async () => {
    const up = await gql(
      `mutation($p: ID!, $c: String!, $r: [ScreenshotRegionInput!]) { uploadScreenshot(projectId: $p, name: "gql", content: $c, regions: $r) { ${FIELDS} } }`,
      { p: projectId, c: png.toString("base64"), r: [{ keyId, x: 2, y: 2, width: 10, height: 10 }] },
    );
    expect(up.body.errors).toBeUndefined();
    const shot = up.body.data.uploadScreenshot;
    expect(shot).toMatchObject({ name: "gql", contentType: "image/png", width: 320, thumbnailWidth: 320 });
    expect(shot.imageUrl).toBe(`/api/projects/${projectId}/screenshots/${shot.id}/image`);
    expect((await getBytes(shot.thumbnailUrl)).type).toBe("image/webp");

    const listed = await gql(`query($p: ID!, $k: ID) { screenshots(projectId: $p, keyId: $k) { id } }`, { p: projectId, k: keyId });
    expect(listed.body.data.screenshots.map((s: any) => s.id)).toContain(shot.id);

    const outside = await gql(
      `mutation($p: ID!, $s: ID!, $r: [ScreenshotRegionInput!]!) { setScreenshotRegions(projectId: $p, screenshotId: $s, regions: $r) { id } }`,
      { p: projectId, s: shot.id, r: [{ keyId, x: 315, y: 0, width: 10, height: 10 }] },
    );
    expect(outside.body.errors[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", statusCode: 400 });
    const notImage = await gql(`mutation($p: ID!, $c: String!) { uploadScreenshot(projectId: $p, name: "x", content: $c) { id } }`, {
      p: projectId,
      c: Buffer.from("hello").toString("base64"),
    });
    expect(notImage.body.errors[0].extensions).toMatchObject({ statusCode: 415 });

    const foreign = await gql(`query($p: ID!) { screenshots(projectId: $p) { id } }`, { p: projectId }, stranger.apiKey);
    expect(foreign.body.errors[0].extensions).toMatchObject({ code: "NOT_FOUND" });

    const del = await gql(`mutation($p: ID!, $s: ID!) { deleteScreenshot(projectId: $p, screenshotId: $s) { success } }`, {
      p: projectId,
      s: shot.id,
    });
    expect(del.body.data.deleteScreenshot.success).toBe(true);
  });
});
