// Region arithmetic of the region editor, in whole pixels of the original image: what the API
// stores and checks (inside the image, at least 1 × 1; docs/visual-context.md).

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ImageSize {
  width: number;
  height: number;
}

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));

/** A point of the displayed image (client coordinates) in pixels of the original. */
export function toImagePixels(clientX: number, clientY: number, shown: DOMRect, size: ImageSize): { x: number; y: number } {
  return {
    x: clamp(Math.round(((clientX - shown.left) / shown.width) * size.width), 0, size.width),
    y: clamp(Math.round(((clientY - shown.top) / shown.height) * size.height), 0, size.height),
  };
}

/** The rectangle between two corners, whichever way it was dragged. */
export function boxBetween(a: { x: number; y: number }, b: { x: number; y: number }): Box {
  return { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), width: Math.abs(a.x - b.x), height: Math.abs(a.y - b.y) };
}

/** Moves a box by (dx, dy), kept whole inside the image. */
export function moveBox(box: Box, dx: number, dy: number, size: ImageSize): Box {
  return { ...box, x: clamp(box.x + dx, 0, size.width - box.width), y: clamp(box.y + dy, 0, size.height - box.height) };
}

/** Changes a box's size by (dw, dh) from its top-left corner, at least 1 px and inside the image. */
export function resizeBox(box: Box, dw: number, dh: number, size: ImageSize): Box {
  return { ...box, width: clamp(box.width + dw, 1, size.width - box.x), height: clamp(box.height + dh, 1, size.height - box.y) };
}

/** Why a box would be refused by the API, or null when it is acceptable. */
export function boxProblem(box: Box, size: ImageSize): string | null {
  const whole = [box.x, box.y, box.width, box.height].every(Number.isInteger);
  if (!whole) return "Use whole pixels.";
  if (box.x < 0 || box.y < 0) return "x and y cannot be negative.";
  if (box.width < 1 || box.height < 1) return "Width and height must be at least 1 pixel.";
  if (box.x + box.width > size.width || box.y + box.height > size.height) {
    return `The region must lie inside the ${size.width}×${size.height} image.`;
  }
  return null;
}

/** A box as percentages of the image, for an overlay that scales with the displayed image. */
export const percentStyle = (box: Box, size: ImageSize) => ({
  left: `${(box.x / size.width) * 100}%`,
  top: `${(box.y / size.height) * 100}%`,
  width: `${(box.width / size.width) * 100}%`,
  height: `${(box.height / size.height) * 100}%`,
});
