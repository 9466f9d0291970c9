// The inline editor: a modal <dialog> (focus kept inside, Escape closes, labelled fields) in a
// shadow root, so the page's styles and ours do not meet. Styles come from a constructed
// stylesheet and positions from the CSSOM: a strict Content-Security-Policy (no
// 'unsafe-inline') allows both, where a <style> element or a style attribute would be refused.
import type { Mark } from "./registry";

const CSS = `
dialog{font:14px/1.4 system-ui,sans-serif;color:#1a1a1a;background:#fff;border:1px solid #888;border-radius:8px;padding:16px;width:min(420px,90vw);box-shadow:0 8px 24px #0004}
dialog::backdrop{background:#0002}
h2{font-size:16px;margin:0 0 4px}
p{margin:0 0 8px}
.key{color:#444;font-family:ui-monospace,monospace;word-break:break-all}
label{display:block;font-weight:600;margin:8px 0 4px}
textarea,input{box-sizing:border-box;width:100%;font:inherit;padding:6px;border:1px solid #666;border-radius:4px}
textarea{min-height:80px;resize:vertical}
.error{color:#a00000;white-space:pre-wrap}
.buttons{display:flex;gap:8px;justify-content:flex-end;margin-top:12px}
button{font:inherit;padding:6px 14px;border-radius:4px;border:1px solid #555;background:#f4f4f4;color:#1a1a1a;cursor:pointer}
button[type=submit]{background:#1f4fa8;border-color:#1f4fa8;color:#fff}
:focus-visible{outline:2px solid #1f4fa8;outline-offset:2px}
`;

export interface EditRequest {
  mark: Mark;
  /** Loads the stored value; rejects with the server's message. */
  load(): Promise<string | undefined>;
  /** Saves; rejects with the server's message (shown to the translator). */
  save(value: string): Promise<void>;
  /** Asked for when no token is configured (kept for the browser tab's session). */
  needsToken: boolean;
  setToken(token: string): void;
}

export interface Editor {
  open(request: EditRequest, fallbackValue: string): void;
  /** Our own element, which the scanner and the click handler leave alone. */
  host: HTMLElement;
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Record<string, unknown> = {},
  ...children: Node[]
): HTMLElementTagNameMap[K] {
  const el = Object.assign(document.createElement(tag), props);
  el.append(...children);
  return el;
}

export function createEditor(): Editor {
  const host = document.createElement("locale-in-context");
  const root = host.attachShadow({ mode: "open" });
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(CSS);
  root.adoptedStyleSheets = [sheet];

  const title = element("h2", { id: "title", textContent: "Edit translation" });
  const keyLine = element("p", { className: "key", id: "key" });
  const valueLabel = element("label", { htmlFor: "value" });
  const value = element("textarea", { id: "value" });
  const tokenLabel = element("label", { htmlFor: "token", textContent: "Your API token" });
  const token = element("input", { id: "token", type: "password", autocomplete: "off" });
  const tokenRow = element("div", {}, tokenLabel, token);
  const error = element("p", { className: "error", id: "error" });
  error.setAttribute("role", "alert");
  const cancel = element("button", { type: "button", textContent: "Cancel" });
  const save = element("button", { type: "submit", textContent: "Save" });
  const form = element(
    "form",
    {},
    title,
    keyLine,
    valueLabel,
    value,
    tokenRow,
    error,
    element("div", { className: "buttons" }, cancel, save),
  );
  const dialog = element("dialog", {}, form);
  dialog.setAttribute("aria-labelledby", "title");
  dialog.setAttribute("aria-describedby", "key");
  root.append(dialog);

  let current: EditRequest | undefined;
  cancel.addEventListener("click", () => dialog.close());

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const request = current;
    if (!request) return;
    if (request.needsToken) {
      if (!token.value.trim()) {
        error.textContent = "Enter your API token.";
        token.focus();
        return;
      }
      request.setToken(token.value.trim());
    }
    save.disabled = true;
    error.textContent = "";
    try {
      await request.save(value.value);
      if (current === request) dialog.close();
    } catch (e) {
      if (current === request) error.textContent = e instanceof Error ? e.message : String(e);
    } finally {
      save.disabled = false;
    }
  });

  return {
    host,
    open(request, fallbackValue) {
      if (!host.isConnected) document.body.append(host);
      current = request;
      const { key, namespace, language } = request.mark;
      keyLine.textContent = `${namespace ? `${namespace}:` : ""}${key} · ${language}`;
      valueLabel.textContent = `Translation (${language})`;
      tokenRow.hidden = !request.needsToken;
      value.readOnly = false;
      value.removeAttribute("aria-busy");
      error.textContent = "";
      value.value = fallbackValue;
      if (!dialog.open) dialog.showModal();
      (request.needsToken && !token.value ? token : value).focus();
      if (request.needsToken) return;
      // Read-only until the stored value is in, so nothing typed meanwhile is overwritten.
      value.readOnly = true;
      value.setAttribute("aria-busy", "true");
      const ready = () => {
        if (current !== request) return;
        value.readOnly = false;
        value.removeAttribute("aria-busy");
      };
      request.load().then(
        (stored) => {
          if (current === request && stored !== undefined) value.value = stored;
          ready();
        },
        (e: unknown) => {
          if (current === request) error.textContent = e instanceof Error ? e.message : String(e);
          ready();
        },
      );
    },
  };
}
