// Project → Screenshots → one screenshot (docs/visual-context.md): its regions over the image, a
// rectangle drawn with the mouse (or a finger) becomes a new region, a region is dragged to move
// it and by its corner to resize it; the form beside the image does the same by keyboard (key
// picker, x, y, width, height). Changes are a draft until Save, which replaces all the
// screenshot's regions in one request (`screenshots.setRegions`). Those who may not write
// screenshots (translators, reviewers) see the regions without the editing controls.
import { useMutation, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from "react";
import { queries } from "../api/queries";
import { useCan } from "../api/session";
import { errorMessage, type RouterOutputs, trpc } from "../api/trpc";
import { ErrorMessage } from "../components/ui";
import { Link } from "../router/router";
import { keyLabel } from "./key-picker";
import { type DraftRegion, RegionForm } from "./region-form";
import { type Box, boxBetween, moveBox, percentStyle, resizeBox, toImagePixels } from "./region-geometry";

type Screenshot = RouterOutputs["screenshots"]["get"];

/** Smallest rectangle a drag makes (smaller is taken for a click). */
const MIN_DRAWN = 4;

type Drag =
  | { kind: "draw"; pointerId: number; from: { x: number; y: number }; box: Box }
  | { kind: "move" | "resize"; pointerId: number; from: { x: number; y: number }; local: string; origin: Box };

let nextLocal = 0;
const localId = () => `r${++nextLocal}`;

const describe = (r: DraftRegion) => `${r.key?.label ?? "no key yet"} at ${r.x}, ${r.y}, ${r.width}×${r.height}`;

export default function RegionEditorScreen({ projectId, screenshotId }: { projectId: string; screenshotId: string }) {
  const qc = useQueryClient();
  const can = useCan();
  const project = useQuery(queries.projects.get.queryOptions({ id: projectId }));
  const shot = useQuery(queries.screenshots.get.queryOptions({ projectId, screenshotId }));
  const keyIds = [...new Set((shot.data?.regions ?? []).map((r) => r.keyId))];
  const keys = useQueries({
    queries: keyIds.map((keyId) => ({
      ...queries.keys.get.queryOptions({ projectId, keyId }),
      staleTime: 60_000,
    })),
  });
  const labels = new Map(keys.flatMap((k) => (k.data ? [[k.data._id, keyLabel(k.data)] as const] : [])));
  const labelsReady = keys.every((k) => !k.isPending);

  const [drafts, setDrafts] = useState<DraftRegion[] | null>(null);
  const [dirty, setDirty] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const canvasRef = useRef<HTMLDivElement>(null);
  const formStart = useRef<HTMLDivElement>(null);
  const focusForm = useRef(false);

  const fromServer = (s: Screenshot): DraftRegion[] =>
    s.regions.map((r) => ({
      local: localId(),
      key: { id: r.keyId, label: labels.get(r.keyId) ?? r.keyId },
      x: r.x,
      y: r.y,
      width: r.width,
      height: r.height,
    }));
  // The server's regions become the draft once their keys' names are known, and again after a save.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only these reset the draft (not every render's fromServer)
  useEffect(() => {
    if (shot.data && labelsReady && !dirty) setDrafts(fromServer(shot.data));
  }, [shot.data, labelsReady, dirty]);
  useEffect(() => {
    if (focusForm.current && selected) {
      focusForm.current = false;
      formStart.current?.querySelector("input")?.focus();
    }
  }, [selected]);

  const save = useMutation({
    mutationFn: (regions: DraftRegion[]) =>
      trpc.screenshots.setRegions.mutate({
        projectId,
        screenshotId,
        regions: regions.map((r) => ({ keyId: r.key!.id, x: r.x, y: r.y, width: r.width, height: r.height })),
      }),
    onSuccess: async (s) => {
      qc.setQueryData(queries.screenshots.get.queryKey({ projectId, screenshotId }), s);
      setSelected(null);
      setDirty(false);
      setSaved(`Saved ${s.regions.length} region${s.regions.length === 1 ? "" : "s"}.`);
      await qc.invalidateQueries(queries.screenshots.list.pathFilter({ projectId: projectId }));
    },
  });

  if (project.isError || shot.isError) return <ErrorMessage error={errorMessage(project.error ?? shot.error)} />;
  const p = project.data;
  const s = shot.data;
  if (!p || !s || !drafts) return <p role="status">Loading…</p>;
  const editable = can("screenshots.write") && !p.archived;
  const size = { width: s.width, height: s.height };
  const change = (next: DraftRegion[]) => {
    setDrafts(next);
    setDirty(true);
    setSaved(null);
    save.reset();
  };
  const update = (local: string, f: (r: DraftRegion) => DraftRegion) => change(drafts.map((r) => (r.local === local ? f(r) : r)));
  const remove = (local: string) => {
    change(drafts.filter((r) => r.local !== local));
    if (selected === local) setSelected(null);
  };
  const add = (box: Box, focus: boolean) => {
    const r: DraftRegion = { local: localId(), key: null, ...box };
    change([...drafts, r]);
    focusForm.current = focus;
    setSelected(r.local);
  };
  const pointAt = (e: PointerEvent) => toImagePixels(e.clientX, e.clientY, canvasRef.current!.getBoundingClientRect(), size);

  const onCanvasDown = (e: PointerEvent<HTMLDivElement>) => {
    if (!editable || e.button !== 0) return;
    const target = e.target as HTMLElement;
    const regionEl = target.closest<HTMLElement>("[data-local]");
    const from = pointAt(e);
    canvasRef.current!.setPointerCapture(e.pointerId);
    e.preventDefault();
    if (regionEl) {
      const local = regionEl.dataset.local!;
      const origin = drafts.find((r) => r.local === local)!;
      setSelected(local);
      regionEl.focus();
      setDrag({ kind: target.dataset.handle ? "resize" : "move", pointerId: e.pointerId, from, local, origin });
    } else {
      setDrag({ kind: "draw", pointerId: e.pointerId, from, box: { ...from, width: 0, height: 0 } });
    }
  };
  const onCanvasMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag || drag.pointerId !== e.pointerId) return;
    const at = pointAt(e);
    if (drag.kind === "draw") return setDrag({ ...drag, box: boxBetween(drag.from, at) });
    const dx = at.x - drag.from.x;
    const dy = at.y - drag.from.y;
    const box = drag.kind === "move" ? moveBox(drag.origin, dx, dy, size) : resizeBox(drag.origin, dx, dy, size);
    if (dx !== 0 || dy !== 0) update(drag.local, (r) => ({ ...r, ...box }));
  };
  const onCanvasUp = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag || drag.pointerId !== e.pointerId) return;
    setDrag(null);
    if (drag.kind === "draw" && drag.box.width >= MIN_DRAWN && drag.box.height >= MIN_DRAWN) add(drag.box, false);
    else if (drag.kind === "draw") setSelected(null);
  };
  const onRegionKey = (e: KeyboardEvent<HTMLButtonElement>, r: DraftRegion) => {
    if (!editable) return;
    const step = e.shiftKey ? 10 : 1;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const m = moves[e.key];
    if (m) {
      e.preventDefault();
      update(r.local, (d) => ({ ...d, ...moveBox(d, m[0], m[1], size) }));
    } else if (e.key === "Delete" || e.key === "Backspace") {
      e.preventDefault();
      remove(r.local);
    }
  };

  const index = drafts.findIndex((r) => r.local === selected);
  const current = index >= 0 ? drafts[index] : undefined;
  const missingKey = drafts.some((r) => !r.key);
  return (
    <section className="region-editor">
      <p className="crumbs">
        <Link to="/">Projects</Link> / <Link to={`/projects/${p._id}`}>{p.name}</Link> /{" "}
        <Link to={`/projects/${p._id}/screenshots`}>Screenshots</Link> / {s.name}
      </p>
      <h1>{s.name}</h1>
      <p className="hint">
        {s.width}×{s.height} px.{" "}
        {editable
          ? "Drag on the image to draw a region, drag a region to move it and its corner to resize it. On a selected region the arrow keys move it (Shift: 10 px) and Delete removes it; the form does the same by keyboard."
          : "The outlined areas show where keys appear."}
      </p>
      <div className="region-layout">
        <div
          ref={canvasRef}
          className={`region-canvas${editable ? " editable" : ""}`}
          onPointerDown={onCanvasDown}
          onPointerMove={onCanvasMove}
          onPointerUp={onCanvasUp}
          onPointerCancel={() => setDrag(null)}
        >
          <img
            src={`/api/projects/${p._id}/screenshots/${s._id}/image`}
            alt={`Screenshot ${s.name}`}
            width={s.width}
            height={s.height}
            draggable={false}
          />
          {drafts.map((r, i) => (
            <button
              key={r.local}
              type="button"
              data-local={r.local}
              className={`region-box${r.local === selected ? " selected" : ""}${r.key ? "" : " unassigned"}`}
              style={percentStyle(r, size)}
              aria-label={`Region ${i + 1}: ${describe(r)}`}
              aria-pressed={r.local === selected}
              onClick={() => setSelected(r.local)}
              onKeyDown={(e) => onRegionKey(e, r)}
            >
              <span className="region-tag">{r.key?.label ?? "?"}</span>
              {editable && r.local === selected && <span className="region-handle" data-handle="1" aria-hidden="true" />}
            </button>
          ))}
          {drag?.kind === "draw" && <span className="region-box drawing" style={percentStyle(drag.box, size)} />}
        </div>
        <div className="region-side">
          <h2>Regions ({drafts.length})</h2>
          {drafts.length === 0 && <p className="hint">No region yet.</p>}
          <ol className="region-list">
            {drafts.map((r) => (
              <li key={r.local} className={r.local === selected ? "selected" : undefined}>
                <span>{describe(r)}</span>
                {editable && (
                  <span className="row-actions">
                    <button
                      type="button"
                      className="small"
                      aria-label={`Edit region ${r.key?.label ?? "without key"}`}
                      onClick={() => {
                        focusForm.current = true;
                        setSelected(r.local);
                      }}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className="small danger"
                      aria-label={`Delete region ${r.key?.label ?? "without key"}`}
                      onClick={() => remove(r.local)}
                    >
                      Delete
                    </button>
                  </span>
                )}
              </li>
            ))}
          </ol>
          {editable && (
            <>
              <button type="button" onClick={() => add(defaultBox(size), true)}>
                Add a region
              </button>
              {current && (
                <RegionForm
                  key={`${current.local}:${current.key?.id}:${current.x}:${current.y}:${current.width}:${current.height}`}
                  projectId={p._id}
                  size={size}
                  region={current}
                  index={index}
                  firstFieldRef={formStart}
                  onApply={(r) => update(r.local, () => r)}
                  onDelete={() => remove(current.local)}
                />
              )}
              <div className="actions">
                <button
                  type="button"
                  className="primary"
                  disabled={!dirty || missingKey || save.isPending}
                  onClick={() => save.mutate(drafts)}
                >
                  Save regions
                </button>
                <button
                  type="button"
                  disabled={!dirty || save.isPending}
                  onClick={() => {
                    setSelected(null);
                    setDirty(false);
                    setDrafts(fromServer(s));
                  }}
                >
                  Discard changes
                </button>
              </div>
              {dirty && missingKey && <p className="hint">Choose a key for every region before saving.</p>}
              {dirty && !missingKey && <p className="hint">Unsaved changes.</p>}
              {saved && <p role="status">{saved}</p>}
              <ErrorMessage error={save.error ? errorMessage(save.error) : null} />
            </>
          )}
        </div>
      </div>
    </section>
  );
}

/** Where "Add a region" puts a new region: a small box in the image's upper left, inside it. */
function defaultBox(size: { width: number; height: number }): Box {
  const width = Math.max(1, Math.min(200, Math.floor(size.width / 4)));
  const height = Math.max(1, Math.min(50, Math.floor(size.height / 8)));
  return { x: Math.min(20, size.width - width), y: Math.min(20, size.height - height), width, height };
}
