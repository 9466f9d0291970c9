// `locale-cli leverage`: what the translation memory already covers per target language, and with
// `--rates` what the rest would cost: untranslated keys, words and characters per match band
// (context, 100 %, 95–99, 85–94, 75–84, 50–74, no match).
import type { Command } from "./command";
import { type CommandContext, log } from "./io";
import { UsageError } from "./usage-error";

const RATE_PARAMS: Record<string, string> = {
  context: "rateContext",
  "100": "rate100",
  "95-99": "rate95",
  "85-94": "rate85",
  "75-84": "rate75",
  "50-74": "rate50",
  none: "rateNone",
};

/** `--rates none=0.12,50-74=0.1,100=0.03` → the report's rate parameters. */
function ratesOf(raw: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of raw.split(",").filter((p) => p.trim())) {
    const [band, value] = part.split("=").map((s) => s.trim());
    const param = band === undefined ? undefined : RATE_PARAMS[band];
    const rate = Number(value);
    if (!param || value === undefined || value === "" || !Number.isFinite(rate) || rate < 0)
      throw new UsageError(`--rates: "${part}" is not <band>=<price per word> (bands: ${Object.keys(RATE_PARAMS).join(", ")})`);
    out[param] = rate;
  }
  return out;
}

async function run({ client, config, io, flags }: CommandContext): Promise<number> {
  const rates = typeof flags.rates === "string" ? ratesOf(flags.rates) : {};
  const report = await client.pretranslate.leverage(config.projectId, {
    ...(typeof flags.languages === "string" ? { languages: flags.languages } : {}),
    ...(typeof flags.namespace === "string" ? { namespace: flags.namespace } : {}),
    ...rates,
  });
  if (flags.json === true) {
    log(io, JSON.stringify(report, null, 2));
    return 0;
  }
  for (const l of report.languages) {
    log(
      io,
      `${l.language}: ${l.keys} untranslated keys, ${l.words} words, ${l.characters} characters${l.cost === null ? "" : `, cost ${l.cost}`}`,
    );
    for (const b of l.bands) {
      const label = b.band === "context" ? "context" : b.band === "none" ? "no match" : `${b.band} %`;
      log(
        io,
        `  ${label.padEnd(9)} ${String(b.keys).padStart(7)} keys ${String(b.words).padStart(8)} words ${String(b.characters).padStart(9)} chars${b.cost === null ? "" : `  ${b.cost}`}`,
      );
    }
  }
  return 0;
}

export const leverage: Command = {
  name: "leverage",
  summary: "Translation-memory leverage per language, with costs from rates",
  options: {
    languages: { type: "string" },
    namespace: { type: "string" },
    rates: { type: "string" },
    json: { type: "boolean" },
  },
  help: `Usage: locale-cli leverage [options]

Counts the untranslated keys of each target language (and their words and characters) by their
best translation-memory match: context, 100 %, 95-99 %, 85-94 %, 75-84 %, 50-74 %, no match.

Options:
  --languages <a,b>   target languages (default: all of the project's)
  --namespace <ns>    only keys of this namespace
  --rates <list>      price per word per band, e.g. none=0.12,50-74=0.1,75-84=0.08,100=0.03
                      (bands without a rate cost 0); adds a cost per band and language
  --json              print the report as JSON

Exit codes: 0 done; 1 an API error; 2 usage error.`,
  run,
};
