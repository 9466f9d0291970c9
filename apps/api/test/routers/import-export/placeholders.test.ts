// Placeholder styles over HTTP (docs/placeholders.md): `?placeholders=<style>` on export, positions
// numbered by the source value, values a style cannot express left out and listed
// (X-Export-Skipped, X-Export-Skipped-Keys, the export activity), and `placeholders: "icu"` on import.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../../helpers/test-server";

let server: TestServer;
let owner: TestUser;
let projectId: string;

async function importFile(language: string, format: string, content: string, extra: Record<string, unknown> = {}) {
  return server.request("POST", `/api/projects/${projectId}/import`, {
    apiKey: owner.apiKey,
    body: { language, format, content, ...extra },
  });
}

async function download(language: string, query: string) {
  const res = await fetch(`${server.url}/api/projects/${projectId}/export/${language}${query}`, { headers: { "x-api-key": owner.apiKey } });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text };
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpUser(server, "Paula Placeholder");
  const res = await server.request("POST", "/api/projects", {
    apiKey: owner.apiKey,
    body: { name: "Placeholders", sourceLanguage: "en", targetLanguages: ["de"] },
  });
  projectId = res.body._id as string;
  const en = {
    photos: "{name} sent {count, number, integer} photos",
    files: "{count, plural, one {# file} other {# files}}",
    when: "On {day, date, short}",
    done: "100% done",
  };
  const de = {
    photos: "{count, number, integer} Fotos von {name}",
    files: "{count, plural, one {# Datei} other {# Dateien}}",
    when: "Am {day, date, short}",
    done: "100% erledigt",
  };
  expect((await importFile("en", "json-flat", JSON.stringify(en))).status).toBe(200);
  expect((await importFile("de", "json-flat", JSON.stringify(de))).status).toBe(200);
});
afterAll(async () => {
  await server.close();
});

describe("export ?placeholders=<style>", () => {
  it("android: positions from the source value, % escaped, aapt2 accepts it; a date argument is left out and listed", async () => {
    const res = await download("de", "?format=android-xml&placeholders=android");
    expect(res.status).toBe(200);
    expect(res.text).toContain('<string name="photos">%2$d Fotos von %1$s</string>');
    expect(res.text).toContain('<item quantity="one">%d Datei</item>');
    expect(res.text).toContain('<string name="done">100%% erledigt</string>');
    expect(res.text).not.toContain("when");
    expect(res.headers.get("x-export-skipped")).toBe("1");
    expect(res.headers.get("x-export-skipped-keys")).toBe("when");
    expect(res.headers.get("x-total-keys")).toBe("3");
    const dir = mkdtempSync(join(tmpdir(), "aapt2-"));
    mkdirSync(join(dir, "res", "values"), { recursive: true });
    writeFileSync(join(dir, "res", "values", "strings.xml"), res.text);
    execFileSync("aapt2", ["compile", "--dir", join(dir, "res"), "-o", join(dir, "out.zip")], { stdio: ["ignore", "ignore", "pipe"] });

    const activity = await server.request("GET", `/api/projects/${projectId}/activity?limit=5`, { apiKey: owner.apiKey });
    const entry = (activity.body.data as Array<{ action: string; metadata: Record<string, unknown> }>).find(
      (a) => a.action === "export.completed",
    );
    expect(entry?.metadata).toMatchObject({ placeholders: "android", skippedCount: 1, skipped: [{ key: "when" }] });
  });

  it("ios and the streamed JSON formats: the same source serves every platform", async () => {
    const ios = await download("de", "?format=ios-strings&placeholders=ios");
    expect(ios.text).toContain('"photos" = "%2$lld Fotos von %1$@";');
    const i18next = await download("de", "?format=json-flat&placeholders=i18next");
    expect(JSON.parse(i18next.text)).toEqual({ done: "100% erledigt", photos: "{{count, integer}} Fotos von {{name}}" });
    expect(i18next.headers.get("x-export-skipped")).toBe("2");
    const ruby = await download("de", "?format=yaml&placeholders=ruby");
    expect(ruby.text).toContain('photos: "%<count>d Fotos von %{name}"');
    const icu = await download("de", "?format=json-flat");
    expect(JSON.parse(icu.text).photos).toBe("{count, number, integer} Fotos von {name}");
  });

  it("an unknown style is a 400 naming the parameter", async () => {
    const res = await download("de", "?format=json-flat&placeholders=swift");
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text).issues).toEqual([
      { path: "placeholders", message: expect.stringContaining("must be one of icu, printf, python, android, ios, i18next, ruby, dotnet") },
    ]);
  });
});

describe('import placeholders: "icu"', () => {
  it("rewrites Android placeholders as ICU arguments (plural count as #), keeps what ICU cannot hold and lists it", async () => {
    const xml = `<resources>
  <string name="android_photos">%1$s sent %2$d photos</string>
  <string name="android_hex">Colour %x</string>
  <plurals name="android_files"><item quantity="one">%d file</item><item quantity="other">%d files</item></plurals>
</resources>`;
    const res = await importFile("en", "android-xml", xml, { placeholders: "icu" });
    expect(res.status).toBe(200);
    expect(res.body.errors).toEqual([{ key: "android_hex", message: "Placeholders kept as written: %x has no ICU form" }]);
    const flat = JSON.parse((await download("en", "?format=json-flat")).text);
    expect(flat.android_photos).toBe("{0} sent {1, number, integer} photos");
    expect(flat.android_hex).toBe("Colour %x");
    expect(flat.android_files).toBe("{count, plural, one {# file} other {# files}}");
  });

  it("the raw-file import takes ?placeholders=icu; another value is a 400", async () => {
    const raw = await fetch(`${server.url}/api/projects/${projectId}/import/de?format=yaml&placeholders=icu`, {
      method: "POST",
      headers: { "x-api-key": owner.apiKey, "content-type": "application/x-yaml" },
      body: 'greeting: "Hallo %{name}, heute ist %A"\n',
    });
    expect(raw.status).toBe(200);
    expect(JSON.parse((await download("de", "?format=json-flat")).text).greeting).toBe("Hallo {name}, heute ist %A");
    const bad = await importFile("de", "json-flat", "{}", { placeholders: "android" });
    expect(bad.status).toBe(400);
  });
});
