// The leverage report (docs/pretranslation.md): per target language, the untranslated keys' words
// by their best translation-memory match, as stacked bars (plain SVG), with a table and optional
// rates per word giving a cost.
import { LEVERAGE_BANDS, type LeverageBand } from "@locale/core/browser";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { queries } from "../api/queries";
import { errorMessage } from "../api/trpc";
import { ErrorMessage, languageName } from "../components/ui";
import { Link } from "../router/router";

const LABELS: Record<LeverageBand, string> = {
  context: "Context",
  "100": "100 %",
  "95-99": "95–99 %",
  "85-94": "85–94 %",
  "75-84": "75–84 %",
  "50-74": "50–74 %",
  none: "No match",
};

/** From full leverage to none; each colour keeps at least 3:1 against white. */
const COLOURS: Record<LeverageBand, string> = {
  // Neighbouring bands differ in hue, not only in shade (75–84 orange, 50–74 crimson); no match is grey.
  context: "#1e3a8a",
  "100": "#166534",
  "95-99": "#4d7c0f",
  "85-94": "#a16207",
  "75-84": "#c2410c",
  "50-74": "#be123c",
  none: "#6b7280",
};

const RATE_PARAM: Record<LeverageBand, string> = {
  context: "rateContext",
  "100": "rate100",
  "95-99": "rate95",
  "85-94": "rate85",
  "75-84": "rate75",
  "50-74": "rate50",
  none: "rateNone",
};

export default function LeverageScreen({ projectId }: { projectId: string }) {
  const project = useQuery(queries.projects.get.queryOptions({ id: projectId }));
  const [rates, setRates] = useState<Partial<Record<LeverageBand, string>>>({});
  const [applied, setApplied] = useState<Record<string, number>>({});
  const report = useQuery(queries.pretranslate.leverage.queryOptions({ projectId, ...applied }));
  const priced = Object.keys(applied).length > 0;

  return (
    <div className="leverage">
      <p className="crumbs">
        <Link to="/">Projects</Link> / <Link to={`/projects/${projectId}`}>{project.data?.name ?? "Project"}</Link> / Leverage
      </p>
      <h1>Translation memory leverage</h1>
      <p>Untranslated keys of each language, by their best match in the organization's translation memory.</p>
      <form
        className="inline-form rates"
        onSubmit={(e) => {
          e.preventDefault();
          const next: Record<string, number> = {};
          for (const band of LEVERAGE_BANDS) {
            const v = rates[band];
            if (v !== undefined && v.trim() !== "" && Number.isFinite(Number(v))) next[RATE_PARAM[band]] = Number(v);
          }
          setApplied(next);
        }}
      >
        <fieldset>
          <legend>Price per word</legend>
          {LEVERAGE_BANDS.map((band) => (
            <label key={band}>
              {LABELS[band]}{" "}
              <input
                type="number"
                min={0}
                step="any"
                inputMode="decimal"
                value={rates[band] ?? ""}
                onChange={(e) => setRates({ ...rates, [band]: e.target.value })}
              />
            </label>
          ))}
        </fieldset>
        <button type="submit" className="primary">
          Compute cost
        </button>
      </form>
      <ErrorMessage error={report.error ? errorMessage(report.error) : null} />
      {report.isPending && (
        <p className="loading" role="status">
          Counting…
        </p>
      )}
      {report.data && (
        <>
          <ul className="legend" aria-label="Bands">
            {LEVERAGE_BANDS.map((band) => (
              <li key={band}>
                <span className="swatch" style={{ background: COLOURS[band] }} aria-hidden="true" /> {LABELS[band]}
              </li>
            ))}
          </ul>
          {report.data.languages.map((l) => (
            <section key={l.language} className="leverage-language" aria-label={`Leverage, ${languageName(l.language)}`}>
              <h2>
                {languageName(l.language)} ({l.language}): {l.keys} keys, {l.words} words
                {l.cost !== null ? `, cost ${l.cost}` : ""}
              </h2>
              <svg
                className="leverage-bar"
                viewBox="0 0 1000 24"
                preserveAspectRatio="none"
                role="img"
                aria-label={l.bands.map((b) => `${LABELS[b.band]}: ${b.words} words`).join(", ")}
              >
                {(() => {
                  let x = 0;
                  return l.bands.map((b) => {
                    const width = l.words > 0 ? (b.words / l.words) * 1000 : 0;
                    const rect = <rect key={b.band} x={x} y={0} width={width} height={24} fill={COLOURS[b.band]} />;
                    x += width;
                    return rect;
                  });
                })()}
              </svg>
              <table className="leverage-table">
                <thead>
                  <tr>
                    <th scope="col">Match</th>
                    <th scope="col">Keys</th>
                    <th scope="col">Words</th>
                    <th scope="col">Characters</th>
                    {priced && <th scope="col">Cost</th>}
                  </tr>
                </thead>
                <tbody>
                  {l.bands.map((b) => (
                    <tr key={b.band}>
                      <th scope="row">{LABELS[b.band]}</th>
                      <td>{b.keys}</td>
                      <td>{b.words}</td>
                      <td>{b.characters}</td>
                      {priced && <td>{b.cost ?? 0}</td>}
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          ))}
        </>
      )}
    </div>
  );
}
