// The server's action list itself (a dependency-free module), so the choices cannot drift from it.
import { ACTIVITY_ACTIONS } from "@locale/core/browser";
import { useQuery } from "@tanstack/react-query";
import { type ChangeEvent, useState } from "react";
import { queries } from "../api/queries";
import { errorMessage } from "../api/trpc";
import { ErrorMessage, Field } from "../components/ui";
import { type ActivityNames, describeActivity } from "./activity-details";

// Filters the server understands: action, member, and a date range (a "to" date covers its whole day, UTC).
type Filters = { action: string; userId: string; from: string; to: string };
const NO_FILTERS: Filters = { action: "", userId: "", from: "", to: "" };

export function ActivitySection() {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const members = useQuery(queries.members.list.queryOptions({ orgId: "current" }));
  const projects = useQuery(queries.projects.list.queryOptions({ includeArchived: "true" }));
  const names: ActivityNames = {
    project: (id) => projects.data?.find((p) => p._id === id)?.name,
    user: (id) => members.data?.find((m) => m.userId === id)?.name,
  };
  const activity = useQuery({
    ...queries.activity.listOrganization.queryOptions({
      orgId: "current",
      page,
      limit: 50,
      // Empty fields are left out rather than sent as "" (which would filter on nothing).
      ...Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== "")),
    }),
  });
  const set = (k: keyof Filters) => (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    setFilters((f) => ({ ...f, [k]: e.target.value }));
    setPage(1);
  };
  const meta = activity.data?.meta;
  const rangeBackwards = filters.from !== "" && filters.to !== "" && filters.to < filters.from;
  return (
    <>
      <h1>Activity</h1>
      <div className="form-row">
        <Field label="Action">
          {(id) => (
            <select id={id} value={filters.action} onChange={set("action")}>
              <option value="">Any action</option>
              {ACTIVITY_ACTIONS.map((a) => (
                <option key={a} value={a}>
                  {a}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Member">
          {(id) => (
            <select id={id} value={filters.userId} onChange={set("userId")}>
              <option value="">Anyone</option>
              {members.data?.map((m) => (
                <option key={m.userId} value={m.userId}>
                  {m.name} ({m.email})
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="From">
          {(id) => <input id={id} type="date" value={filters.from} max={filters.to || undefined} onChange={set("from")} />}
        </Field>
        <Field label="To">
          {(id) => <input id={id} type="date" value={filters.to} min={filters.from || undefined} onChange={set("to")} />}
        </Field>
        <button
          type="button"
          onClick={() => {
            setFilters(NO_FILTERS);
            setPage(1);
          }}
        >
          Clear filters
        </button>
      </div>
      {rangeBackwards && <p role="alert">The “to” date is before the “from” date: nothing can match.</p>}
      {activity.data?.data.length === 0 && <p>No activity matches these filters.</p>}
      <ErrorMessage error={activity.error ? errorMessage(activity.error) : null} />
      {!!activity.data?.data.length && (
        <table className="data" aria-label="Activity entries">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">Action</th>
              <th scope="col">Project</th>
              <th scope="col">Details</th>
            </tr>
          </thead>
          <tbody>
            {activity.data?.data.map((a) => (
              <tr key={a._id}>
                <td>{new Date(a.created).toLocaleString()}</td>
                <td>{a.userName ?? "system"}</td>
                <td>
                  <code>{a.action}</code>
                </td>
                <td>{a.projectId ? (names.project(a.projectId) ?? "deleted project") : "organization"}</td>
                <td className="details">{describeActivity(a.action, a.metadata, names)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {meta && (
        <div className="pager">
          <button type="button" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            Previous
          </button>
          <span>
            Page {meta.page} of {Math.max(1, meta.totalPages)}
          </span>
          <button type="button" disabled={page >= meta.totalPages} onClick={() => setPage((p) => p + 1)}>
            Next
          </button>
        </div>
      )}
    </>
  );
}
