/**
 * Real-world stringsdict (issue 10, defect 1): format keys with text around the variable,
 * several variables, positional `%1$#@n@`. Exports are read back with Python's plistlib.
 */
import { describe, expect, it } from "vitest";
import { parse, serializeWithReport } from "../src/index.js";
import { run, tempFile } from "./helpers.js";

function plistlib(xml: string): Record<string, Record<string, unknown>> {
  const script = 'import json, plistlib, sys\nwith open(sys.argv[1], "rb") as f: print(json.dumps(plistlib.load(f), ensure_ascii=False))';
  const res = run("python3", ["-c", script, tempFile("out.stringsdict", xml)]);
  expect(res.status).toBe(0);
  return JSON.parse(res.stdout) as Record<string, Record<string, unknown>>;
}

const rule = (forms: Record<string, string>) =>
  `<dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string><key>NSStringFormatValueTypeKey</key><string>d</string>${Object.entries(
    forms,
  )
    .map(([k, v]) => `<key>${k}</key><string>${v}</string>`)
    .join("")}</dict>`;

const FILE = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0"><dict>
  <key>found</key><dict><key>NSStringLocalizedFormatKey</key><string>Found %#@n@</string><key>n</key>${rule({ one: "%d file", other: "%d files" })}</dict>
  <key>both</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@files@ in %#@folders@.</string><key>files</key>${rule({ one: "%d file", other: "%d files" })}<key>folders</key>${rule({ one: "%d folder", other: "%d folders" })}</dict>
  <key>positional</key><dict><key>NSStringLocalizedFormatKey</key><string>%2$@ has %1$#@n@</string><key>n</key>${rule({ one: "%1$d item", other: "%1$d items" })}</dict>
</dict></plist>`;

describe("defect 1: stringsdict format keys and variables", () => {
  const parsed = parse("ios-stringsdict", FILE);

  it("reads text around the variable, several variables and positional tokens", () => {
    expect(parsed.errors).toEqual([]);
    expect(parsed.entries.map((e) => [e.key, e.value])).toEqual([
      ["found", "Found {n, plural, one {%d file} other {%d files}}"],
      ["both", "{files, plural, one {%d file} other {%d files}} in {folders, plural, one {%d folder} other {%d folders}}."],
      ["positional", "%2$@ has {n, plural, one {%1$d item} other {%1$d items}}"],
    ]);
  });

  it("writes each plural back as its own %#@var@ token and rule dict (plistlib reads it)", () => {
    const { output, skipped } = serializeWithReport("ios-stringsdict", parsed.entries, { language: "en" });
    expect(skipped).toEqual([]);
    const plist = plistlib(output as string);
    expect(plist.found!.NSStringLocalizedFormatKey).toBe("Found %#@n@");
    expect(plist.found!.n).toEqual({
      NSStringFormatSpecTypeKey: "NSStringPluralRuleType",
      NSStringFormatValueTypeKey: "d",
      one: "%d file",
      other: "%d files",
    });
    expect(plist.both!.NSStringLocalizedFormatKey).toBe("%#@files@ in %#@folders@.");
    expect(Object.keys(plist.both!).sort()).toEqual(["NSStringLocalizedFormatKey", "files", "folders"]);
    expect(plist.positional!.NSStringLocalizedFormatKey).toBe("%2$@ has %1$#@n@");
    expect(parse("ios-stringsdict", output as string).entries.map((e) => [e.key, e.value])).toEqual(
      parsed.entries.map((e) => [e.key, e.value]),
    );
  });

  it("a value written through the service (no metadata) still gets tokens and rule dicts", () => {
    const { output } = serializeWithReport(
      "ios-stringsdict",
      [{ key: "k", value: "You have {count, plural, one {# message} other {# messages}} from {name}" }],
      { language: "en" },
    );
    const plist = plistlib(output as string);
    expect(plist.k!.NSStringLocalizedFormatKey).toBe("You have %#@count@ from {name}");
    expect(plist.k!.count).toMatchObject({ one: "# message", other: "# messages" });
  });

  it("writes a value without a plural as a plain string entry (read back as it was), and leaves out plurals it cannot hold", () => {
    const { output, skipped } = serializeWithReport(
      "ios-stringsdict",
      [
        { key: "title", value: "Files" },
        { key: "zero", value: "{n, plural, =0 {none} other {# files}}" },
        { key: "ok", value: "{n, plural, one {# file} other {# files}}" },
      ],
      { language: "en" },
    );
    expect(skipped.map((s) => s.key)).toEqual(["zero"]);
    const plist = plistlib(output as string) as Record<string, unknown>;
    expect(Object.keys(plist)).toEqual(["title", "ok"]);
    expect(plist.title).toBe("Files");
    expect(parse("ios-stringsdict", output as string).entries.map((e) => [e.key, e.value])).toEqual([
      ["title", "Files"],
      ["ok", "{n, plural, one {# file} other {# files}}"],
    ]);
  });
});
