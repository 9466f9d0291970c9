import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { queries } from "../api/queries";
import { errorMessage, trpc } from "../api/trpc";
import { ErrorMessage, Field } from "../components/ui";
import { UsageSection } from "./usage-section";

export function SettingsSection() {
  const qc = useQueryClient();
  const org = useQuery(queries.organizations.get.queryOptions({ orgId: "current" }));
  const [saved, setSaved] = useState(false);
  const update = useMutation({
    mutationFn: (v: Parameters<typeof trpc.organizations.update.mutate>[0]) => trpc.organizations.update.mutate(v),
    onSuccess: () => {
      setSaved(true);
      void qc.invalidateQueries(queries.organizations.pathFilter());
      void qc.invalidateQueries(queries.auth.me.pathFilter());
    },
  });
  const o = org.data;
  if (!o) return <ErrorMessage error={org.error ? errorMessage(org.error) : null} />;
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSaved(false);
    const f = new FormData(e.currentTarget);
    const keys: { provider_a?: string; provider_b?: string } = {};
    for (const p of ["provider_a", "provider_b"] as const) {
      const v = String(f.get(p) ?? "");
      if (v) keys[p] = v;
    }
    update.mutate({
      orgId: "current",
      name: String(f.get("name")),
      settings: {
        defaultSourceLanguage: String(f.get("defaultSourceLanguage") ?? "") || null,
        toneInstructions: String(f.get("toneInstructions") ?? "") || null,
        tmAutoAdd: f.get("tmAutoAdd") === "on",
        ...(Object.keys(keys).length ? { aiProviderKeys: keys } : {}),
      },
    });
  };
  return (
    <>
      <h1>Organization settings</h1>
      <form onSubmit={submit} className="wide-form narrow">
        <Field label="Organization name">{(id) => <input id={id} name="name" defaultValue={o.name} required />}</Field>
        <Field label="Default source language">
          {(id) => <input id={id} name="defaultSourceLanguage" defaultValue={o.settings.defaultSourceLanguage ?? ""} placeholder="en" />}
        </Field>
        <Field label="Tone instructions for AI translation">
          {(id) => <textarea id={id} name="toneInstructions" rows={3} defaultValue={o.settings.toneInstructions ?? ""} />}
        </Field>
        <label className="inline">
          <input type="checkbox" name="tmAutoAdd" defaultChecked={o.settings.tmAutoAdd} /> Approved translations feed the translation memory
        </label>
        {(["provider_a", "provider_b"] as const).map((p) => (
          <Field
            key={p}
            label={`AI provider key: ${p}`}
            hint={o.settings.aiProvidersConfigured[p] ? "Configured. Enter a new key to replace it." : "Not configured."}
          >
            {(id) => (
              <input
                id={id}
                name={p}
                type="password"
                autoComplete="off"
                placeholder={o.settings.aiProvidersConfigured[p] ? "••••••••" : ""}
              />
            )}
          </Field>
        ))}
        <ErrorMessage error={update.error ? errorMessage(update.error) : null} />
        {saved && <p role="status">Saved.</p>}
        <button type="submit" className="primary" disabled={update.isPending}>
          Save settings
        </button>
      </form>
      <UsageSection />
    </>
  );
}
