// The `locale-cli` CLI end to end against a real server: push a directory of locale files, pull them
// back, status with --min, translate with a progress stream (AI batches, and --tm pre-translation with
// an MT engine speaking DeepL's wire format), leverage with rates, and CI exit codes (0/1/2).
import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeAiProviders, patchSettings, startFakeAiProviders } from "../../../apps/api/test/helpers/fake-ai-providers";
import { type FakeEngine, startFakeEngine } from "../../../apps/api/test/helpers/fake-mt-engines";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../../../apps/api/test/helpers/test-server";
import { addTmEntries } from "../../../apps/api/test/helpers/tm-entries";
import { runCli } from "../src/main";

let server: TestServer;
let fake: FakeAiProviders;
let user: TestUser;
let deepl: FakeEngine;

beforeAll(async () => {
  fake = await startFakeAiProviders();
  deepl = await startFakeEngine("deepl");
  server = await startTestServer(
    { OPENAI_BASE_URL: fake.openaiUrl, AI_RETRY_BASE_MS: "20", DEEPL_API_KEY: deepl.key, DEEPL_ENDPOINT: deepl.url },
    { worker: true },
  );
  user = await signUpUser(server);
  await patchSettings(server, user, { aiProviderKeys: { provider_b: "sk-test" }, aiProvider: "provider_b" });
});
afterAll(async () => {
  await server.close();
  await fake.close();
  await deepl.close();
});

async function cli(args: string[], options: { cwd: string; env?: Record<string, string | undefined>; tty?: boolean }) {
  let stdout = "";
  let stderr = "";
  const code = await runCli(args, {
    cwd: options.cwd,
    env: { API_URL: server.url, API_KEY: user.apiKey, ...(options.env ?? {}) },
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t), ...(options.tty ? { isTTY: true, columns: 100 } : {}) },
  });
  return { code, stdout, stderr };
}

async function createProject(targetLanguages: string[]) {
  const res = await server.request("POST", "/api/projects", {
    apiKey: user.apiKey,
    body: { name: "Mobile", sourceLanguage: "en", targetLanguages },
  });
  expect(res.status).toBe(201);
  return res.body._id as string;
}

const EN = { app: { title: "My app", greeting: "Hello {name}" }, settings: { save: "Save", cancel: "Cancel" } };
const FR = { app: { title: "Mon app", greeting: "Bonjour {name}" }, settings: { save: "Enregistrer" } };
const DE = { app: { title: "Meine App" } };

