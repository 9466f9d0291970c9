// Quality-check severities of a project: project-wide, and overridden per target language. Owners
// and admins (qa.manage) change them; saving replaces the settings and starts a background recheck
// of stored issues, whose progress is shown.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useState } from "react";
import { queries } from "../api/queries";
import { errorMessage, type RouterOutputs, trpc } from "../api/trpc";
import { ErrorMessage, languageName } from "../components/ui";

type Settings = RouterOutputs["quality"]["getSettings"];
type Severity = "off" | "warning" | "error";
type Severities = Record<string, Severity>;

const LABEL: Record<Severity, string> = { off: "Off", warning: "Warning", error: "Error" };

export function QaSettingsSection({
  projectId,
  targetLanguages,
  readOnly,
}: {
  projectId: string;
  targetLanguages: string[];
  readOnly: boolean;
}) {
  const qc = useQueryClient();
  const settings = useQuery({
    ...queries.quality.getSettings.queryOptions({ projectId }),
    // Follow a running recheck until it completes.
    refetchInterval: (q) => (q.state.data?.recheck && q.state.data.recheck.status !== "completed" ? 2000 : false),
  });
  const [scope, setScope] = useState(""); // "": project-wide, else a target language
  const [draft, setDraft] = useState<{ checks: Severities; languages: Record<string, Severities> } | null>(null);
  const [saved, setSaved] = useState(false);
  const scopeId = useId();
  useEffect(() => {
    if (settings.data && !draft) setDraft({ checks: settings.data.checks, languages: settings.data.languages });
  }, [settings.data, draft]);
  const save = useMutation({
    mutationFn: (d: NonNullable<typeof draft>) =>
      trpc.quality.updateSettings.mutate({ projectId, checks: d.checks, languages: d.languages }),
    onSuccess: (s: Settings) => {
      qc.setQueryData(queries.quality.getSettings.queryKey({ projectId }), s);
      setDraft({ checks: s.checks, languages: s.languages });
      setSaved(true);
    },
  });
  const s = settings.data;
  if (settings.isError) return <ErrorMessage error={errorMessage(settings.error)} />;
  if (!s || !draft) return <p role="status">Loading quality checks…</p>;

  const current = scope ? (draft.languages[scope] ?? {}) : draft.checks;
  const inherited = (id: string, def: Severity): Severity => (scope ? (draft.checks[id] ?? def) : def);
  const setSeverity = (id: string, value: Severity | "") => {
    setSaved(false);
    setDraft((d) => {
      if (!d) return d;
      const next = { ...(scope ? (d.languages[scope] ?? {}) : d.checks) };
      if (value === "") delete next[id];
      else next[id] = value;
      return scope ? { ...d, languages: { ...d.languages, [scope]: next } } : { ...d, checks: next };
    });
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(draft);
  };
  return (
    <section aria-labelledby={`${scopeId}-h`}>
      <h2 id={`${scopeId}-h`}>Quality checks</h2>
      <p className="hint">
        An error refuses the save on every write path; a warning saves the value and records the issue; off skips the check.
      </p>
      <form onSubmit={onSubmit} className="qa-settings">
        <label>
          Severities for
          <select value={scope} onChange={(e) => setScope(e.target.value)}>
            <option value="">All languages (project default)</option>
            {targetLanguages.map((l) => (
              <option key={l} value={l}>
                {languageName(l)} ({l}) only
              </option>
            ))}
          </select>
        </label>
        <table className="qa-settings-table">
          <thead>
            <tr>
              <th scope="col">Check</th>
              <th scope="col">Severity</th>
            </tr>
          </thead>
          <tbody>
            {s.catalog.map((c) => (
              <tr key={c.id}>
                <th scope="row">
                  <code>{c.id}</code>
                  <span className="hint"> {c.description}</span>
                </th>
                <td>
                  <select
                    aria-label={`Severity of ${c.id}`}
                    value={current[c.id] ?? ""}
                    disabled={readOnly}
                    onChange={(e) => setSeverity(c.id, e.target.value as Severity | "")}
                  >
                    <option value="">
                      {scope ? "As the project" : "Default"} ({LABEL[inherited(c.id, c.defaultSeverity)]})
                    </option>
                    {(Object.keys(LABEL) as Severity[]).map((v) => (
                      <option key={v} value={v}>
                        {LABEL[v]}
                      </option>
                    ))}
                  </select>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {!readOnly && (
          <button type="submit" className="primary" disabled={save.isPending}>
            {save.isPending ? "Saving…" : "Save quality checks"}
          </button>
        )}
        {saved && <p role="status">Quality checks saved.</p>}
        <ErrorMessage error={save.error ? errorMessage(save.error) : null} />
        {s.recheck && s.recheck.status !== "completed" && (
          <p className="hint" role="status">
            Rechecking stored translations: {s.recheck.checked} of {s.recheck.total}.
          </p>
        )}
      </form>
    </section>
  );
}
