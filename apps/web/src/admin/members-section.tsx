import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { queries } from "../api/queries";
import { useCan, useSession } from "../api/session";
import { errorMessage, type RouterInputs, trpc } from "../api/trpc";
import { ConfirmDialog, ErrorMessage, Field } from "../components/ui";

type Role = RouterInputs["members"]["invite"]["role"];
const ROLES: Role[] = ["owner", "admin", "developer", "translator", "reviewer"];

export function MembersSection() {
  const qc = useQueryClient();
  const me = useSession();
  const can = useCan();
  const manage = can("members.manage");
  const members = useQuery(queries.members.list.queryOptions({ orgId: "current" }));
  const invitations = useQuery({
    ...queries.members.listInvitations.queryOptions({ orgId: "current" }),
    enabled: manage,
  });
  const [lastInvite, setLastInvite] = useState<{ email: string; url: string; emailStatus: string } | null>(null);
  const [removing, setRemoving] = useState<{ userId: string; name: string } | null>(null);
  const invite = useMutation({
    mutationFn: (v: { email: string; role: Role }) => trpc.members.invite.mutate({ orgId: "current", ...v }),
    onSuccess: (inv) => {
      setLastInvite({ email: inv.email, url: inv.inviteUrl, emailStatus: inv.emailStatus });
      void qc.invalidateQueries(queries.members.listInvitations.pathFilter());
    },
  });
  const changeRole = useMutation({
    mutationFn: (v: { userId: string; role: Role }) => trpc.members.updateRole.mutate({ orgId: "current", ...v }),
    onSuccess: () => {
      void qc.invalidateQueries(queries.members.list.pathFilter());
      void qc.invalidateQueries(queries.auth.me.pathFilter());
    },
  });
  const remove = useMutation({
    mutationFn: (userId: string) => trpc.members.remove.mutate({ orgId: "current", userId }),
    onSuccess: () => {
      setRemoving(null);
      void qc.invalidateQueries(queries.members.list.pathFilter());
    },
  });
  const revoke = useMutation({
    mutationFn: (invitationId: string) => trpc.members.revokeInvitation.mutate({ orgId: "current", invitationId }),
    onSuccess: () => void qc.invalidateQueries(queries.members.listInvitations.pathFilter()),
  });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    invite.mutate({ email: String(f.get("email")), role: String(f.get("role")) as Role });
  };
  // Only the owner may hand out the owner role (transfer of ownership).
  const assignable = ROLES.filter((r) => r !== "owner" || me.role === "owner");
  return (
    <>
      <h1>Members</h1>
      <ErrorMessage error={members.error ? errorMessage(members.error) : changeRole.error ? errorMessage(changeRole.error) : null} />
      <table className="data">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">E-mail</th>
            <th scope="col">Role</th>
            <th scope="col">Joined</th>
            {manage && <th scope="col">Actions</th>}
          </tr>
        </thead>
        <tbody>
          {members.data?.map((m) => (
            <tr key={m.userId}>
              <td>{m.name}</td>
              <td>{m.email}</td>
              <td>
                {manage && m.userId !== me.user._id ? (
                  <select
                    aria-label={`Role of ${m.name}`}
                    value={m.role}
                    disabled={changeRole.isPending || (m.role === "owner" && me.role !== "owner")}
                    onChange={(e) => changeRole.mutate({ userId: m.userId, role: e.target.value as Role })}
                  >
                    {(m.role === "owner" ? ROLES : assignable).map((r) => (
                      <option key={r} value={r}>
                        {r}
                      </option>
                    ))}
                  </select>
                ) : (
                  m.role
                )}
              </td>
              <td>{new Date(m.joinedAt).toLocaleDateString()}</td>
              {manage && (
                <td>
                  {m.userId !== me.user._id && m.role !== "owner" && (
                    <button type="button" className="small danger" onClick={() => setRemoving({ userId: m.userId, name: m.name })}>
                      Remove
                    </button>
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {manage && (
        <>
          <h2>Invite a member</h2>
          <form onSubmit={submit} className="form-row">
            <Field label="E-mail">{(id) => <input id={id} name="email" type="email" required />}</Field>
            <Field label="Role">
              {(id) => (
                <select id={id} name="role" defaultValue="translator">
                  {assignable
                    .filter((r) => r !== "owner")
                    .map((r) => (
                      <option key={r} value={r}>
                        {r}
                      </option>
                    ))}
                </select>
              )}
            </Field>
            <button type="submit" className="primary" disabled={invite.isPending}>
              Send invitation
            </button>
          </form>
          <ErrorMessage error={invite.error ? errorMessage(invite.error) : null} />
          {lastInvite && (
            <div className="banner" role="status">
              <p>
                Invitation for {lastInvite.email}{" "}
                {lastInvite.emailStatus === "sent" ? "sent by e-mail" : "created (no e-mail was sent; share the link yourself)"}. The link
                works once, for 7 days:
              </p>
              <CopyField label="Invitation link" value={lastInvite.url} />
            </div>
          )}
          <h2>Pending invitations</h2>
          {invitations.data?.length === 0 && <p className="hint">None.</p>}
          <ul className="plain-list">
            {invitations.data?.map((i) => (
              <li key={i._id}>
                {i.email} · {i.role} · expires {new Date(i.expiresAt).toLocaleDateString()}{" "}
                <button type="button" className="small" onClick={() => revoke.mutate(i._id)}>
                  Revoke
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remove member"
        message={<p>Remove {removing?.name} from the organization? Their sessions and API tokens stop working.</p>}
        confirmLabel="Remove"
        danger
        busy={remove.isPending}
        error={remove.error ? errorMessage(remove.error) : null}
        onConfirm={() => removing && remove.mutate(removing.userId)}
        onClose={() => setRemoving(null)}
      />
    </>
  );
}

export function CopyField({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="copy-field">
      <label>
        {label}
        <input readOnly value={value} onFocus={(e) => e.currentTarget.select()} />
      </label>
      <button
        type="button"
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(value);
            setCopied(true);
          } catch {
            setCopied(false);
          }
        }}
      >
        {copied ? "Copied" : "Copy"}
      </button>
    </div>
  );
}