describe("push and pull", () => {
  it("pull --placeholders writes the platform's placeholders and names the keys it left out", async () => {
    const projectId = await createProject(["fr"]);
    const dir = await mkdtemp(path.join(tmpdir(), "locale-cli-"));
    await mkdir(path.join(dir, "locales"));
    await writeFile(path.join(dir, "locales/en.json"), JSON.stringify({ greeting: "Hello {name}", when: "On {day, date}" }));
    await writeFile(path.join(dir, ".localerc.json"), JSON.stringify({ projectId, files: "locales/{language}.json", format: "json-flat" }));
    expect((await cli(["push"], { cwd: dir })).code).toBe(0);
    const pulled = await cli(["pull", "--files", "out/{language}.json", "--languages", "en", "--placeholders", "i18next"], { cwd: dir });
    expect(pulled.code).toBe(0);
    expect(pulled.stderr).toContain("en: 1 keys left out (the format or placeholder style cannot express them): when");
    expect(JSON.parse(await readFile(path.join(dir, "out/en.json"), "utf8"))).toEqual({ greeting: "Hello {{name}}" });
    const bad = await cli(["pull", "--files", "out/{language}.json", "--placeholders", "swift"], { cwd: dir });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--placeholders must be one of icu, printf, python, android, ios, i18next, ruby, dotnet");
  });

  it("pushes a directory of locale files and pulls the same content back", async () => {
    const projectId = await createProject(["fr", "de"]);
    const dir = await mkdtemp(path.join(tmpdir(), "locale-cli-"));
    await mkdir(path.join(dir, "locales"));
    await writeFile(path.join(dir, "locales/en.json"), JSON.stringify(EN, null, 2));
    await writeFile(path.join(dir, "locales/fr.json"), JSON.stringify(FR, null, 2));
    await writeFile(path.join(dir, "locales/de.json"), JSON.stringify(DE, null, 2));
    await writeFile(path.join(dir, "locales/README.md"), "not a locale file");
    await writeFile(
      path.join(dir, ".localerc.json"),
      JSON.stringify({ projectId, files: "locales/{language}.json", format: "json-nested" }),
    );

    const pushed = await cli(["push"], { cwd: dir });
    expect(pushed.stderr).toBe("");
    expect(pushed.code).toBe(0);
    expect(pushed.stdout.split("\n")[0]).toBe("locales/en.json → en: 4 imported, 0 skipped");
    expect(pushed.stdout).toContain("locales/fr.json → fr: 3 imported, 0 skipped");
    expect(pushed.stdout).toContain("locales/de.json → de: 1 imported, 0 skipped");

    const pulled = await cli(["pull", "--files", "out/{language}/messages.json"], { cwd: dir });
    expect(pulled.code).toBe(0);
    expect(pulled.stdout).toContain("fr → out/fr/messages.json: 3 keys");
    for (const [language, content] of Object.entries({ en: EN, fr: FR, de: DE })) {
      expect(JSON.parse(await readFile(path.join(dir, `out/${language}/messages.json`), "utf8"))).toEqual(content);
    }

    const activity = await server.request("GET", `/api/projects/${projectId}/activity?action=import.completed`, { apiKey: user.apiKey });
    expect(activity.body.meta.total).toBe(3);
    for (const entry of activity.body.data) expect(entry.userId).toBe(user.userId);
  });

  it("reports status per language and fails --min below the bar", async () => {
    const projectId = await createProject(["fr", "de"]);
    const dir = await mkdtemp(path.join(tmpdir(), "locale-cli-"));
    await mkdir(path.join(dir, "locales"));
    await writeFile(path.join(dir, "locales/en.json"), JSON.stringify({ a: "A", b: "B" }));
    await writeFile(path.join(dir, "locales/fr.json"), JSON.stringify({ a: "A-fr" }));
    const env = { PROJECT_ID: projectId };
    expect((await cli(["push", "--files", "locales/{language}.json", "--format", "json-flat"], { cwd: dir, env })).code).toBe(0);

    const ok = await cli(["status"], { cwd: dir, env });
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/^fr\s+\[#{10}-{10}\]\s+50\.0%\s+1\/2 translated/m);
    expect(ok.stdout).toMatch(/^de\s+\[-{20}\]\s+0\.0%/m);

    const gate = await cli(["status", "--min", "50"], { cwd: dir, env });
    expect(gate.code).toBe(1);
    expect(gate.stderr).toBe("de is at 0.0%, below --min 50%\n");

    const json = await cli(["status", "--json", "--languages", "fr"], { cwd: dir, env });
    expect(JSON.parse(json.stdout)).toMatchObject({ totalKeys: 2, languages: [{ language: "fr", translated: 1, completionPercent: 50 }] });
  });
});

describe("status --qa", () => {
  it("lists the stored quality-check issues and fails only on an error-level one", async () => {
    const projectId = await createProject(["de"]);
    const dir = await mkdtemp(path.join(tmpdir(), "locale-cli-"));
    await mkdir(path.join(dir, "locales"));
    await writeFile(path.join(dir, "locales/en.json"), JSON.stringify({ cart: "You have 3 items.", save: "Save" }));
    await writeFile(path.join(dir, "locales/de.json"), JSON.stringify({ cart: "Du hast 4 Dinge.", save: "Speichern" }));
    const env = { PROJECT_ID: projectId };
    expect((await cli(["push", "--files", "locales/{language}.json", "--format", "json-flat"], { cwd: dir, env })).code).toBe(0);

    // Default severities: numbers warns, so the issue is listed and the gate passes.
    const warned = await cli(["status", "--qa"], { cwd: dir, env });
    expect(warned.code).toBe(0);
    expect(warned.stdout).toContain("Quality-check issues (2):");
    expect(warned.stdout).toMatch(/^warning\s+de\s+cart\s+numbers: The number 3 of the source is missing\.$/m);
    expect(warned.stderr).toBe("");

    // numbers becomes an error: the background recheck stores it as one, and the gate fails.
    const put = await server.request("PUT", `/api/projects/${projectId}/qa-settings`, {
      apiKey: user.apiKey,
      body: { checks: { numbers: "error" } },
    });
    expect(put.status).toBe(200);
    const generation = put.body.recheck.generation;
    for (let i = 0; ; i++) {
      const got = await server.request("GET", `/api/projects/${projectId}/qa-settings`, { apiKey: user.apiKey });
      if (got.body.recheck.generation === generation && got.body.recheck.status === "completed") break;
      if (i > 600) throw new Error("the recheck did not finish");
      await new Promise((r) => setTimeout(r, 50));
    }
    const failed = await cli(["status", "--qa"], { cwd: dir, env });
    expect(failed.code).toBe(1);
    expect(failed.stdout).toMatch(/^error\s+de\s+cart\s+numbers: The number 4 is not in the source\.$/m);
    expect(failed.stderr).toBe("2 error-level quality-check issues\n");
    const json = await cli(["status", "--qa", "--json"], { cwd: dir, env });
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout).qaIssues).toEqual([
      {
        language: "de",
        key: "cart",
        namespace: "",
        check: "numbers",
        severity: "error",
        message: "The number 3 of the source is missing.",
      },
      { language: "de", key: "cart", namespace: "", check: "numbers", severity: "error", message: "The number 4 is not in the source." },
    ]);

    // A push of a value failing the now error-level check: that entry is refused (the gate holds
    // on the import), listed, and --strict fails; the stored value stays.
    await writeFile(path.join(dir, "locales/de.json"), JSON.stringify({ cart: "Du hast 5 Dinge.", save: "Speichern" }));
    const refused = await cli(
      ["push", "--files", "locales/{language}.json", "--format", "json-flat", "--languages", "de", "--overwrite", "--strict"],
      {
        cwd: dir,
        env,
      },
    );
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain("locales/de.json → de: 0 imported");
    expect(refused.stderr).toContain("locales/de.json: cart: value: fails the quality check numbers");

    // Ignoring the check on that translation clears the gate; without --qa it never applied.
    const keys = await server.request("GET", `/api/projects/${projectId}/keys?search=cart`, { apiKey: user.apiKey });
    const ignored = await server.request(
      "PATCH",
      `/api/projects/${projectId}/keys/${keys.body.data[0]._id}/translations/de/qa-issues/numbers`,
      {
        apiKey: user.apiKey,
        body: { ignored: true },
      },
    );
    expect(ignored.status).toBe(200);
    const passed = await cli(["status", "--qa"], { cwd: dir, env });
    expect(passed.code).toBe(0);
    expect(passed.stdout).toContain("No quality-check issues.");
  });
});

