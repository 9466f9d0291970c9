// Usage against the quotas the service's operator sets (QUOTA_* settings): keys, projects,
// members (open invitations included) and AI characters this month. Owners and admins only,
// on the organization settings screen; the limits themselves are not theirs to change.
import { useQuery } from "@tanstack/react-query";
import { queries } from "../api/queries";
import { errorMessage } from "../api/trpc";
import { ErrorMessage } from "../components/ui";

const LABELS: Record<string, string> = {
  keys: "Keys",
  projects: "Projects",
  members: "Members and open invitations",
  aiCharactersPerMonth: "AI characters this month",
};

const number = new Intl.NumberFormat("en");

export function UsageSection() {
  const usage = useQuery(queries.organizations.usage.queryOptions({ orgId: "current" }));
  const u = usage.data;
  return (
    <section aria-labelledby="usage-heading" className="usage">
      <h2 id="usage-heading">Usage and quotas</h2>
      <ErrorMessage error={usage.error ? errorMessage(usage.error) : null} />
      {u && (
        <>
          <table className="data usage-table">
            <thead>
              <tr>
                <th scope="col">Quota</th>
                <th scope="col">Used</th>
                <th scope="col">Limit</th>
              </tr>
            </thead>
            <tbody>
              {u.quotas.map((q) => {
                const percent = q.limit === null ? null : q.limit === 0 ? 100 : Math.min(100, (q.used / q.limit) * 100);
                const label = LABELS[q.dimension] ?? q.dimension;
                return (
                  <tr key={q.dimension} data-quota={q.dimension}>
                    <th scope="row">{label}</th>
                    <td>
                      {number.format(q.used)}
                      {percent !== null && (
                        <div
                          className={`progress${percent >= 100 ? " full" : ""}`}
                          role="progressbar"
                          aria-label={`${label}: share of the quota used`}
                          aria-valuemin={0}
                          aria-valuemax={100}
                          aria-valuenow={Math.round(percent)}
                        >
                          <div className="progress-fill" style={{ width: `${percent}%` }} />
                        </div>
                      )}
                    </td>
                    <td>{q.limit === null ? "Unlimited" : number.format(q.limit)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <p className="hint">
            AI characters count from {u.period.start.slice(0, 10)} to {u.period.end.slice(0, 10)} (UTC). The service's operator sets the
            limits; a change that would pass one is refused.
          </p>
        </>
      )}
    </section>
  );
}
