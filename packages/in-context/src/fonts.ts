// The page's @font-face rules with their fonts inlined as data URLs, for the screenshot's SVG
// image (which cannot load anything itself). modern-screenshot can do this too, but it parses
// rules through a <style> element of a scratch document, which a strict CSP leaves without a
// stylesheet; reading the CSSOM and fetching the files is allowed.

function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

function collect(rules: CSSRuleList, into: CSSFontFaceRule[]): void {
  for (const rule of rules) {
    if (rule instanceof CSSFontFaceRule) into.push(rule);
    else if (rule instanceof CSSImportRule && rule.styleSheet) readSheet(rule.styleSheet, into);
    else if ("cssRules" in rule) collect((rule as CSSGroupingRule).cssRules, into);
  }
}

function readSheet(sheet: CSSStyleSheet, into: CSSFontFaceRule[]): void {
  try {
    collect(sheet.cssRules, into);
  } catch {
    // A stylesheet of another origin without CORS: its fonts cannot be read.
  }
}

export async function fontFaceCss(): Promise<string> {
  const rules: CSSFontFaceRule[] = [];
  for (const sheet of [...document.styleSheets, ...document.adoptedStyleSheets]) readSheet(sheet, rules);
  const inlined = await Promise.all(
    rules.map(async (rule) => {
      const base = rule.parentStyleSheet?.href ?? location.href;
      let css = rule.cssText;
      for (const [, url] of css.matchAll(/url\(\s*["']?([^"')]+)["']?\s*\)/g)) {
        if (!url || url.startsWith("data:")) continue;
        try {
          const response = await fetch(new URL(url, base));
          if (response.ok) css = css.replace(url, await blobToDataUrl(await response.blob()));
        } catch {
          // A font that cannot be fetched falls back to the next family in the screenshot.
        }
      }
      return css;
    }),
  );
  return inlined.join("\n");
}