describe("push problems and --strict", () => {
  it("prints every problem entry the import reports and fails only with --strict", async () => {
    const projectId = await createProject(["fr"]);
    const dir = await mkdtemp(path.join(tmpdir(), "locale-cli-"));
    await mkdir(path.join(dir, "locales"));
    await writeFile(path.join(dir, "locales/en.json"), JSON.stringify({ title: "Title", empty: null }));
    const env = { PROJECT_ID: projectId };
    const args = ["push", "--files", "locales/{language}.json", "--format", "json-flat"];

    const lenient = await cli(args, { cwd: dir, env });
    expect(lenient.code).toBe(0);
    expect(lenient.stdout).toBe("locales/en.json → en: 1 imported, 0 skipped, 1 with problems\n");
    expect(lenient.stderr).toBe('  locales/en.json: empty: "empty" has no text value and was skipped.\n');

    const strict = await cli([...args, "--strict"], { cwd: dir, env });
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain("1 entry was not imported as written (--strict)\n");
  });

  it("does not fail --strict for entries skipped because they are already there", async () => {
    const projectId = await createProject(["fr"]);
    const dir = await mkdtemp(path.join(tmpdir(), "locale-cli-"));
    await mkdir(path.join(dir, "locales"));
    await writeFile(path.join(dir, "locales/en.json"), JSON.stringify({ title: "Title" }));
    const args = ["push", "--files", "locales/{language}.json", "--strict"];
    expect((await cli(args, { cwd: dir, env: { PROJECT_ID: projectId } })).code).toBe(0);
    const again = await cli(args, { cwd: dir, env: { PROJECT_ID: projectId } });
    expect(again.stdout).toBe("locales/en.json → en: 0 imported, 1 skipped\n");
    expect(again.code).toBe(0);
  });

  it("reports a value that is not text (the JSON number 42) instead of importing it silently", async () => {
    const projectId = await createProject(["fr"]);
    const dir = await mkdtemp(path.join(tmpdir(), "locale-cli-"));
    await mkdir(path.join(dir, "locales"));
    await writeFile(path.join(dir, "locales/en.json"), JSON.stringify({ title: "Title", count: 42 }));
    const run = await cli(["push", "--files", "locales/{language}.json", "--strict"], { cwd: dir, env: { PROJECT_ID: projectId } });
    expect(run.stdout).toBe("locales/en.json → en: 2 imported, 0 skipped, 1 with problems\n");
    expect(run.stderr).toMatch(/^ {2}locales\/en\.json: count: .*42/m);
    expect(run.code).toBe(1);
  });
});

