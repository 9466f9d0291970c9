// The packages as a user gets them: `pnpm pack` each publishable package (its prepack builds
// dist), `npm install` the tarballs (with i18next, the backend's peer) into a scratch project
// outside the workspace, type-check a consumer under NodeNext and Bundler resolution (each
// expected type error must hold, so types that silently became `any` fail), run it against a live
// server (the i18next backend reading a release), run the installed CLI bins, and bundle the SDK
// for a browser. Nothing is cached between runs: fresh tarballs, fresh install.
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { build } from "tsdown";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpUser, startTestServer, type TestServer, type TestUser } from "../../../apps/api/test/helpers/test-server";

const exec = promisify(execFile);
const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const PACKAGES = ["sdk", "cli", "formats", "i18next-backend"] as const;
const TYPESCRIPT_VERSION = JSON.parse(await readFile(path.join(ROOT, "package.json"), "utf8")).devDependencies.typescript as string;
const I18NEXT_VERSION = JSON.parse(await readFile(path.join(ROOT, "packages/i18next-backend/package.json"), "utf8")).devDependencies
  .i18next as string;

let work: string;
let scratch: string;
let installLog: string;
const tarballs: Record<string, string> = {};
let server: TestServer;
let user: TestUser;

interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** npm's complaint about this machine's own npm configuration, not about the packages. */
const MACHINE_NPM_CONFIG = /^npm warn Unknown (user|project|env) config/;

function withoutNpmConfig(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !name.toLowerCase().startsWith("npm_config_")));
}

async function run(file: string, args: string[], options: { cwd: string; env?: Record<string, string> }): Promise<RunResult> {
  try {
    const { stdout, stderr } = await exec(file, args, {
      cwd: options.cwd,
      // pnpm exports npm_config_* settings meant for itself; npm would warn about them.
      env: { ...withoutNpmConfig(process.env), ...options.env },
      maxBuffer: 32 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number | string; stdout?: string; stderr?: string };
    if (typeof e.code !== "number") throw error;
    return { code: e.code, stdout: e.stdout ?? "", stderr: e.stderr ?? "" };
  }
}

const CONSUMER = `import { ApiError, createClient, type Outputs } from "@locale/sdk";
import { importFromPath } from "@locale/sdk/node";
import { parse, serialize } from "@locale/formats";
import LocaleBackend, { type LocaleBackendOptions } from "@locale/i18next-backend";
import { createInstance } from "i18next";
import { writeFile } from "node:fs/promises";

const client = createClient({ baseUrl: process.env.API_URL!, apiKey: process.env.API_KEY! });
const project: Outputs["projects"]["create"] = await client.projects.create({ name: "Packaged", sourceLanguage: "en", targetLanguages: ["fr"] });
const key = await client.keys.create(project._id, { key: "greeting" });
// @ts-expect-error a key name is text, not a number
const wrong = () => client.keys.create(project._id, { key: 42 });
// @ts-expect-error outputs are typed: a project's name is not a number
const notANumber: number = project.name;
await client.translations.upsert(project._id, key._id, "en", { value: "Hello" });
await writeFile("fr.json", JSON.stringify({ greeting: "Bonjour" }));
const imported = await importFromPath(client, project._id, "fr.json", { language: "fr", format: "json-flat" });
const exported = await client.files.export(project._id, "fr", { format: "json-flat" });
const parsed = parse("json-flat", exported.text(), { language: "fr" });
const po = serialize("po", parsed.entries, { language: "fr" });
const missing = await client.projects.get("00000000-0000-0000-0000-000000000000").catch((e: unknown) => e);
// The i18next backend reads a release of the project from its public delivery address.
await client.releases.create(project._id, { statuses: ["translated"], format: "json-nested", placeholders: "i18next" });
const { baseUrl } = await client.releases.delivery(project._id);
const i18n = createInstance();
await i18n.use(LocaleBackend).init<LocaleBackendOptions>({
  lng: "fr",
  fallbackLng: false,
  backend: { baseUrl: baseUrl!, bundled: { fr: { translation: { farewell: "Au revoir" } } } },
});
// @ts-expect-error a version is a release number or "latest"
const pinned: LocaleBackendOptions = { baseUrl: baseUrl!, version: "newest" };
console.log(JSON.stringify({
  imported: imported.imported,
  keys: (await client.keys.list(project._id)).data.map((k) => k.key),
  entries: parsed.entries,
  poHasMsgstr: String(po).includes('msgstr "Bonjour"'),
  missing: missing instanceof ApiError ? missing.statusCode : String(missing),
  translated: [i18n.t("greeting"), i18n.t("farewell")],
  unused: typeof wrong + typeof notANumber + typeof pinned,
}));
`;

const TSCONFIG = (resolution: "NodeNext" | "Bundler") => ({
  compilerOptions: {
    target: "ES2022",
    module: resolution === "NodeNext" ? "NodeNext" : "ESNext",
    moduleResolution: resolution,
    strict: true,
    // The packages' own declarations are checked too (a broken .d.ts fails here).
    skipLibCheck: false,
    types: ["node"],
    lib: ["ES2023", "DOM"],
    outDir: "out",
    ...(resolution === "Bundler" ? { noEmit: true } : {}),
  },
  files: ["consumer.ts"],
});

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "locale-packaging-"));
  const packs = path.join(work, "packs");
  scratch = path.join(work, "consumer");
  await mkdir(scratch, { recursive: true });
  // pnpm pack runs each package's prepack (the build) and applies publishConfig.
  for (const name of PACKAGES) {
    const packed = await run("pnpm", ["pack", "--pack-destination", packs], { cwd: path.join(ROOT, "packages", name) });
    expect(packed.code, packed.stderr).toBe(0);
    const tarball = /\S+\.tgz/.exec(
      packed.stdout
        .split("\n")
        .reverse()
        .find((l) => l.endsWith(".tgz")) ?? "",
    )?.[0];
    expect(tarball, packed.stdout).toBeDefined();
    tarballs[name] = path.isAbsolute(tarball!) ? tarball! : path.join(packs, path.basename(tarball!));
  }
  await writeFile(path.join(scratch, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
  const installed = await run(
    "npm",
    [
      "install",
      "--no-audit",
      "--no-fund",
      ...PACKAGES.map((n) => tarballs[n]!),
      `i18next@${I18NEXT_VERSION}`,
      `typescript@${TYPESCRIPT_VERSION}`,
      "@types/node@20",
    ],
    { cwd: scratch },
  );
  expect(installed.code, installed.stderr).toBe(0);
  installLog = installed.stderr;
  server = await startTestServer();
  user = await signUpUser(server);
}, 300_000);

