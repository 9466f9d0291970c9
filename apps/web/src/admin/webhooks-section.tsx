import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { queries } from "../api/queries";
import { errorMessage, trpc } from "../api/trpc";
import { ConfirmDialog, ErrorMessage, Field } from "../components/ui";
import { CopyField } from "./members-section";

/** Whose webhooks: the organization's, or one project's (the same screen serves both). */
export type WebhookOwner = { projectId: string } | null;

// One set of calls per owner, so the components below never branch on which procedures to use.
function webhookApi(owner: WebhookOwner) {
  if (owner) {
    const s = { projectId: owner.projectId };
    return {
      list: queries.webhooks.listProjectWebhooks.queryOptions(s),
      listFilter: queries.webhooks.listProjectWebhooks.pathFilter(s),
      create: (v: { url: string; events: string[] }) => trpc.webhooks.createProjectWebhook.mutate({ ...s, ...v }),
      update: (v: { id: string; active: boolean }) => trpc.webhooks.updateProjectWebhook.mutate({ ...s, ...v }),
      remove: (id: string) => trpc.webhooks.deleteProjectWebhook.mutate({ ...s, id }),
      deliveries: (id: string) => queries.webhooks.listProjectWebhookDeliveries.queryOptions({ ...s, id }),
      test: (id: string) => trpc.webhooks.testProjectWebhook.mutate({ ...s, id }),
    };
  }
  const s = { orgId: "current" };
  return {
    list: queries.webhooks.listOrganizationWebhooks.queryOptions(s),
    listFilter: queries.webhooks.listOrganizationWebhooks.pathFilter(s),
    create: (v: { url: string; events: string[] }) => trpc.webhooks.createOrganizationWebhook.mutate({ ...s, ...v }),
    update: (v: { id: string; active: boolean }) => trpc.webhooks.updateOrganizationWebhook.mutate({ ...s, ...v }),
    remove: (id: string) => trpc.webhooks.deleteOrganizationWebhook.mutate({ ...s, id }),
    deliveries: (id: string) => queries.webhooks.listOrganizationWebhookDeliveries.queryOptions({ ...s, id }),
    test: (id: string) => trpc.webhooks.testOrganizationWebhook.mutate({ ...s, id }),
  };
}
type WebhookApi = ReturnType<typeof webhookApi>;

export function WebhooksSection({ owner = null, heading = "Webhooks" }: { owner?: WebhookOwner; heading?: string }) {
  const qc = useQueryClient();
  const api = webhookApi(owner);
  const hooks = useQuery(api.list);
  const [created, setCreated] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: api.create,
    onSuccess: (w) => {
      setCreated(w.secret);
      void qc.invalidateQueries(api.listFilter);
    },
  });
  const toggle = useMutation({
    mutationFn: api.update,
    onSuccess: () => void qc.invalidateQueries(api.listFilter),
  });
  const remove = useMutation({
    mutationFn: api.remove,
    onSuccess: () => {
      setDeleting(null);
      void qc.invalidateQueries(api.listFilter);
    },
  });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const events = String(f.get("events") ?? "*")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    const form = e.currentTarget;
    create.mutate({ url: String(f.get("url")), events: events.length ? events : ["*"] }, { onSuccess: () => form.reset() });
  };
  return (
    <>
      {owner ? <h2>{heading}</h2> : <h1>{heading}</h1>}
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
            {open === w._id && <Deliveries api={api} id={w._id} />}
          </li>
        ))}
      </ul>
      {created && (
        <div className="banner" role="status">
          <p>Webhook created. Its signing secret is shown only now:</p>
          <CopyField label="Signing secret" value={created} />
        </div>
      )}
      {owner ? <h3>Add a webhook</h3> : <h2>Add a webhook</h2>}
      <form onSubmit={submit} className="form-row">
        <Field label="Address" hint="Receives a signed POST for each event.">
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

function Deliveries({ api, id }: { api: WebhookApi; id: string }) {
  const qc = useQueryClient();
  const deliveries = useQuery(api.deliveries(id));
  const test = useMutation({
    mutationFn: () => api.test(id),
    onSuccess: () => void qc.invalidateQueries({ queryKey: api.deliveries(id).queryKey }),
  });
  return (
    <div>
      <button type="button" className="small" onClick={() => test.mutate()} disabled={test.isPending}>
        Send test event
      </button>
      <ErrorMessage error={test.error ? errorMessage(test.error) : null} />
      <table className="data" aria-label="Deliveries">
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