describe("terminal output", () => {
  it("draws a progress bar on a terminal and keeps CI logs free of it", async () => {
    const projectId = await createProject(["fr", "de"]);
    const dir = await mkdtemp(path.join(tmpdir(), "locale-cli-"));
    await mkdir(path.join(dir, "locales"));
    for (const language of ["en", "fr", "de"]) await writeFile(path.join(dir, `locales/${language}.json`), JSON.stringify({ a: language }));
    const args = ["push", "--files", "locales/{language}.json"];
    const tty = await cli(args, { cwd: dir, env: { PROJECT_ID: projectId }, tty: true });
    expect(tty.code).toBe(0);
    expect(tty.stderr).toContain("push [########################################] 3/3 locales/fr.json");
    expect(tty.stdout.split("\n")).toHaveLength(4);
    const ci = await cli(["pull", "--files", "out/{language}.json"], { cwd: dir, env: { PROJECT_ID: projectId } });
    expect(ci.code).toBe(0);
    expect(ci.stderr).toBe("");
  });
});

describe("help", () => {
  it("prints help per command and rejects another command's flags", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "locale-cli-"));
    const general = await cli(["--help"], { cwd: dir });
    expect(general.code).toBe(0);
    expect(general.stdout).toMatch(/^Usage: locale-cli <command> \[options\]/);
    for (const command of ["push", "pull", "status", "translate", "leverage"]) {
      const help = await cli([command, "--help"], { cwd: dir });
      expect(help.code).toBe(0);
      expect(help.stdout).toContain(`Usage: locale-cli ${command} [options]`);
      expect(help.stdout).toContain("Exit codes:");
      expect((await cli(["help", command], { cwd: dir })).stdout).toBe(help.stdout);
    }
    expect((await cli(["push", "--help"], { cwd: dir })).stdout).toContain("--strict");
    const wrong = await cli(["status", "--overwrite"], { cwd: dir });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain("Unknown option '--overwrite'");
  });
});

