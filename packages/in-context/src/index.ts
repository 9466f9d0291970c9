// @locale/in-context: in development, mark each translated string, open an editor on Alt+click
// (or Alt+Enter on a focused element) that saves through the service's API with the
// translator's own token, and capture screenshots with each visible key's region. The capture
// code and its screenshot library load only when capture() is first called.
import { type Api, type ApiSettings, createApi } from "./api";
import { createEditor } from "./editor";
import { type Mark, markOf } from "./registry";
import { type Scanner, startScanner } from "./scanner";

export { ApiError } from "./api";
export type { CaptureOptions, CaptureResult, Region, ScreenshotUpload } from "./capture";
export { type I18nextMarkingOptions, i18nextSaver, inContextPostProcessor, POST_PROCESSOR } from "./i18next";
export { markString, type WrapTOptions, wrapT } from "./mark";
export type { Mark } from "./registry";

const TOKEN_STORAGE = "locale-in-context-token";

export interface Saved extends Mark {
  keyId: string;
  value: string;
}

export interface InContextOptions extends ApiSettings {
  /** The translator's API token; without it the editor asks for one and keeps it for the tab's session. */
  apiKey?: string;
  /** Called after a save, e.g. `i18nextSaver(i18next)` so the page shows the new value. */
  onSaved?: (saved: Saved) => void;
}

export interface InContext {
  /** Opens the editor for the innermost marked string at or around `target`; false when there is none. */
  edit(target: Node, point?: { x: number; y: number }): boolean;
  /** Takes a screenshot of the page with the regions of its visible keys and uploads it. */
  capture(options?: import("./capture").CaptureOptions): Promise<import("./capture").CaptureResult>;
  stop(): void;
}

function sessionToken(): string | undefined {
  try {
    return sessionStorage.getItem(TOKEN_STORAGE) ?? undefined;
  } catch {
    return undefined;
  }
}

interface Found {
  id: number;
  /** The string as the page shows it (the editor's value until the stored one arrives). */
  shown: string;
}

function inText(node: Node, segment: { id: number; start: number; end: number } | undefined): Found | undefined {
  return segment && { id: segment.id, shown: (node as Text).data.slice(segment.start, segment.end) };
}

/** The mark under a point of a text node, or the first one on the element or its ancestors. */
function findMark(scanner: Scanner, target: Node, point?: { x: number; y: number }): Found | undefined {
  if (point) {
    const caret = document.caretPositionFromPoint?.(point.x, point.y);
    const node = caret?.offsetNode;
    const segments = node && scanner.segmentsOf(node);
    const found = node && inText(node, segments?.filter((s) => s.start <= caret!.offset && caret!.offset <= s.end).pop());
    if (found) return found;
  }
  for (let el: Node | null = target; el && el !== document.documentElement; el = el.parentNode) {
    const own = inText(el, scanner.segmentsOf(el)?.[0]);
    if (own) return own;
    if (el.nodeType !== Node.ELEMENT_NODE) continue;
    for (const child of el.childNodes) {
      const found = inText(child, scanner.segmentsOf(child)?.[0]);
      if (found) return found;
    }
    const attributes = scanner.attributesOf(el as Element);
    for (const [name, ids] of attributes ?? []) {
      if (ids[0] !== undefined) return { id: ids[0], shown: (el as Element).getAttribute(name) ?? "" };
    }
  }
  return undefined;
}

export function startInContext(options: InContextOptions): InContext {
  let token = options.apiKey ?? sessionToken();
  const api: Api = createApi(options, () => token);
  const editor = createEditor();
  const isOurs = (node: Node) => node === editor.host;
  const scanner = startScanner(document.documentElement, isOurs);

  function edit(target: Node, point?: { x: number; y: number }): boolean {
    const found = findMark(scanner, target, point);
    const mark = found && markOf(found.id);
    if (!found || !mark) return false;
    const keyId = async () => {
      const found = await api.findKeyId(mark.key, mark.namespace);
      if (!found) throw new Error(`The project has no key "${mark.key}"${mark.namespace ? ` in namespace "${mark.namespace}"` : ""}.`);
      return found;
    };
    editor.open(
      {
        mark,
        needsToken: !token,
        setToken(value) {
          token = value;
          try {
            sessionStorage.setItem(TOKEN_STORAGE, value);
          } catch {
            // Storage may be off; the token then lasts until the page is left.
          }
        },
        load: async () => api.currentValue(await keyId(), mark.language),
        async save(value) {
          const id = await keyId();
          await api.saveValue(id, mark.language, value);
          options.onSaved?.({ ...mark, keyId: id, value });
        },
      },
      found.shown,
    );
    return true;
  }

  const onClick = (event: MouseEvent) => {
    if (!event.altKey || !(event.target instanceof Node) || editor.host.contains(event.target)) return;
    if (edit(event.target, { x: event.clientX, y: event.clientY })) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  };
  const onKey = (event: KeyboardEvent) => {
    if (!event.altKey || event.key !== "Enter" || !(event.target instanceof Node) || isOurs(event.target)) return;
    if (edit(event.target)) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  };
  document.addEventListener("click", onClick, true);
  document.addEventListener("keydown", onKey, true);

  return {
    edit,
    async capture(captureOptions = {}) {
      const { capture } = await import("./capture");
      return capture({ scanner, api, ignore: isOurs }, captureOptions);
    },
    stop() {
      scanner.stop();
      document.removeEventListener("click", onClick, true);
      document.removeEventListener("keydown", onKey, true);
      editor.host.remove();
    },
  };
}
