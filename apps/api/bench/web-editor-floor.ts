// The floor of the editor's scrolling benchmark: a plain page that virtualizes the same rows the
// same way (absolutely placed rows of a fixed height, re-rendered on scroll, a few rows of
// overscan) with no framework, in a scroll box of the editor grid's size and place.
export interface FloorRow {
  key: string;
  cells: string[];
}

export function floorPageHtml(rows: FloorRow[], rowPx: number, box: { x: number; y: number; width: number; height: number }): string {
  const json = JSON.stringify(rows).replace(/</g, "\\u003c");
  return `<!doctype html><html><head><meta charset="utf-8"><style>
body { margin: 0; font: 14px system-ui, sans-serif; }
#scroll { position: absolute; left: ${box.x}px; top: ${box.y}px; width: ${box.width}px; height: ${box.height}px; overflow: auto; contain: strict; }
.row { position: absolute; left: 0; width: 100%; height: ${rowPx}px; display: grid; grid-template-columns: 2.2rem 1.1fr 2fr 2fr 2fr; gap: .5rem; padding: .3rem .6rem; box-sizing: border-box; border-bottom: 1px solid #eee; }
</style></head><body><div id="scroll"><div id="inner"></div></div><script>
const rows = ${json};
const ROW = ${rowPx}, COUNT = 100000, OVERSCAN = 6;
const scroll = document.getElementById("scroll"), inner = document.getElementById("inner");
inner.style.height = COUNT * ROW + "px"; inner.style.position = "relative";
function render() {
  const first = Math.max(0, Math.floor(scroll.scrollTop / ROW) - OVERSCAN);
  const last = Math.min(COUNT - 1, Math.ceil((scroll.scrollTop + scroll.clientHeight) / ROW) + OVERSCAN);
  inner.replaceChildren();
  for (let i = first; i <= last; i++) {
    const r = rows[i % rows.length];
    const el = document.createElement("div");
    el.className = "row"; el.dataset.index = String(i); el.style.transform = "translateY(" + i * ROW + "px)";
    const box = document.createElement("input"); box.type = "checkbox"; el.append(box);
    const key = document.createElement("button"); key.textContent = r.key; el.append(key);
    for (const v of r.cells) { const c = document.createElement("button"); c.textContent = v || "Empty"; el.append(c); }
    inner.append(el);
  }
}
scroll.addEventListener("scroll", render, { passive: true });
render();
</script></body></html>`;
}
