/**
 * Inline markup kept verbatim may use namespace prefixes (`its:locQualityIssuesRef` on `<mrk>`):
 * the export declares them on the root so the file is namespace-well-formed (checked with lxml);
 * a prefix whose namespace is unknown is left out and reported, never written broken.
 */
import { describe, expect, it } from "vitest";
import { parse, serializeWithReport } from "../src/index.js";
import { run, tempFile } from "./helpers.js";

const ITS = "http://www.w3.org/2005/11/its";
const MRK = '<mrk mtype="x-its" its:locQualityIssuesRef="#lqi1">eror1</mrk>.';

/** lxml (Debian's python3-lxml) accepts the document: its parser refuses undeclared prefixes. */
function lxmlAccepts(xml: string | Uint8Array): void {
  const res = run("/usr/bin/python3", ["-c", "import sys; from lxml import etree; etree.parse(sys.argv[1])", tempFile("out.xlf", xml)]);
  expect(res.stderr).toBe("");
  expect(res.status).toBe(0);
}

const XLIFF12 = `<?xml version="1.0" encoding="UTF-8"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2" xmlns:its="${ITS}">
<file original="t" source-language="en" target-language="fr" datatype="xml"><body>
<trans-unit id="1"><source>${MRK}</source><target>${MRK.replace("eror1", "erreur1")}</target></trans-unit>
</body></file></xliff>`;

const XLIFF20 = `<?xml version="1.0" encoding="UTF-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="fr">
<file id="f1"><unit id="1" xmlns:its="${ITS}"><segment><source>${MRK}</source><target>${MRK}</target></segment></unit></file></xliff>`;

describe("XLIFF export of inline markup with namespace prefixes", () => {
  it("1.2: remembers the prefix's namespace on read and declares it on the export's root", () => {
    const parsed = parse("xliff", XLIFF12);
    expect(parsed.entries[0]!.metadata).toEqual({ file: "t", xmlns: { its: ITS } });
    const { output, skipped } = serializeWithReport("xliff", parsed.entries, { language: "fr", sourceLanguage: "en" });
    expect(skipped).toEqual([]);
    expect(output).toContain(`xmlns:its="${ITS}"`);
    lxmlAccepts(output);
    expect(parse("xliff", output).entries.map((e) => e.value)).toEqual([MRK.replace("eror1", "erreur1")]);
  });

  it("2.0: a declaration on the unit is remembered too", () => {
    const parsed = parse("xliff2", XLIFF20);
    const { output, skipped } = serializeWithReport("xliff2", parsed.entries, { language: "fr", sourceLanguage: "en" });
    expect(skipped).toEqual([]);
    lxmlAccepts(output);
    expect(parse("xliff2", output).entries.map((e) => e.value)).toEqual([MRK]);
  });

  it("leaves out and reports an entry whose prefix has no known namespace, or a second namespace for it", () => {
    const entries = [
      { key: "ok", value: "plain" },
      { key: "its", value: MRK, metadata: { xmlns: { its: ITS } } },
      { key: "unknown", value: '<mrk mtype="x" q:a="1">t</mrk>' },
      { key: "clash", value: MRK, metadata: { xmlns: { its: "urn:other" } } },
    ];
    for (const format of ["xliff", "xliff2"] as const) {
      const { output, skipped } = serializeWithReport(format, entries, { language: "fr", sourceLanguage: "en" });
      expect(skipped.map((s) => s.key)).toEqual(["unknown", "clash"]);
      expect(skipped[0]!.reason).toMatch(/prefix "q"/);
      lxmlAccepts(output);
      expect(parse(format, output).entries.map((e) => e.key)).toEqual(["ok", "its"]);
    }
  });

  it("needs no root declaration for markup that declares its prefix itself", () => {
    const value = `<mrk mtype="x" xmlns:its="${ITS}" its:a="1">t</mrk>`;
    const { output, skipped } = serializeWithReport("xliff", [{ key: "k", value }], { language: "fr", sourceLanguage: "en" });
    expect(skipped).toEqual([]);
    expect(output).not.toContain('xmlns:its="http://www.w3.org/2005/11/its">');
    lxmlAccepts(output);
  });
});
