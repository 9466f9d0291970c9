import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage, trpc } from "../api/trpc";
import { ErrorMessage } from "../components/ui";

export function ActivitySection() {
  const [action, setAction] = useState("");
  const [from, setFrom] = useState("");
  const [page, setPage] = useState(1);
  const activity = useQuery({
    queryKey: ["activity", action, from, page],
    queryFn: () =>
      trpc.activity.listOrganization.query({ orgId: "current", page, limit: 50, ...(action ? { action } : {}), ...(from ? { from } : {}) }),
  });
  const meta = activity.data?.meta;
  return (
    <>
      <h1>Activity</h1>
      <div className="form-row">
        <label>
          Action{" "}
          <input
            value={action}
            placeholder="e.g. translation.updated"
            onChange={(e) => {
              setAction(e.target.value);
              setPage(1);
            }}
          />
        </label>
        <label>
          Since{" "}
          <input
            type="date"
            value={from}
            onChange={(e) => {
              setFrom(e.target.value);
              setPage(1);
            }}
          />
        </label>
      </div>
      <ErrorMessage error={activity.error ? errorMessage(activity.error) : null} />
      <table className="data">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">Action</th>
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
              <td className="details">{JSON.stringify(a.metadata)}</td>
            </tr>
          ))}
        </tbody>
      </table>
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
