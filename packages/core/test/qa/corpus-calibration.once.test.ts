// Calibration: with the default severities, no error-level check fires on any real translation
// of the formats corpus (public projects' shipped translations). The per-check warning counts are
// printed for docs/quality-checks.md.
import { DEFAULT_SEVERITIES, runChecks } from "@locale/core/qa";
import { describe, expect, it } from "vitest";
import { corpusPairs } from "./corpus-pairs";

describe("quality checks over the real-world corpus", () => {
  const pairs = corpusPairs();

  it("reads thousands of real source/translation pairs in many languages", () => {
    expect(pairs.length).toBeGreaterThan(5000);
    expect(new Set(pairs.map((p) => p.language)).size).toBeGreaterThanOrEqual(20);
  });

  it("raises no default error on any of them", () => {
    const errors: string[] = [];
    const warnings = new Map<string, number>();
    for (const p of pairs) {
      const issues = runChecks(
        { source: p.source, value: p.value, sourceLanguage: "en", language: p.language, format: p.format },
        { severities: DEFAULT_SEVERITIES },
      );
      for (const i of issues) {
        if (i.severity === "error") errors.push(`${p.file} ${JSON.stringify(p.key).slice(0, 60)}: ${i.check} ${i.message}`);
        else warnings.set(i.check, (warnings.get(i.check) ?? 0) + 1);
      }
    }
    console.log(`corpus: ${pairs.length} pairs; warnings per check:`, Object.fromEntries([...warnings].sort((a, b) => b[1] - a[1])));
    expect(errors).toEqual([]);
  });
});
