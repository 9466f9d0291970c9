// The account screen's notification preference: whether an @mention is also e-mailed (the server
// sends it only when it has SMTP configured; the in-app notification comes either way).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { queries } from "../api/queries";
import { errorMessage, trpc } from "../api/trpc";
import { ErrorMessage } from "../components/ui";

const settingsKey = queries.notifications.settings.queryKey({});

export function MentionEmailSetting() {
  const qc = useQueryClient();
  const settings = useQuery(queries.notifications.settings.queryOptions({}));
  // The box follows the click in the same render (a controlled box whose value waited for the
  // mutation would be put back by React first); a refusal puts the stored value back.
  const [clicked, setClicked] = useState<boolean | null>(null);
  const update = useMutation({
    mutationFn: (mentionEmails: boolean) => trpc.notifications.updateSettings.mutate({ mentionEmails }),
    onSuccess: (data) => qc.setQueryData(settingsKey, data),
    onError: () => void qc.invalidateQueries({ queryKey: settingsKey }),
    onSettled: () => setClicked(null),
  });
  return (
    <section className="panel" aria-labelledby="notification-settings-title">
      <h2 id="notification-settings-title">Notifications</h2>
      <label className="inline">
        <input
          type="checkbox"
          checked={clicked ?? settings.data?.mentionEmails ?? true}
          disabled={!settings.data}
          onChange={(e) => {
            setClicked(e.target.checked);
            update.mutate(e.target.checked);
          }}
        />{" "}
        E-mail me when someone @mentions me in a comment
      </label>
      <p className="hint">Mentions and replies in your threads always appear under the bell at the top.</p>
      <ErrorMessage error={settings.error ? errorMessage(settings.error) : update.error ? errorMessage(update.error) : null} />
    </section>
  );
}
