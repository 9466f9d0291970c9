import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "../src/index.js";
import { run, tempFile } from "./helpers.js";

const cli = join(import.meta.dirname, "../src/cli.ts");
const tsx = join(import.meta.dirname, "../../../node_modules/.bin/tsx");

describe("formats CLI", () => {
  it("converts a PO file to XLIFF 2.0", () => {
    const input = join(import.meta.dirname, "fixtures/parse/ru.po");
    const out = tempFile("ru.xlf", "");
    const res = run(tsx, [cli, "convert", input, "--to", "xliff2", "--language", "ru", "--source-language", "en", "--out", out]);
    expect(res.status).toBe(0);
    const back = parse("xliff2", readFileSync(out, "utf8"));
    expect(back.entries.find((e) => e.key === "Open")?.value).toBe("Открыть");
  });
  it("fails with a readable message on a broken file", () => {
    const input = tempFile("broken.json", '{"a": ');
    const res = run(tsx, [cli, "convert", input, "--to", "po", "--language", "de"]);
    expect(res.status).toBe(1);
    expect(res.stderr).toMatch(/not valid JSON/);
  });
});
