/**
 * Placeholder conversion (docs/placeholders.md): ICU ↔ printf, Python, Android, iOS, i18next,
 * Ruby and .NET. A property test holds ICU → style → ICU to the same message; the corpus holds
 * every placeholder bug reported against the peers, each export checked by the platform's tool
 * (aapt2, msgfmt --check with c-format, plistlib).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fromPlaceholderStyle, PLACEHOLDER_STYLES, parse, serialize, serializeWithReport, toPlaceholderStyle } from "../src/index.js";
import { quoteIcuText } from "../src/placeholders/icu-parts.js";
import { isIcuMessage } from "../src/plural/icu-syntax.js";
import { run, tempFile } from "./helpers.js";

const STYLES = PLACEHOLDER_STYLES.filter((s) => s !== "icu");

function aapt2Dump(xml: string): string {
  const dir = mkdtempSync(join(tmpdir(), "aapt2-"));
  mkdirSync(join(dir, "res", "values"), { recursive: true });
  writeFileSync(join(dir, "res", "values", "strings.xml"), xml);
  const compiled = run("aapt2", ["compile", "--dir", join(dir, "res"), "-o", join(dir, "out.zip")]);
  expect(compiled.stderr).toBe("");
  expect(run("unzip", ["-q", "-o", join(dir, "out.zip"), "-d", join(dir, "flat")]).status).toBe(0);
  const dump = run("aapt2", ["dump", "apc", join(dir, "flat", "values_strings.arsc.flat")]);
  expect(dump.status).toBe(0);
  return dump.stdout;
}

function msgfmtCheck(po: string): void {
  const res = run("msgfmt", ["--check-format", "-o", "/dev/null", tempFile("check.po", po)]);
  expect(res.stderr).toBe("");
  expect(res.status).toBe(0);
}

function plistlib(xml: string): Record<string, unknown> {
  const script = 'import json, plistlib, sys\nwith open(sys.argv[1], "rb") as f: print(json.dumps(plistlib.load(f), ensure_ascii=False))';
  const res = run("python3", ["-c", script, tempFile("out.plist", xml)]);
  expect(res.status).toBe(0);
  return JSON.parse(res.stdout) as Record<string, unknown>;
}

const ok = (r: { ok: boolean; text?: string; message?: string; reason?: string }) => {
  expect(r, r.reason).toMatchObject({ ok: true });
  return (r.text ?? r.message)!;
};

describe("ICU → style → ICU gives back the same message", () => {
  const NAMES = ["name", "count", "user_1", "0", "1"];
  const ARGS = [
    (n: string) => `{${n}}`,
    (n: string) => `{${n}, number}`,
    (n: string) => `{${n}, number, integer}`,
    (n: string) => `{${n}, number, 00}`,
    (n: string) => `{${n}, number, 0.00}`,
  ];
  // Literal text a translator writes: percent signs, apostrophes, braces, Ruby-looking `%{`, dots.
  const PIECES = ["Hello ", "100%", " it's ", "'", "{", "}", "%{", "%%", "#", " %", "a", "ü", "\n", "{{", "}}", "%<", ". "];
  const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 4 }).map((p) => p.join(""));
  const argument = fc.tuple(fc.constantFrom(...ARGS), fc.constantFrom(...NAMES)).map(([f, n]) => f(n));
  const message = fc
    .array(fc.tuple(text, argument), { maxLength: 4 })
    .chain((pairs) => text.map((tail) => pairs.map(([t, a]) => quoteIcuText(t, false) + a).join("") + quoteIcuText(tail, false)));

  it.each(STYLES)("%s", (style) => {
    let converted = 0;
    fc.assert(
      fc.property(message, (m) => {
        expect(isIcuMessage(m)).toBe(true);
        const to = toPlaceholderStyle(m, style);
        if (!to.ok) {
          expect(to.reason).toMatch(/\S/);
          return;
        }
        converted++;
        const names = [...new Set([...m.matchAll(/\{([\w]+)/g)].map((x) => x[1]!))];
        expect(ok(fromPlaceholderStyle(to.text, style, { names }))).toBe(m);
      }),
      { numRuns: Number(process.env.FC_RUNS ?? 300), seed: 31 },
    );
    // Most messages convert: a style refuses only what it cannot write.
    expect(converted).toBeGreaterThan(style === "i18next" ? 30 : 150);
  });

  it("plurals for the native-plural formats, `#` as the plural's integer argument", () => {
    const m = "{count, plural, one {# file from {name}} other {# files from {name}}}";
    for (const style of STYLES) {
      const to = toPlaceholderStyle(m, style, { nativePlurals: true });
      if (style === "i18next") continue;
      expect(ok(fromPlaceholderStyle(ok(to), style, { names: ["count", "name"] }))).toBe(m);
    }
    expect(ok(toPlaceholderStyle(m, "android", { nativePlurals: true }))).toBe(
      "{count, plural, one {%1$d file from %2$s} other {%1$d files from %2$s}}",
    );
    expect(toPlaceholderStyle(m, "android", { nativePlurals: false })).toMatchObject({ ok: false });
  });
});

describe("positions", () => {
  it("are written whenever a message has more than one argument, numbered by the source message", () => {
    const source = "{name} sent {count, number, integer} photos";
    const translation = "{count, number, integer} Fotos von {name}";
    expect(ok(toPlaceholderStyle("Hello {name}", "android"))).toBe("Hello %s");
    expect(ok(toPlaceholderStyle(source, "android", { reference: source }))).toBe("%1$s sent %2$d photos");
    expect(ok(toPlaceholderStyle(translation, "android", { reference: source }))).toBe("%2$d Fotos von %1$s");
    expect(ok(toPlaceholderStyle(translation, "ios", { reference: source }))).toBe("%2$lld Fotos von %1$@");
    expect(ok(toPlaceholderStyle(translation, "dotnet", { reference: source }))).toBe("{1:D} Fotos von {0}");
    expect(ok(toPlaceholderStyle(translation, "ruby", { reference: source }))).toBe("%<count>d Fotos von %{name}");
    expect(ok(toPlaceholderStyle(translation, "python", { reference: source }))).toBe("%(count)d Fotos von %(name)s");
    expect(ok(toPlaceholderStyle(translation, "i18next", { reference: source }))).toBe("{{count, integer}} Fotos von {{name}}");
  });
});

describe("peer bugs", () => {
  it("Tolgee: %d and %i are not doubled to %%d, a literal % is escaped exactly once (msgfmt --check, c-format)", () => {
    for (const style of ["printf", "android"] as const) {
      expect(ok(toPlaceholderStyle("You have %d new messages", style))).toBe("You have %d new messages");
      expect(ok(toPlaceholderStyle("%i items", style))).toBe("%d items");
    }
    expect(ok(toPlaceholderStyle("{count, number, integer} messages, 100% read", "printf"))).toBe("%d messages, 100%% read");
    const entries = [
      { key: "%d messages, 100%% read", value: "{count, number, integer} Nachrichten, 100% gelesen", metadata: { flags: ["c-format"] } },
      {
        key: "%s sent %d photos",
        value: "{count, number, integer} Fotos von {name}",
        sourceText: "{name} sent {count, number, integer} photos",
        metadata: { flags: ["c-format"] },
      },
      { key: "Already %d%% done", value: "Schon %d%% erledigt", metadata: { flags: ["c-format"] } },
    ];
    const { output, skipped } = serializeWithReport("po", entries, { language: "de", placeholders: "printf" });
    expect(skipped).toEqual([]);
    expect(output).toContain('msgstr "%d Nachrichten, 100%% gelesen"');
    expect(output).toContain('msgstr "%2$d Fotos von %1$s"');
    expect(output).toContain('msgstr "Schon %d%% erledigt"');
    expect(output).toContain("#, c-format");
    msgfmtCheck(output as string);
  });

  it("Tolgee: %02d is converted (to ICU on import, back on export)", () => {
    expect(ok(fromPlaceholderStyle("Seite %02d von %d", "printf"))).toBe("Seite {0, number, 00} von {1, number, integer}");
    expect(ok(toPlaceholderStyle("Seite {0, number, 00} von {1, number, integer}", "android"))).toBe("Seite %1$02d von %2$d");
    expect(ok(toPlaceholderStyle("Seite {0, number, 00} von {1, number, integer}", "ios"))).toBe("Seite %1$02lld von %2$lld");
    expect(ok(toPlaceholderStyle("Seite {0, number, 00} von {1, number, integer}", "dotnet"))).toBe("Seite {0:D2} von {1:D}");
  });

  it("Tolgee: Ruby date formats (%a, %d. %B) are text in Ruby, never mangled", () => {
    for (const date of ["%a, %d. %B", "%Y-%m-%d", "%d.%m.%Y %H:%M"]) {
      expect(ok(toPlaceholderStyle(date, "ruby"))).toBe(date);
      expect(ok(fromPlaceholderStyle(date, "ruby"))).toBe(date);
    }
    expect(ok(toPlaceholderStyle("Hallo {name}, heute ist %A", "ruby"))).toBe("Hallo %{name}, heute ist %A");
    const yaml = serialize(
      "yaml",
      [
        { key: "date.formats.short", value: "%a, %d. %B" },
        { key: "hi", value: "Hallo {name}" },
      ],
      {
        language: "de",
        placeholders: "ruby",
      },
    );
    expect(parse("yaml", yaml).entries.map((e) => e.value)).toEqual(["%a, %d. %B", "Hallo %{name}"]);
  });

  it("PO brace format: {name} in a python-brace-format entry stays an ICU argument on import", () => {
    const po = `msgid ""\nmsgstr ""\n"Language: de\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n#, python-brace-format\nmsgid "Hello {name}"\nmsgstr "Hallo {name}"\n\n#, c-format\nmsgid "%s of %d"\nmsgstr "%2$d von %1$s"\n`;
    msgfmtCheck(po);
    const res = parse("po", po, { language: "de", placeholders: "icu" });
    expect(res.entries.map((e) => e.value)).toEqual(["Hallo {name}", "{1, number, integer} von {0}"]);
  });

  it("Weblate: one ICU source serves Android (%s, aapt2) and iOS (%@, plistlib)", () => {
    const entries = [
      { key: "photos", value: "{name} sent {count, number, integer} photos" },
      { key: "files", value: "{count, plural, one {# file from {name}} other {# files from {name}}}" },
      { key: "plain", value: "100% done" },
    ];
    const xml = serialize("android-xml", entries, { language: "en", placeholders: "android" });
    const dump = aapt2Dump(xml);
    expect(dump).toContain("%1$s sent %2$d photos");
    expect(dump).toMatch(/one="%1\$d file from %2\$s"/);
    expect(dump).toContain("100%% done");
    const strings = serialize("ios-strings", entries.slice(0, 1), { language: "en", placeholders: "ios" });
    expect(strings).toContain('"photos" = "%1$@ sent %2$lld photos";');
    const dict = plistlib(serialize("ios-stringsdict", entries, { language: "en", placeholders: "ios" })) as Record<string, any>;
    expect(dict.photos).toBe("%1$@ sent %2$lld photos");
    expect(dict.files.count.one).toBe("%1$lld file from %2$@");
    expect(dict.plain).toBe("100%% done");
  });

  it("Weblate: a value stored with Android placeholders becomes %@ for iOS (and back)", () => {
    expect(ok(toPlaceholderStyle("%s sent %d photos", "ios"))).toBe("%1$@ sent %2$lld photos");
    expect(ok(toPlaceholderStyle("%1$@ sent %2$lld photos", "android"))).toBe("%1$s sent %2$d photos");
  });

  it("Phrase: %@ → %s keeps the positions (a reordered translation stays reordered)", () => {
    expect(ok(toPlaceholderStyle("%2$@ von %1$@", "android"))).toBe("%2$s von %1$s");
    expect(ok(fromPlaceholderStyle("%2$@ von %1$@", "ios", { names: ["file", "user"] }))).toBe("{user} von {file}");
    const xml = serialize("android-xml", [{ key: "by", value: "%2$@ von %1$@" }], { language: "de", placeholders: "android" });
    expect(aapt2Dump(xml)).toContain("%2$s von %1$s");
  });
});

describe("nothing silently altered", () => {
  it("lists what a style cannot express, and leaves it out of the file", () => {
    const entries = [
      { key: "date", value: "Am {d, date, short}" },
      { key: "sel", value: "{g, select, female {Sie} other {Er}}" },
      { key: "mixed", value: "{name} hat %d Dateien" },
      { key: "ok", value: "Hallo {name}" },
    ];
    const { output, skipped } = serializeWithReport("json-flat", entries, { language: "de", placeholders: "printf" });
    expect(skipped.map((s) => s.key)).toEqual(["date", "sel", "mixed"]);
    for (const s of skipped) expect(s.reason).toMatch(/^placeholders: /);
    expect(JSON.parse(output as string)).toEqual({ ok: "Hallo %s" });
    expect(toPlaceholderStyle("a {{b}}", "i18next")).toMatchObject({ ok: true });
    expect(toPlaceholderStyle("'{{'literal'}}' {x}", "i18next")).toMatchObject({ ok: false });
  });

  it("import normalisation keeps a placeholder ICU cannot hold as written, and reports it", () => {
    const xml = '<resources><string name="hex">Farbe %x</string><string name="n">%1$s und %2$s</string></resources>';
    const res = parse("android-xml", xml, { placeholders: "icu" });
    expect(res.entries.map((e) => e.value)).toEqual(["Farbe %x", "{0} und {1}"]);
    expect(res.errors).toEqual([{ key: "hex", message: "Placeholders kept as written: %x has no ICU form" }]);
  });

  it("every normalised value is well-formed ICU", () => {
    const values = ["100%% %s", "%1$s's {braces} #", "%(name)s", "%{x} %<n>d", "{{a}} {b}", "{0:D2} {{", "it's"];
    for (const [v, style] of values.flatMap((v) => STYLES.map((s) => [v, s] as const))) {
      const r = fromPlaceholderStyle(v, style);
      if (r.ok) expect(isIcuMessage(r.message), `${style}: ${v} → ${r.message}`).toBe(true);
    }
  });
});
