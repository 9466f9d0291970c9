// Small shared building blocks: form fields, a confirmation dialog, progress bars, messages.
import { type ReactNode, useEffect, useId, useRef } from "react";

export function Field({ label, hint, children }: { label: string; hint?: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children(id)}
      {hint && <p className="hint">{hint}</p>}
    </div>
  );
}

export function ErrorMessage({ error }: { error: string | null | undefined }) {
  if (!error) return null;
  return (
    <p className="error" role="alert">
      {error}
    </p>
  );
}

export function ProgressBar({ label, percent, note }: { label: string; percent: number; note?: ReactNode }) {
  const rounded = Math.round(percent * 10) / 10;
  return (
    <div className="progress-row">
      <span className="progress-label">{label}</span>
      <div
        className="progress"
        role="progressbar"
        aria-label={`${label} progress`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={rounded}
      >
        <div className="progress-fill" style={{ width: `${Math.min(100, percent)}%` }} />
      </div>
      <span className="progress-value">{rounded}%</span>
      {note}
    </div>
  );
}

/** A modal dialog (native <dialog>, so focus is trapped and Escape closes it). */
export function Dialog({ title, open, onClose, children }: { title: string; open: boolean; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog ref={ref} aria-labelledby={titleId} onClose={onClose} onCancel={onClose}>
      {open && (
        <>
          <h2 id={titleId}>{title}</h2>
          {children}
        </>
      )}
    </dialog>
  );
}

export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  /** When set, the user must type this text to confirm (irreversible actions). */
  typeToConfirm?: string;
  busy?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <Dialog title={props.title} open={props.open} onClose={props.onClose}>
      <form
        method="dialog"
        onSubmit={(e) => {
          e.preventDefault();
          if (props.typeToConfirm && inputRef.current?.value !== props.typeToConfirm) return;
          props.onConfirm();
        }}
      >
        <div className="dialog-body">{props.message}</div>
        {props.typeToConfirm && (
          <Field label={`Type “${props.typeToConfirm}” to confirm`}>
            {(id) => <input id={id} ref={inputRef} autoComplete="off" required pattern={escapePattern(props.typeToConfirm!)} />}
          </Field>
        )}
        <ErrorMessage error={props.error} />
        <div className="actions">
          <button type="button" onClick={props.onClose}>
            Cancel
          </button>
          <button type="submit" className={props.danger ? "danger" : "primary"} disabled={props.busy}>
            {props.confirmLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function escapePattern(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");
}

const displayNames = (() => {
  try {
    return new Intl.DisplayNames(["en"], { type: "language" });
  } catch {
    return null;
  }
})();

/** "de-AT" → "Austrian German"; the code itself when the browser does not know it. */
export function languageName(code: string): string {
  try {
    return displayNames?.of(code) ?? code;
  } catch {
    return code;
  }
}

export function LanguageLabel({ code }: { code: string }) {
  return (
    <span>
      {languageName(code)} <span className="code">{code}</span>
    </span>
  );
}