describe("translate", () => {
  it("runs AI batch jobs for every target language from the event stream", async () => {
    const projectId = await createProject(["fr", "de"]);
    const dir = await mkdtemp(path.join(tmpdir(), "locale-cli-"));
    await mkdir(path.join(dir, "locales"));
    await writeFile(path.join(dir, "locales/en.json"), JSON.stringify({ one: "One", two: "Two", three: "Three" }));
    const env = { PROJECT_ID: projectId };
    expect((await cli(["push", "--files", "locales/{language}.json", "--format", "json-flat"], { cwd: dir, env })).code).toBe(0);

    const run = await cli(["translate", "--limit", "2", "--all"], { cwd: dir, env });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      [
        "fr: 2 translated, 0 failed of 2 (done)",
        "fr: 1 translated, 0 failed of 1 (done)",
        "de: 2 translated, 0 failed of 2 (done)",
        "de: 1 translated, 0 failed of 1 (done)",
        "",
      ].join("\n"),
    );
    const again = await cli(["translate", "--target", "fr"], { cwd: dir, env });
    expect(again.stdout).toBe("fr: nothing to translate\n");
    const status = await cli(["status", "--min", "100"], { cwd: dir, env });
    expect(status.code).toBe(0);
  });
});

describe("translate --tm and leverage", () => {
  it("pre-translates from the TM (exact, then fuzzy from --fuzzy), the rest with --engine, after a leverage report with costs", async () => {
    const projectId = await createProject(["de"]);
    const dir = await mkdtemp(path.join(tmpdir(), "locale-cli-"));
    await mkdir(path.join(dir, "locales"));
    await writeFile(
      path.join(dir, "locales/en.json"),
      JSON.stringify({ save: "Save your changes", remove: "Delete this file permanently!", fresh: "A brand new sentence" }),
    );
    const env = { PROJECT_ID: projectId };
    expect((await cli(["push", "--files", "locales/{language}.json", "--format", "json-flat"], { cwd: dir, env })).code).toBe(0);
    await addTmEntries(server, user.orgId, [
      ["Save your changes", "Änderungen speichern"],
      ["Delete this file permanently", "Diese Datei endgültig löschen"],
    ]);

    const report = await cli(["leverage", "--rates", "none=0.1,100=0.02,95-99=0.04"], { cwd: dir, env });
    expect(report.stderr).toBe("");
    expect(report.code).toBe(0);
    expect(report.stdout.split("\n")[0]).toBe("de: 3 untranslated keys, 11 words, 66 characters, cost 0.62");
    expect(report.stdout).toMatch(/^ {2}100 %\s+1 keys\s+3 words\s+17 chars {2}0\.06$/m);
    expect(report.stdout).toMatch(/^ {2}95-99 %\s+1 keys\s+4 words\s+29 chars {2}0\.16$/m);
    expect(report.stdout).toMatch(/^ {2}no match\s+1 keys\s+4 words\s+20 chars {2}0\.4$/m);
    expect((await cli(["leverage", "--rates", "ten=1"], { cwd: dir, env })).code).toBe(2);

    expect((await cli(["translate", "--fuzzy", "85"], { cwd: dir, env })).code).toBe(2);
    const run = await cli(["translate", "--tm", "--fuzzy", "85", "--engine", "deepl"], { cwd: dir, env });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      "de: 3 filled (0 context, 1 exact, 1 fuzzy, 1 deepl), 0 left untranslated, 0 failed (0 refused by the quality gate) of 3 (done)\n",
    );
    expect(deepl.requests.map((r) => r.text)).toEqual(["A brand new sentence"]);
    const pulled = await cli(["pull", "--files", "out/{language}.json", "--format", "json-flat", "--languages", "de"], { cwd: dir, env });
    expect(pulled.code).toBe(0);
    const de = JSON.parse(await readFile(path.join(dir, "out/de.json"), "utf8"));
    expect(de.save).toBe("Änderungen speichern");
    expect(de.remove).toBe("Diese Datei endgültig löschen");
    expect(de.fresh).toContain("A brand new sentence");
    const again = await cli(["translate", "--tm"], { cwd: dir, env });
    expect(again.stdout).toBe("de: nothing to pre-translate\n");
  });
});

