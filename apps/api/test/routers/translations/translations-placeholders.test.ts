// Placeholder extraction and comparison behind translation warnings (pure, no server).

import { comparePlaceholders, extractPlaceholders } from "@locale/core/translations";
import { describe, expect, it } from "vitest";

const tokens = (text: string) => extractPlaceholders(text).map((p) => p.token);

describe("extractPlaceholders", () => {
  it("finds braces, mustache, printf and ICU arguments", () => {
    expect(tokens("Hello {name}")).toEqual(["{name}"]);
    expect(tokens("{{count}} items for {{ user }}")).toEqual(["{{count}}", "{{ user }}"]);
    expect(tokens("%s of %d (%.2f%%) %@ %1$s %ld")).toEqual(["%s", "%d", "%.2f", "%@", "%1$s", "%ld"]);
    expect(tokens("{count, plural, one {# file by {user}} other {# files}}")).toEqual(["{count}", "{user}"]);
    expect(tokens("{gender, select, male {He} female {She} other {They}} left")).toEqual(["{gender}"]);
    expect(tokens("{n, number, integer} pts")).toEqual(["{n}"]);
  });

  it("does not read ordinary text as placeholders", () => {
    expect(tokens("100% sure, don't worry")).toEqual([]);
    expect(tokens("It''s '{quoted}' text")).toEqual([]);
    expect(tokens("a { lone brace")).toEqual([]);
  });
});

describe("comparePlaceholders", () => {
  it("accepts reordered positional printf and the same ICU argument in another form", () => {
    expect(comparePlaceholders("%s of %d", "%2$d de %1$s")).toBeNull();
    expect(
      comparePlaceholders("{count, plural, one {# file} other {# files}}", "{count, plural, one {# Datei} other {# Dateien}}"),
    ).toBeNull();
    expect(comparePlaceholders("{name} and {name}", "{name}")).toBeNull();
  });

  it("reports missing and extra placeholders as written", () => {
    expect(comparePlaceholders("Hi {name}, %d new", "Salut {nom}")).toEqual({
      type: "placeholder_mismatch",
      missing: ["{name}", "%d"],
      extra: ["{nom}"],
    });
    expect(comparePlaceholders("%s", "%d")).toEqual({ type: "placeholder_mismatch", missing: ["%s"], extra: ["%d"] });
  });

  it("has nothing to compare when either side is empty", () => {
    expect(comparePlaceholders("", "{x}")).toBeNull();
    expect(comparePlaceholders("{x}", "")).toBeNull();
  });
});
