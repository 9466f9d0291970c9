// Capture, loaded on demand: a screenshot of the page (modern-screenshot draws the DOM into a
// canvas through an SVG image) and each visible marked string's rectangle from the DOM, scaled
// to the image's pixels, uploaded together.
import { domToCanvas } from "modern-screenshot";
import type { Api } from "./api";
import { fontFaceCss } from "./fonts";
import { markOf } from "./registry";
import type { Scanner } from "./scanner";
import { type Region, type ScreenshotUpload, uploadScreenshot } from "./upload";

export type { Region, ScreenshotUpload } from "./upload";

export interface CaptureOptions {
  /** The screenshot's name (default: the page's path and title). */
  name?: string;
  /** What to capture (default: the whole document). */
  element?: Element;
  /** Image pixels per CSS pixel (default: the device's). */
  scale?: number;
  /** Instead of uploading: hand the screenshot to this function (the default uploads it). */
  upload?: (upload: ScreenshotUpload) => Promise<unknown>;
}

export interface CaptureResult {
  width: number;
  height: number;
  regions: Region[];
  /** Marked strings whose key the project does not have (left out). */
  unknownKeys: string[];
  /** The server's answer (the stored screenshot), or what `upload` returned. */
  uploaded: unknown;
}

const MAX_REGIONS = 1000;

interface Context {
  scanner: Scanner;
  api: Api;
  ignore: (node: Node) => boolean;
}

interface Found {
  id: number;
  rect: DOMRect;
}

function visible(element: Element): boolean {
  return element.checkVisibility?.({ visibilityProperty: true }) ?? true;
}

/** Where each marked string is on screen: its element when the string is the element's whole text, else the text's own box. */
function markedRectangles(scanner: Scanner): Found[] {
  const found: Found[] = [];
  for (const [node, segments] of scanner.texts()) {
    const element = node.parentElement;
    if (!element || !visible(element)) continue;
    for (const segment of segments) {
      const text = node.data.slice(segment.start, segment.end).trim();
      if (!text) continue;
      let rect: DOMRect;
      if (element.textContent?.trim() === text) rect = element.getBoundingClientRect();
      else {
        const range = document.createRange();
        range.setStart(node, segment.start);
        range.setEnd(node, segment.end);
        rect = range.getBoundingClientRect();
      }
      found.push({ id: segment.id, rect });
    }
  }
  for (const [element, attributes] of scanner.attributeElements()) {
    if (!visible(element)) continue;
    for (const ids of attributes.values()) for (const id of ids) found.push({ id, rect: element.getBoundingClientRect() });
  }
  return found.filter((f) => f.rect.width > 0 && f.rect.height > 0);
}

async function mapLimit<T, R>(items: T[], limit: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await run(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export async function capture(context: Context, options: CaptureOptions): Promise<CaptureResult> {
  const element = options.element ?? document.documentElement;
  const scale = options.scale ?? window.devicePixelRatio ?? 1;
  const fonts = await fontFaceCss();
  // Rectangles and image from the same moment: measure, then draw.
  const box = element.getBoundingClientRect();
  const marked = markedRectangles(context.scanner);
  const canvas = await domToCanvas(element, {
    scale,
    filter: (node) => !context.ignore(node),
    font: fonts ? { cssText: fonts } : false,
  });
  const sx = canvas.width / box.width;
  const sy = canvas.height / box.height;

  const names = [...new Set(marked.map((m) => m.id))];
  const keyIds = new Map<number, string | undefined>();
  await mapLimit(names, 4, async (id) => {
    const mark = markOf(id)!;
    keyIds.set(id, await context.api.findKeyId(mark.key, mark.namespace));
  });

  const regions: Region[] = [];
  for (const { id, rect } of marked) {
    const keyId = keyIds.get(id);
    if (!keyId) continue;
    // Whole pixels, clipped to the image: the server refuses a region outside it.
    const left = Math.max(0, Math.round((rect.left - box.left) * sx));
    const top = Math.max(0, Math.round((rect.top - box.top) * sy));
    const right = Math.min(canvas.width, Math.round((rect.right - box.left) * sx));
    const bottom = Math.min(canvas.height, Math.round((rect.bottom - box.top) * sy));
    if (right - left < 1 || bottom - top < 1) continue;
    regions.push({ keyId, x: left, y: top, width: right - left, height: bottom - top });
  }
  // The service takes at most 1,000 regions a screenshot: the first ones found are kept.
  regions.splice(MAX_REGIONS);
  const unknownKeys = names.filter((id) => !keyIds.get(id)).map((id) => markOf(id)!.key);

  const image = await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("The screenshot could not be encoded"))), "image/png"),
  );
  const upload: ScreenshotUpload = {
    name: options.name ?? (`${location.pathname} ${document.title}`.trim().slice(0, 300) || "page"),
    image,
    regions,
  };
  const uploaded = await (options.upload ?? ((u) => uploadScreenshot(context.api, u)))(upload);
  return { width: canvas.width, height: canvas.height, regions, unknownKeys, uploaded };
}
