// A list of quality-check issues: severity, message, and the offending span of the value marked.
import type { ReactNode } from "react";
import type { QaIssue } from "./qa";

const CONTEXT = 20;

/** The value around the issue's span, the span itself in a <mark>. */
function Excerpt({ value, start, end }: { value: string; start: number; end: number }) {
  const from = Math.max(0, start - CONTEXT);
  const to = Math.min(value.length, end + CONTEXT);
  const marked = value.slice(start, end);
  return (
    <span className="qa-excerpt">
      {from > 0 && "…"}
      {value.slice(from, start)}
      <mark title="The problem is here">{marked === "" ? "\u2038" : marked}</mark>
      {value.slice(end, to)}
      {to < value.length && "…"}
    </span>
  );
}

export function QaIssueList(props: {
  issues: (QaIssue & { ignored?: boolean })[];
  value: string;
  id?: string;
  /** Issues of a value being typed: an error means the save will be refused. */
  live?: boolean;
  /** Per issue, e.g. an "Ignore" button. */
  action?: (issue: QaIssue & { ignored?: boolean }) => ReactNode;
}) {
  const { issues, value } = props;
  if (issues.length === 0) return null;
  const refused = props.live && issues.some((i) => i.severity === "error" && !i.ignored);
  return (
    <div id={props.id} className="qa-issues" role="status">
      {refused && <p className="error">This value has an error: saving it will be refused.</p>}
      <ul>
        {issues.map((i, n) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a check may report several findings; order is stable
          <li key={`${i.check}:${n}`} className={`qa-issue ${i.severity}${i.ignored ? " ignored" : ""}`}>
            <span className={`badge ${i.severity === "error" ? "qa-error" : "warn"}`}>{i.severity === "error" ? "Error" : "Warning"}</span>{" "}
            <span className="qa-message">{i.message}</span> <code className="qa-check">{i.check}</code>
            {i.ignored && <span className="hint"> (ignored)</span>}
            {i.start !== undefined && i.end !== undefined && i.end >= i.start && (
              <>
                {" "}
                <Excerpt value={value} start={i.start} end={i.end} />
              </>
            )}
            {props.action?.(i)}
          </li>
        ))}
      </ul>
    </div>
  );
}
