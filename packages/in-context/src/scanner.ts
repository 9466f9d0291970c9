// Finds marked strings in the page and takes their markers out again. A MutationObserver's
// callback runs before the browser renders, so the markers never reach layout: the page looks
// and measures exactly as without this package. Where each string was is kept on the side
// (text node → segments, element → marked attributes).
import { hasMarkers, parse, type Segment } from "./markers";

/** Attributes whose text a user sees or hears. */
const ATTRIBUTES = ["title", "placeholder", "aria-label", "alt", "value"];

interface MarkedText {
  /** The node's text as we left it, so our own change is not taken for the application's. */
  text: string;
  segments: Segment[];
}

export interface Scanner {
  /** Marked text nodes still in the document. */
  texts(): Iterable<[Text, Segment[]]>;
  segmentsOf(node: Node): Segment[] | undefined;
  /** Marked attributes of an element: attribute name → mark ids. */
  attributesOf(element: Element): Map<string, number[]> | undefined;
  /** Marked elements (by attribute) still in the document. */
  attributeElements(): Iterable<[Element, Map<string, number[]>]>;
  stop(): void;
}

export function startScanner(root: Node, ignore: (node: Node) => boolean): Scanner {
  const texts = new Map<Text, MarkedText>();
  const attributes = new Map<Element, Map<string, number[]>>();

  const scanText = (node: Text) => {
    const data = node.data;
    if (!hasMarkers(data)) {
      if (texts.get(node)?.text !== data) texts.delete(node);
      return;
    }
    const parsed = parse(data);
    texts.set(node, { text: parsed.text, segments: parsed.segments });
    node.data = parsed.text;
  };

  const scanAttribute = (element: Element, name: string) => {
    const value = element.getAttribute(name);
    if (value === null || !hasMarkers(value)) return;
    const parsed = parse(value);
    let marked = attributes.get(element);
    if (!marked) attributes.set(element, (marked = new Map()));
    marked.set(
      name,
      parsed.segments.map((s) => s.id),
    );
    element.setAttribute(name, parsed.text);
  };

  const scanTree = (node: Node) => {
    if (ignore(node)) return;
    if (node.nodeType === Node.TEXT_NODE) return scanText(node as Text);
    if (node.nodeType !== Node.ELEMENT_NODE && node.nodeType !== Node.DOCUMENT_NODE) return;
    // Our own user interface (and everything in it) is rejected with its subtree.
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
      acceptNode: (n) => (ignore(n) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
    });
    for (let current: Node | null = walker.currentNode; current; current = walker.nextNode()) {
      if (current.nodeType === Node.TEXT_NODE) scanText(current as Text);
      else if (current.nodeType === Node.ELEMENT_NODE) for (const name of ATTRIBUTES) scanAttribute(current as Element, name);
    }
  };

  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === "characterData") scanText(record.target as Text);
      else if (record.type === "attributes") scanAttribute(record.target as Element, record.attributeName!);
      else for (const added of record.addedNodes) scanTree(added);
    }
  });
  scanTree(root);
  observer.observe(root, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ATTRIBUTES });

  function* connected<K extends Node, V>(map: Map<K, V>): Iterable<[K, V]> {
    for (const [node, value] of map) {
      if (node.isConnected) yield [node, value];
      else map.delete(node);
    }
  }

  return {
    *texts() {
      for (const [node, marked] of connected(texts)) yield [node, marked.segments];
    },
    segmentsOf: (node) => texts.get(node as Text)?.segments,
    attributesOf: (element) => attributes.get(element),
    attributeElements: () => connected(attributes),
    stop: () => observer.disconnect(),
  };
}
