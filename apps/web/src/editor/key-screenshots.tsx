// The side panel's screenshots of the selected key: each thumbnail with the key's regions
// highlighted; a click opens the full image, highlighted the same way (docs/visual-context.md).
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { queries } from "../api/queries";
import { errorMessage, type RouterOutputs } from "../api/trpc";
import { Dialog, ErrorMessage } from "../components/ui";
import { Link } from "../router/router";

type Screenshot = RouterOutputs["screenshots"]["list"][number];

const imageUrl = (s: Screenshot, variant: "image" | "thumbnail") => `/api/projects/${s.projectId}/screenshots/${s._id}/${variant}`;

/** The image with the key's regions drawn over it, placed in percent of the original's pixels. */
function Highlighted({ shot, keyId, variant }: { shot: Screenshot; keyId: string; variant: "image" | "thumbnail" }) {
  const size = variant === "image" ? shot : shot.thumbnail;
  return (
    <span className="shot-frame">
      <img src={imageUrl(shot, variant)} alt="" width={size.width} height={size.height} loading="lazy" />
      {shot.regions
        .filter((r) => r.keyId === keyId)
        .map((r) => (
          <span
            key={r._id}
            className="shot-region"
            style={{
              left: `${(r.x / shot.width) * 100}%`,
              top: `${(r.y / shot.height) * 100}%`,
              width: `${(r.width / shot.width) * 100}%`,
              height: `${(r.height / shot.height) * 100}%`,
            }}
          />
        ))}
    </span>
  );
}

export function KeyScreenshots({ projectId, keyId, keyName }: { projectId: string; keyId: string; keyName: string }) {
  const shots = useQuery(queries.screenshots.list.queryOptions({ projectId, keyId }));
  const [open, setOpen] = useState<Screenshot | null>(null);
  const list = shots.data ?? [];
  return (
    <section className="panel-section">
      <h3>Screenshots ({list.length})</h3>
      {shots.isSuccess && list.length === 0 && <p className="hint">No screenshot shows this key yet.</p>}
      <ul className="shots">
        {list.map((s) => (
          <li key={s._id}>
            <button type="button" className="shot-button" onClick={() => setOpen(s)} aria-label={`Enlarge screenshot ${s.name}`}>
              <Highlighted shot={s} keyId={keyId} variant="thumbnail" />
            </button>
            <span className="hint">{s.name}</span>
          </li>
        ))}
      </ul>
      <ErrorMessage error={shots.error ? errorMessage(shots.error) : null} />
      <Dialog title={open ? `${open.name}: where ${keyName} appears` : ""} open={open !== null} onClose={() => setOpen(null)}>
        {open && (
          <>
            <div className="shot-large">
              <Highlighted shot={open} keyId={keyId} variant="image" />
            </div>
            <p className="hint">
              {open.width}×{open.height} px; the highlighted area is where this key appears.
            </p>
            <div className="actions">
              <Link to={`/projects/${projectId}/screenshots/${open._id}`}>Open the region editor</Link>
              <button type="button" onClick={() => setOpen(null)}>
                Close
              </button>
            </div>
          </>
        )}
      </Dialog>
    </section>
  );
}
