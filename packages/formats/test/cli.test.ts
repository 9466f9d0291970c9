// The `formats` command, run in-process through main() (the bin is a two-line shim over the
// built dist/cli.js; the packaging test runs it from an installed tarball).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../src/cli.js";
import { parse } from "../src/index.js";
import { tempFile } from "./helpers.js";

function cli(args: string[]) {
  let stdout = "";
  let stderr = "";
  const status = main(args, {
    stdout: { write: (chunk: string | Uint8Array) => (stdout += typeof chunk === "string" ? chunk : new TextDecoder().decode(chunk)) },
    stderr: { write: (chunk: string) => (stderr += chunk) },
  });
  return { status, stdout, stderr };
}

describe("formats CLI", () => {
  it("converts a PO file to XLIFF 2.0", () => {
    const input = join(import.meta.dirname, "fixtures/parse/ru.po");
    const out = tempFile("ru.xlf", "");
    const res = cli(["convert", input, "--to", "xliff2", "--language", "ru", "--source-language", "en", "--out", out]);
    expect(res.status).toBe(0);
    const back = parse("xliff2", readFileSync(out, "utf8"));
    expect(back.metadata.sourceLanguage).toBe("en");
    expect(back.entries.find((e) => e.key === "Open")?.value).toBe("Открыть");
  });

  it("writes a monolingual XLIFF in --language, and says so, when no source language is known", () => {
    const input = tempFile("de.json", JSON.stringify({ greeting: "Hallo" }));
    const res = cli(["convert", input, "--to", "xliff", "--language", "de"]);
    expect(res.status).toBe(0);
    expect(res.stderr).toBe(
      "note: no source language given (--source-language) or named by the input; writing a monolingual xliff file whose source text is the de values\n",
    );
    expect(res.stdout).toContain('source-language="de"');
    expect(res.stdout).not.toContain("target-language");
    expect(parse("xliff", res.stdout).entries).toEqual([expect.objectContaining({ key: "greeting", value: "Hallo" })]);
  });

  it("keeps the source language an XLIFF input names", () => {
    const input = tempFile(
      "fr.xlf",
      '<?xml version="1.0"?><xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2"><file original="m" source-language="en" target-language="fr" datatype="plaintext"><body><trans-unit id="a"><source>Hi</source><target>Salut</target></trans-unit></body></file></xliff>',
    );
    const res = cli(["convert", input, "--to", "xliff2", "--language", "fr"]);
    expect(res.status).toBe(0);
    expect(res.stderr).toBe("");
    expect(res.stdout).toMatch(/srcLang="en" trgLang="fr"/);
  });

  it("fails with a readable message on a broken or missing file", () => {
    const input = tempFile("broken.json", '{"a": ');
    const res = cli(["convert", input, "--to", "po", "--language", "de"]);
    expect(res.status).toBe(1);
    expect(res.stderr).toMatch(/not valid JSON/);
    const missing = cli(["convert", "/nonexistent/de.json", "--to", "po", "--language", "de"]);
    expect(missing).toEqual({ status: 1, stdout: "", stderr: "/nonexistent/de.json: cannot read the file (ENOENT)\n" });
  });

  it("answers usage errors with exit code 2 and no stack trace", () => {
    expect(cli([]).status).toBe(2);
    const unknown = cli(["convert", "x.json", "--bogus"]);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/^formats: Unknown option '--bogus'/);
    expect(cli(["convert", "x.json", "--to", "docx", "--language", "de"]).status).toBe(2);
    expect(cli(["convert", "x.json", "--to", "po"]).stderr).toBe("--language is required (the language of the values, e.g. de)\n");
    expect(cli(["--help"]).status).toBe(0);
  });
});
