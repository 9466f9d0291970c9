// The keyboard way to place a region: its key and x, y, width, height in pixels of the image. It
// edits the selected region of the draft; Apply (or Enter) changes it, nothing is sent until Save.
import { type FormEvent, type RefObject, useState } from "react";
import { ErrorMessage, Field } from "../components/ui";
import { KeyPicker, type PickedKey } from "./key-picker";
import { type Box, boxProblem, type ImageSize } from "./region-geometry";

export interface DraftRegion extends Box {
  /** Local id of the draft (server ids change on every save). */
  local: string;
  key: PickedKey | null;
}

const FIELDS = [
  ["x", "x (left, px)"],
  ["y", "y (top, px)"],
  ["width", "Width (px)"],
  ["height", "Height (px)"],
] as const;

export function RegionForm(props: {
  projectId: string;
  size: ImageSize;
  region: DraftRegion;
  index: number;
  firstFieldRef: RefObject<HTMLDivElement | null>;
  onApply: (region: DraftRegion) => void;
  onDelete: () => void;
}) {
  const { region, size } = props;
  const [key, setKey] = useState<PickedKey | null>(region.key);
  const [values, setValues] = useState(() => Object.fromEntries(FIELDS.map(([f]) => [f, String(region[f])])) as Record<keyof Box, string>);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const box = Object.fromEntries(FIELDS.map(([f]) => [f, values[f].trim() === "" ? Number.NaN : Number(values[f])])) as unknown as Box;
    const why = boxProblem(box, size);
    if (!key) return setProblem("Choose a key for this region.");
    if (why) return setProblem(why);
    setProblem(null);
    props.onApply({ ...region, ...box, key });
  };
  return (
    <form className="region-form" onSubmit={submit} aria-label={`Region ${props.index + 1}`}>
      <h3>Region {props.index + 1}</h3>
      <div ref={props.firstFieldRef}>
        <KeyPicker projectId={props.projectId} value={key} onChange={setKey} />
      </div>
      <div className="region-numbers">
        {FIELDS.map(([f, label]) => (
          <Field key={f} label={label}>
            {(id) => (
              <input
                id={id}
                type="number"
                inputMode="numeric"
                min={f === "width" || f === "height" ? 1 : 0}
                max={f === "x" || f === "width" ? size.width : size.height}
                step={1}
                value={values[f]}
                onChange={(e) => setValues((v) => ({ ...v, [f]: e.target.value }))}
              />
            )}
          </Field>
        ))}
      </div>
      <ErrorMessage error={problem} />
      <div className="actions">
        <button type="submit" className="primary">
          Apply
        </button>
        <button type="button" className="danger" onClick={props.onDelete}>
          Delete region
        </button>
      </div>
    </form>
  );
}