afterAll(async () => {
  await server?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe("published packages", () => {
  it("install from their tarballs without warnings, holding what exports and bin name", async () => {
    const warnings = installLog.split("\n").filter((l) => /npm warn/i.test(l) && !MACHINE_NPM_CONFIG.test(l));
    expect(warnings).toEqual([]);
    for (const name of PACKAGES) {
      const dir = path.join(scratch, "node_modules/@locale", name);
      const manifest = JSON.parse(await readFile(path.join(dir, "package.json"), "utf8"));
      expect(manifest.private, name).toBeUndefined();
      const targets: string[] = [...Object.values(manifest.bin ?? {})] as string[];
      for (const entry of Object.values(manifest.exports) as (string | Record<string, string>)[]) {
        targets.push(...(typeof entry === "string" ? [entry] : Object.values(entry)));
      }
      for (const target of targets) await expect(readFile(path.join(dir, target)), `${name}: ${target}`).resolves.toBeTruthy();
      // Nothing but the built output, the bin shim and the docs is published.
      const { stdout } = await run("tar", ["tzf", tarballs[name]!], { cwd: work });
      const outside = stdout.split("\n").filter((f) => f && !/^package\/(dist\/|bin\/|package\.json$|README\.md$)/.test(f));
      expect(outside, name).toEqual([]);
    }
    // The backend depends on the SDK's published version, not on the workspace.
    const backend = JSON.parse(await readFile(path.join(scratch, "node_modules/@locale/i18next-backend/package.json"), "utf8"));
    expect(backend.dependencies).toEqual({ "@locale/sdk": expect.stringMatching(/^\^\d+\.\d+\.\d+$/) });
    expect(backend.peerDependencies).toEqual({ i18next: ">=23" });
    const sdkTypes = await readFile(path.join(scratch, "node_modules/@locale/sdk/dist/index.d.ts"), "utf8");
    expect(sdkTypes).not.toMatch(/@locale\/api|@trpc\/server/);
  });

  it("type-checks a consumer under NodeNext and Bundler resolution, misuse included", async () => {
    await writeFile(path.join(scratch, "consumer.ts"), CONSUMER);
    const tsc = path.join(scratch, "node_modules/.bin/tsc");
    for (const resolution of ["NodeNext", "Bundler"] as const) {
      const config = path.join(scratch, `tsconfig.${resolution.toLowerCase()}.json`);
      await writeFile(config, JSON.stringify(TSCONFIG(resolution)));
      const checked = await run(tsc, ["-p", config], { cwd: scratch });
      expect(`${checked.stdout}${checked.stderr}`, resolution).toBe("");
      expect(checked.code, resolution).toBe(0);
    }
    // The same program with the expected error removed must fail: the check is not vacuous.
    await writeFile(path.join(scratch, "consumer.ts"), CONSUMER.replace("// @ts-expect-error a key name is text, not a number\n", ""));
    for (const resolution of ["NodeNext", "Bundler"] as const) {
      const broken = await run(tsc, ["-p", path.join(scratch, `tsconfig.${resolution.toLowerCase()}.json`), "--noEmit", "--skipLibCheck"], {
        cwd: scratch,
      });
      expect(broken.code, resolution).not.toBe(0);
      expect(broken.stdout, resolution).toMatch(/consumer\.ts\(\d+,\d+\): error TS2322: Type 'number' is not assignable to type 'string'/);
    }
    await writeFile(path.join(scratch, "consumer.ts"), CONSUMER);
  });

  it("runs the consumer in plain Node ESM against a live server", async () => {
    const ran = await run(process.execPath, ["out/consumer.js"], { cwd: scratch, env: { API_URL: server.url, API_KEY: user.apiKey } });
    expect(ran.stderr).toBe("");
    expect(ran.code).toBe(0);
    expect(JSON.parse(ran.stdout)).toEqual({
      imported: 1,
      keys: ["greeting"],
      entries: [{ key: "greeting", value: "Bonjour" }],
      poHasMsgstr: true,
      missing: 404,
      translated: ["Bonjour", "Au revoir"],
      unused: "functionstringobject",
    });
  });

  it("bundles the SDK for a browser without Node built-ins", async () => {
    await writeFile(
      path.join(scratch, "browser.js"),
      'import { createClient } from "@locale/sdk";\nglobalThis.client = createClient({ baseUrl: location.origin });\n',
    );
    const outDir = path.join(scratch, "bundle");
    await build({
      cwd: scratch,
      entry: { browser: path.join(scratch, "browser.js") },
      platform: "browser",
      format: "esm",
      outDir,
      dts: false,
      noExternal: () => true,
      config: false,
      logLevel: "silent",
    });
    const bundle = await readFile(path.join(outDir, "browser.js"), "utf8");
    expect(bundle).toContain("createParser");
    expect(bundle).not.toMatch(/from\s*["']node:|require\(["']|\bprocess\.env\b/);
  });

  it("runs the installed CLI: push, pull and status against the live server, with help and exit codes", async () => {
    const project = await server.request("POST", "/api/projects", {
      apiKey: user.apiKey,
      body: { name: "CLI", sourceLanguage: "en", targetLanguages: ["fr", "de"] },
    });
    expect(project.status).toBe(201);
    const dir = path.join(scratch, "app");
    await mkdir(path.join(dir, "locales"), { recursive: true });
    await writeFile(path.join(dir, "locales/en.json"), JSON.stringify({ app: { title: "My app", save: "Save" } }));
    await writeFile(path.join(dir, "locales/fr.json"), JSON.stringify({ app: { title: "Mon app", save: "Enregistrer" } }));
    const env = { API_URL: server.url, API_KEY: user.apiKey, PROJECT_ID: project.body._id as string };
    const bin = path.join(scratch, "node_modules/.bin/locale-cli");

    const help = await run(bin, ["push", "--help"], { cwd: dir });
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("Usage: locale-cli push [options]");

    const pushed = await run(bin, ["push", "--files", "locales/{language}.json"], { cwd: dir, env });
    expect(pushed).toEqual({
      code: 0,
      stdout: "locales/en.json → en: 2 imported, 0 skipped\nlocales/fr.json → fr: 2 imported, 0 skipped\n",
      stderr: "",
    });
    const pulled = await run(bin, ["pull", "--files", "out/{language}.json"], { cwd: dir, env });
    expect(pulled.code).toBe(0);
    expect(JSON.parse(await readFile(path.join(dir, "out/fr.json"), "utf8"))).toEqual({ app: { title: "Mon app", save: "Enregistrer" } });
    const status = await run(bin, ["status", "--min", "100"], { cwd: dir, env });
    expect(status.code).toBe(1);
    expect(status.stdout).toMatch(/^fr\s+\[#{20}\]\s+100\.0%/m);
    expect(status.stderr).toBe("de is at 0.0%, below --min 100%\n");
    // status --qa: the pushed values carry no issue; one stored error-level issue (as a recheck
    // after a settings change stores it) fails the gate.
    const clean = await run(bin, ["status", "--qa"], { cwd: dir, env });
    expect(clean.code, clean.stderr).toBe(0);
    expect(clean.stdout).toContain("No quality-check issues.");
    await server.db.prisma.translation.updateMany({
      where: { projectId: project.body._id as string, language: "fr", value: "Enregistrer" },
      data: { qaIssues: [{ check: "max_length", severity: "error", message: "Longer than the key's limit." }] },
    });
    const gated = await run(bin, ["status", "--qa"], { cwd: dir, env });
    expect(gated.code).toBe(1);
    expect(gated.stdout).toMatch(/^error\s+fr\s+app\.save\s+max_length: Longer than the key's limit\.$/m);
    expect(gated.stderr).toBe("1 error-level quality-check issue\n");
    // `npx <package>` finds the installed package's single bin.
    const viaNpx = await run("npx", ["--no-install", "@locale/cli", "status"], { cwd: dir, env });
    expect(viaNpx.code, viaNpx.stderr).toBe(0);
    expect(viaNpx.stdout).toContain("CLI: 2 keys");
    const usage = await run(bin, ["push", "--bogus"], { cwd: dir, env });
    expect(usage.code).toBe(2);
  });

  it("runs the CLI README's CI example as pasted", async () => {
    const readme = await readFile(path.join(ROOT, "packages/cli/README.md"), "utf8");
    const section = readme.slice(readme.indexOf("## In CI"));
    const script = /```sh\n([\s\S]*?)```/.exec(section)?.[1];
    expect(script).toContain("export API_URL=");
    const project = await server.request("POST", "/api/projects", {
      apiKey: user.apiKey,
      body: { name: "CI", sourceLanguage: "en", targetLanguages: ["fr"] },
    });
    const dir = path.join(scratch, "ci");
    await mkdir(path.join(dir, "locales"), { recursive: true });
    await writeFile(path.join(dir, "locales/en.json"), JSON.stringify({ title: "Title" }));
    await writeFile(path.join(dir, "locales/fr.json"), JSON.stringify({ title: "Titre" }));
    const ran = await run("bash", ["-e", "-c", script!.replace("https://l10n.example.com", server.url)], {
      cwd: dir,
      env: { LOCALE_TOKEN: user.apiKey, LOCALE_PROJECT: project.body._id as string },
    });
    expect(ran.stderr.split("\n").filter((l) => l && !MACHINE_NPM_CONFIG.test(l))).toEqual([]);
    expect(ran.code).toBe(0);
    // Both commands saw the exported variables: the push reached the project, the status gate passed.
    expect(ran.stdout).toMatch(
      /^locales\/en\.json → en: 1 imported, 0 skipped\nlocales\/fr\.json → fr: 1 imported, 0 skipped\nCI: 1 keys\nfr\s+\[#{20}\]\s+100\.0%/,
    );
  });

  it("runs the installed formats library's bin", async () => {
    const input = path.join(scratch, "de.json");
    await writeFile(input, JSON.stringify({ greeting: "Hallo" }));
    const converted = await run(path.join(scratch, "node_modules/.bin/formats"), ["convert", input, "--to", "po", "--language", "de"], {
      cwd: scratch,
    });
    expect(converted.stderr).toBe("");
    expect(converted.code).toBe(0);
    expect(converted.stdout).toContain('msgid "greeting"\nmsgstr "Hallo"');
  });
});