describe("exit codes", () => {
  it("answers 2 for usage errors and 1 for failed operations", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "locale-cli-"));
    expect((await cli([], { cwd: dir })).code).toBe(2);
    expect((await cli(["frobnicate"], { cwd: dir })).code).toBe(2);
    expect((await cli(["push", "--bogus"], { cwd: dir })).code).toBe(2);
    const noKey = await cli(["status", "--project", "x"], { cwd: dir, env: { API_KEY: undefined } });
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toContain("API key");
    const badFormat = await cli(["pull", "--project", "x", "--files", "l/{language}.txt", "--format", "docx"], { cwd: dir });
    expect(badFormat.code).toBe(2);

    const missing = await cli(["status", "--project", "00000000-0000-0000-0000-000000000000"], { cwd: dir });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe("locale-cli: 404 Not Found: Project not found\n");
    const badKey = await cli(["status", "--project", "x"], { cwd: dir, env: { API_KEY: "svc_revoked" } });
    expect(badKey.code).toBe(1);
    expect(badKey.stderr).toBe("locale-cli: 401 Unauthorized: Unauthorized\n");
  });
});

describe("release", () => {
  it("creates, lists and rolls back releases that the public delivery then serves", async () => {
    const projectId = await createProject(["fr"]);
    const dir = await mkdtemp(path.join(tmpdir(), "locale-cli-"));
    await mkdir(path.join(dir, "locales"));
    await writeFile(path.join(dir, "locales/en.json"), JSON.stringify({ greeting: "Hello {name}" }));
    await writeFile(path.join(dir, "locales/fr.json"), JSON.stringify({ greeting: "Bonjour {name}" }));
    await writeFile(path.join(dir, ".localerc.json"), JSON.stringify({ projectId, files: "locales/{language}.json", format: "json-flat" }));
    expect((await cli(["push"], { cwd: dir })).code).toBe(0);

    // Imported values are `translated`: the default (approved only) publishes no translation, and
    // the source text whatever its status.
    const first = await cli(["release", "create", "--note", "empty"], { cwd: dir });
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^Release 1 published \(json-flat, statuses approved\); latest → 1\n/);
    expect(first.stdout).toMatch(/fr\.json\s+0 keys/);
    expect(first.stdout).toMatch(/en\.json\s+1 keys/);
    const second = await cli(
      ["release", "create", "--statuses", "translated,approved", "--languages", "fr", "--placeholders", "i18next", "--json"],
      {
        cwd: dir,
      },
    );
    expect(second.code).toBe(0);
    const { release, delivery } = JSON.parse(second.stdout);
    expect(release).toMatchObject({ version: 2, languages: ["fr"], placeholders: "i18next" });
    const latest = await fetch(`${delivery.baseUrl}/latest/fr.json`);
    expect(await latest.json()).toEqual({ greeting: "Bonjour {{name}}" });

    const listed = await cli(["release", "list"], { cwd: dir });
    expect(listed.code).toBe(0);
    expect(listed.stdout.split("\n")[0]).toMatch(/^\*\s+2\s+\S+\s+json-flat\s+fr:1$/);
    expect(listed.stdout).toContain(`Delivery: ${delivery.baseUrl}/manifest.json`);

    const rolledBack = await cli(["release", "rollback", "1"], { cwd: dir });
    expect(rolledBack).toMatchObject({ code: 0, stdout: "latest → 1\n" });
    expect((await cli(["release", "rollback", "9"], { cwd: dir })).code).toBe(1);
    expect((await cli(["release", "rollback"], { cwd: dir })).code).toBe(2);
    expect((await cli(["release", "publish"], { cwd: dir })).code).toBe(2);
    expect((await cli(["release", "create", "--placeholders", "klingon"], { cwd: dir })).code).toBe(1);
    expect((await cli(["status", "extra"], { cwd: dir })).code).toBe(2);
  });
});
