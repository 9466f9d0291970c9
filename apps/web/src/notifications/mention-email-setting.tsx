// The account screen's notification preference: whether an @mention is also e-mailed (the server
// sends it only when it has SMTP configured; the in-app notification comes either way).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { errorMessage, trpc } from "../api/trpc";
import { ErrorMessage } from "../components/ui";

const SETTINGS_KEY = ["notifications", "settings"] as const;

export function MentionEmailSetting() {
  const qc = useQueryClient();
  const settings = useQuery({ queryKey: SETTINGS_KEY, queryFn: () => trpc.notifications.settings.query({}) });
  const update = useMutation({
    mutationFn: (mentionEmails: boolean) => trpc.notifications.updateSettings.mutate({ mentionEmails }),
    // The box follows the click at once; a refusal puts the stored value back.
    onMutate: (mentionEmails) => qc.setQueryData(SETTINGS_KEY, { mentionEmails }),
    onSuccess: (data) => qc.setQueryData(SETTINGS_KEY, data),
    onError: () => void qc.invalidateQueries({ queryKey: SETTINGS_KEY }),
  });
  return (
    <section className="panel" aria-labelledby="notification-settings-title">
      <h2 id="notification-settings-title">Notifications</h2>
      <label className="inline">
        <input
          type="checkbox"
          checked={settings.data?.mentionEmails ?? true}
          disabled={!settings.data}
          onChange={(e) => update.mutate(e.target.checked)}
        />{" "}
        E-mail me when someone @mentions me in a comment
      </label>
      <p className="hint">Mentions and replies in your threads always appear under the bell at the top.</p>
      <ErrorMessage error={settings.error ? errorMessage(settings.error) : update.error ? errorMessage(update.error) : null} />
    </section>
  );
}
