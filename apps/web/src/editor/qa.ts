// Quality checks in the editor: the project's settings (severities, format), the live run of the
// server's own checks while a translator types (the same module, so the editor and the server cannot
// disagree), and ignoring a stored warning.
import { type QaIssue, type QaSettings, runChecks, severitiesFor } from "@locale/core/qa";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { trpc } from "../api/trpc";
import { patchCachedTranslation } from "./editor-data";

export type { QaIssue };

export const qaSettingsKey = (projectId: string) => ["qa-settings", projectId] as const;

export function useQaSettings(projectId: string) {
  return useQuery({
    queryKey: qaSettingsKey(projectId),
    queryFn: () => trpc.quality.getSettings.query({ projectId }),
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

/** The issues the server would store (or refuse, for errors) for this value. */
export function useLiveQaIssues(input: LiveQaInput): QaIssue[] {
  const { settings, source, value, sourceLanguage, language, maxLength } = input;
  const severities = useMemo(
    () => (settings ? severitiesFor({ checks: settings.checks, languages: settings.languages, format: settings.format }, language) : null),
    [settings, language],
  );
  return useMemo(() => {
    if (!severities) return [];
    return runChecks(
      { source, value, sourceLanguage, language, maxLength: maxLength ?? null, format: settings?.format ?? null },
      { severities },
    );
  }, [severities, source, value, sourceLanguage, language, maxLength, settings?.format]);
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
      void qc.invalidateQueries({ queryKey: ["progress", projectId] });
    },
  });
}
