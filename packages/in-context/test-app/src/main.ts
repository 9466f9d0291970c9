// The test application: i18next renders 50 keys into ordinary elements; @locale/in-context marks
// them in development. The service's address and the project come from the query string.
import { i18nextSaver, inContextPostProcessor, startInContext } from "@locale/in-context";
import i18next from "i18next";
import { en, fr } from "./strings";

const params = new URLSearchParams(location.search);
// `marking=off`: the same page without the package, to compare layouts.
const marking = params.get("marking") !== "off";

if (marking) i18next.use(inContextPostProcessor());
await i18next.init({
  lng: params.get("lng") ?? "fr",
  fallbackLng: "en",
  keySeparator: false,
  resources: { en: { translation: en }, fr: { translation: fr } },
  postProcess: marking ? ["localeInContext"] : [],
  postProcessPassResolved: true,
});

if (marking) {
  const inContext = startInContext({
    apiUrl: params.get("api") ?? location.origin,
    projectId: params.get("project") ?? "",
    onSaved: i18nextSaver(i18next),
  });
  (window as unknown as { inContext: typeof inContext }).inContext = inContext;
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, key?: string, ...children: Node[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (key) {
    node.dataset.key = key;
    node.textContent = i18next.t(key, { name: "Ada" });
  }
  node.append(...children);
  return node;
}

function range(prefix: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => `${prefix}.${i + 1}`);
}

function render(): void {
  const t = (key: string) => i18next.t(key);
  const nav = el("nav", undefined, ...range("nav", 5).map((k) => Object.assign(el("a", k), { href: `#${k}` })));
  const actions = el("section", undefined, ...range("action", 10).map((k) => el("button", k)));
  const list = el("ul", undefined, ...range("item", 10).map((k) => el("li", k)));
  const cells = range("cell", 10);
  const table = el(
    "table",
    undefined,
    el("tr", undefined, ...cells.slice(0, 5).map((k) => el("td", k))),
    el("tr", undefined, ...cells.slice(5).map((k) => el("td", k))),
  );
  const fields = el(
    "section",
    undefined,
    ...range("field", 5).map((k, i) => {
      const input = el("input");
      input.dataset.key = `hint.${i + 1}`;
      input.placeholder = t(`hint.${i + 1}`);
      input.id = `field-${i + 1}`;
      return el("div", undefined, Object.assign(el("label", k), { htmlFor: input.id }), input);
    }),
  );
  const greeting = el("p", undefined, el("span", "page.greeting"), document.createTextNode(" "), el("em", "page.hint"));
  document
    .getElementById("app")!
    .replaceChildren(
      el("h1", "page.title"),
      el("p", "page.intro"),
      greeting,
      nav,
      actions,
      list,
      table,
      fields,
      el("footer", "page.footer"),
    );
}

render();
i18next.store.on("added", render);
document.body.dataset.ready = "true";
