// Quality checks in the editor: the project's settings (severities, format), the live run of the
// server's own checks while a translator types (the same module, so the editor and the server cannot
// disagree; the glossary checks get the organization's terms found in the source), and ignoring a
// stored warning.
import { type QaGlossaryTerm, type QaIssue, type QaSettings, runChecks, severitiesFor } from "@locale/core/qa";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { queries } from "../api/queries";
import { trpc } from "../api/trpc";
import { patchCachedTranslation } from "./editor-data";

export type { QaIssue };

export function useQaSettings(projectId: string) {
  return useQuery({
    ...queries.quality.getSettings.queryOptions({ projectId }),
    staleTime: 60_000,
  });
}

export interface LiveQaInput {
  settings: Pick<QaSettings, "checks" | "languages" | "format"> | undefined;
  source: string;
  value: string;
  sourceLanguage: string;
  language: string;
  maxLength?: number | null;
}

/**
 * The organization's glossary terms found in the source, as the glossary checks take them: the
 * side panel's glossary check (same query, one request per source and language), with each term's
 * approved translations in `language`. Only asked for when a glossary check is on.
 */
function useSourceGlossary(source: string, language: string, enabled: boolean): QaGlossaryTerm[] {
  const check = useQuery({
    ...queries.glossary.check.readOptions({ orgId: "current", text: source, language }),
    staleTime: 60_000,
    enabled,
  });
  // A failed check (e.g. no glossary permission) leaves the glossary checks to the server.
  return useMemo(() => {
    const byTerm = new Map<string, QaGlossaryTerm>();
    for (const m of check.data?.matches ?? []) {
      byTerm.set(m.termId, {
        term: m.term,
        doNotTranslate: m.doNotTranslate,
        caseSensitive: m.caseSensitive,
        approved: m.translations.filter((t) => t.approved && t.language === language).map((t) => t.value),
      });
    }
    return [...byTerm.values()];
  }, [check.data, language]);
}

const GLOSSARY_CHECKS = ["glossary_do_not_translate", "glossary_term"] as const;

/** The issues the server would store (or refuse, for errors) for this value. */
export function useLiveQaIssues(input: LiveQaInput): QaIssue[] {
  const { settings, source, value, sourceLanguage, language, maxLength } = input;
  const severities = useMemo(
    () => (settings ? severitiesFor({ checks: settings.checks, languages: settings.languages, format: settings.format }, language) : null),
    [settings, language],
  );
  const wantsGlossary =
    !!severities && language !== sourceLanguage && source !== "" && GLOSSARY_CHECKS.some((c) => (severities[c] ?? "off") !== "off");
  const glossary = useSourceGlossary(source, language, wantsGlossary);
  return useMemo(() => {
    if (!severities) return [];
    return runChecks(
      {
        source,
        value,
        sourceLanguage,
        language,
        maxLength: maxLength ?? null,
        format: settings?.format ?? null,
        glossary,
      },
      { severities },
    );
  }, [severities, source, value, sourceLanguage, language, maxLength, settings?.format, glossary]);
}

/** Stored issues nobody set aside. */
export function openIssues(issues: ReadonlyArray<QaIssue & { ignored?: boolean }> | undefined): QaIssue[] {
  return (issues ?? []).filter((i) => !i.ignored);
}

export function useSetQaIssueIgnored(projectId: string, keyId: string, language: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { check: string; ignored: boolean }) =>
      trpc.translations.setQaIssueIgnored.mutate({ projectId, keyId, language, check: v.check, ignored: v.ignored }),
    onSuccess: (t) => {
      patchCachedTranslation(qc, projectId, t);
      void qc.invalidateQueries(queries.analytics.progress.pathFilter({ projectId: projectId }));
    },
  });
}
