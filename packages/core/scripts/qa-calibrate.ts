// Calibration report of the quality checks (docs/quality-checks.md, "Defaults and calibration"):
// runs every check at its default severity over the real-world corpus's shipped translations
// (packages/formats/test/corpus, read as in the calibration test) and prints, per check, how many
// warnings fire and two samples (file, language, source, value, message). Exits 1 if any
// error-level issue fires, which the defaults must never do there.
//   pnpm --filter @locale/core run qa:calibrate [--samples N] [--json]
import { DEFAULT_SEVERITIES, QA_CHECK_IDS, runChecks } from "../src/qa";
import { corpusPairs } from "../test/qa/corpus-pairs";

const args = process.argv.slice(2);
const samplesWanted = Number(args[args.indexOf("--samples") + 1]) || 2;
const asJson = args.includes("--json");

interface Sample {
  file: string;
  language: string;
  source: string;
  value: string;
  message: string;
}

const pairs = corpusPairs();
const findings = new Map<string, Sample[]>(QA_CHECK_IDS.map((id) => [id, []]));
const errors: string[] = [];
for (const p of pairs) {
  const issues = runChecks(
    { source: p.source, value: p.value, sourceLanguage: "en", language: p.language, format: p.format },
    { severities: DEFAULT_SEVERITIES },
  );
  for (const i of issues) {
    if (i.severity === "error") errors.push(`${p.file} ${p.language} ${JSON.stringify(p.key)}: ${i.check} ${i.message}`);
    else findings.get(i.check)!.push({ file: p.file, language: p.language, source: p.source, value: p.value, message: i.message });
  }
}
/** Samples spread evenly over a check's findings (so over the corpus's files, not just its first). */
const samplesOf = (all: Sample[]) =>
  [...new Set(Array.from({ length: Math.min(samplesWanted, all.length) }, (_, k) => Math.floor((k * all.length) / samplesWanted)))].map(
    (i) => all[i]!,
  );
const counts = new Map([...findings].map(([check, all]) => [check, all.length]));
const samples = new Map([...findings].map(([check, all]) => [check, samplesOf(all)]));

const rows = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
const clip = (s: string) => JSON.stringify(s.length > 90 ? `${s.slice(0, 87)}…` : s);
if (asJson) {
  console.log(
    JSON.stringify(
      { pairs: pairs.length, errors, warnings: rows.map(([check, n]) => ({ check, warnings: n, samples: samples.get(check) ?? [] })) },
      null,
      2,
    ),
  );
} else {
  console.log(`${pairs.length} source/translation pairs in ${new Set(pairs.map((p) => p.language)).size} languages`);
  console.log(`error-level issues with the default severities: ${errors.length}`);
  for (const e of errors.slice(0, 20)) console.log(`  ${e}`);
  console.log("\nwarnings per check:");
  for (const [check, n] of rows) {
    console.log(`${check.padEnd(28)} ${String(n).padStart(5)}`);
    for (const s of samples.get(check) ?? []) {
      console.log(`    ${s.file} (${s.language}): ${clip(s.source)} → ${clip(s.value)}\n      ${s.message}`);
    }
  }
}
process.exitCode = errors.length > 0 ? 1 : 0;
