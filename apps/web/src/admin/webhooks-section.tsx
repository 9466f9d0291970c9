import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { errorMessage, trpc } from "../api/trpc";
import { ConfirmDialog, ErrorMessage, Field } from "../components/ui";
import { CopyField } from "./members-section";

export function WebhooksSection() {
  const qc = useQueryClient();
  const hooks = useQuery({ queryKey: ["webhooks"], queryFn: () => trpc.webhooks.listOrganizationWebhooks.query({ orgId: "current" }) });
  const [created, setCreated] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: (v: { url: string; events: string[] }) => trpc.webhooks.createOrganizationWebhook.mutate({ orgId: "current", ...v }),
    onSuccess: (w) => {
      setCreated(w.secret);
      void qc.invalidateQueries({ queryKey: ["webhooks"] });
    },
  });
  const toggle = useMutation({
    mutationFn: (v: { id: string; active: boolean }) => trpc.webhooks.updateOrganizationWebhook.mutate({ orgId: "current", ...v }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ["webhooks"] }),
  });
  const remove = useMutation({
    mutationFn: (id: string) => trpc.webhooks.deleteOrganizationWebhook.mutate({ orgId: "current", id }),
    onSuccess: () => {
      setDeleting(null);
      void qc.invalidateQueries({ queryKey: ["webhooks"] });
    },
  });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const events = String(f.get("events") ?? "*")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    create.mutate({ url: String(f.get("url")), events: events.length ? events : ["*"] });
  };
  return (
    <>
      <h1>Webhooks</h1>
      <ErrorMessage error={hooks.error ? errorMessage(hooks.error) : toggle.error ? errorMessage(toggle.error) : null} />
      <ul className="plain-list">
        {hooks.data?.map((w) => (
          <li key={w._id} className="panel">
            <p>
              <code>{w.url}</code> · {w.events.join(", ")} · {w.active ? "active" : "paused"}
            </p>
            <div className="actions left">
              <button type="button" className="small" onClick={() => setOpen(open === w._id ? null : w._id)} aria-expanded={open === w._id}>
                Deliveries
              </button>
              <button type="button" className="small" onClick={() => toggle.mutate({ id: w._id, active: !w.active })}>
                {w.active ? "Pause" : "Resume"}
              </button>
              <button type="button" className="small danger" onClick={() => setDeleting(w._id)}>
                Delete
              </button>
            </div>
            {open === w._id && <Deliveries id={w._id} />}
          </li>
        ))}
      </ul>
      {created && (
        <div className="banner" role="status">
          <p>Webhook created. Its signing secret is shown only now:</p>
          <CopyField label="Signing secret" value={created} />
        </div>
      )}
      <h2>Add a webhook</h2>
      <form onSubmit={submit} className="form-row">
        <Field label="Address">
          {(id) => <input id={id} name="url" type="url" required placeholder="https://example.com/hooks/locale" />}
        </Field>
        <Field label="Events" hint="Comma-separated activity actions, or * for all.">
          {(id) => <input id={id} name="events" defaultValue="*" />}
        </Field>
        <button type="submit" className="primary" disabled={create.isPending}>
          Add webhook
        </button>
      </form>
      <ErrorMessage error={create.error ? errorMessage(create.error) : null} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete webhook"
        message={<p>Delete this webhook? Its delivery log goes with it.</p>}
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        error={remove.error ? errorMessage(remove.error) : null}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}

function Deliveries({ id }: { id: string }) {
  const qc = useQueryClient();
  const deliveries = useQuery({
    queryKey: ["deliveries", id],
    queryFn: () => trpc.webhooks.listOrganizationWebhookDeliveries.query({ orgId: "current", id }),
  });
  const test = useMutation({
    mutationFn: () => trpc.webhooks.testOrganizationWebhook.mutate({ orgId: "current", id }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ["deliveries", id] }),
  });
  return (
    <div>
      <button type="button" className="small" onClick={() => test.mutate()} disabled={test.isPending}>
        Send test event
      </button>
      <ErrorMessage error={test.error ? errorMessage(test.error) : null} />
      <table className="data">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Event</th>
            <th scope="col">Status</th>
            <th scope="col">Attempts</th>
            <th scope="col">Response</th>
          </tr>
        </thead>
        <tbody>
          {deliveries.data?.map((d) => (
            <tr key={d._id}>
              <td>{new Date(d.created).toLocaleString()}</td>
              <td>{d.event}</td>
              <td>{d.status}</td>
              <td>{d.attempts}</td>
              <td>{d.responseStatus ?? d.error ?? "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
