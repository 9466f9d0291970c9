// Changing a translation's status (the side panel's buttons, the approve shortcut, reject): one
// mutation that also refreshes the cached row, the progress bars and the string's history.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { queries } from "../api/queries";
import { trpc } from "../api/trpc";
import { patchCachedTranslation } from "./editor-data";

export type Status = "untranslated" | "translated" | "reviewed" | "approved";

export interface StatusChange {
  keyId: string;
  language: string;
  status: Status;
  /** Posted as a comment on the string in that language (a rejection's reason). */
  comment?: string;
}

export function useStatusChange(projectId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (c: StatusChange) => {
      const t = await trpc.translations.updateStatus.mutate({ projectId, keyId: c.keyId, language: c.language, status: c.status });
      if (c.comment?.trim())
        await trpc.comments.create.mutate({ projectId, keyId: c.keyId, body: c.comment.trim(), language: c.language, parentId: null });
      return t;
    },
    onSuccess: (t, c) => {
      patchCachedTranslation(qc, projectId, t);
      void qc.invalidateQueries(queries.analytics.progress.pathFilter({ projectId: projectId }));
      void qc.invalidateQueries(queries.translations.history.pathFilter({ projectId: projectId, keyId: c.keyId, language: c.language }));
      if (c.comment?.trim()) void qc.invalidateQueries(queries.comments.list.pathFilter({ projectId: projectId, keyId: c.keyId }));
    },
  });
}
