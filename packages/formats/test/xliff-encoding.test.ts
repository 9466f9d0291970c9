/**
 * XLIFF bytes in the legacy encoding their XML declaration names (ISO-8859-1, windows-1251,
 * KOI8-R…) are decoded with it; already-decoded text is taken as it is; the safe-XML rules hold.
 */
import { describe, expect, it } from "vitest";
import { FormatParseError, parse } from "../src/index.js";

/** An XLIFF 1.2 document as bytes: ASCII markup, the target's bytes given raw. */
function xliff12(encoding: string | undefined, target: number[], doctype = ""): Uint8Array {
  const decl = encoding === undefined ? "" : `<?xml version="1.0" encoding="${encoding}"?>\n`;
  const before = `${decl}${doctype}<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2"><file original="m" source-language="en" target-language="fr" datatype="plaintext"><body><trans-unit id="k"><source>s</source><target>`;
  const after = "</target></trans-unit></body></file></xliff>";
  return new Uint8Array([...Buffer.from(before, "ascii"), ...target, ...Buffer.from(after, "ascii")]);
}

function targetOf(content: string | Uint8Array, format: "xliff" | "xliff2" = "xliff"): string | undefined {
  return parse(format, content).entries.find((e) => e.key === "k")?.value;
}

describe("XLIFF in a legacy encoding", () => {
  it("decodes ISO-8859-1 byte for byte (0x80–0x9F are Latin-1's C1 controls, not windows-1252)", () => {
    expect(targetOf(xliff12("ISO-8859-1", [0x66, 0xf6, 0xf6, 0x85]))).toBe("föö\u0085");
    expect(targetOf(xliff12("latin1", [0xe9]))).toBe("é");
  });

  it("decodes windows-1252, windows-1251, KOI8-R and ISO-8859-2 with their own tables", () => {
    expect(targetOf(xliff12("windows-1252", [0x80, 0x9f, 0xe9]))).toBe("€Ÿé");
    expect(targetOf(xliff12("windows-1251", [0xcf, 0xf0, 0xe8]))).toBe("При");
    expect(targetOf(xliff12("KOI8-R", [0xf0, 0xd2, 0xc9]))).toBe("При");
    expect(targetOf(xliff12("ISO-8859-2", [0xb9]))).toBe("š");
  });

  it("reads XLIFF 2.0 in a legacy encoding", () => {
    const doc = `<?xml version='1.0' encoding='ISO-8859-15'?><xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="fr"><file id="f"><unit id="k"><segment><source>s</source><target>`;
    const bytes = new Uint8Array([
      ...Buffer.from(doc, "ascii"),
      0xa4,
      ...Buffer.from("</target></segment></unit></file></xliff>", "ascii"),
    ]);
    expect(targetOf(bytes, "xliff2")).toBe("€");
  });

  it("takes already-decoded text as it is, whatever its declaration says", () => {
    const text = new TextDecoder("latin1").decode(xliff12("ISO-8859-1", [0xe9])).replace("é", "日本");
    expect(targetOf(text)).toBe("日本");
  });

  it("still reads UTF-8 with a UTF-8 declaration or none, and still refuses bytes that are not UTF-8 then", () => {
    expect(targetOf(xliff12("UTF-8", [0xc3, 0xa9]))).toBe("é");
    expect(() => parse("xliff", xliff12(undefined, [0xe9]))).toThrow(/not valid UTF-8/);
  });

  it("refuses an encoding it cannot decode, and bytes the named encoding does not define", () => {
    expect(() => parse("xliff", xliff12("x-no-such-charset", [0x41]))).toThrow(/names the encoding "x-no-such-charset"/);
    expect(() => parse("xliff", xliff12("Shift_JIS", [0x81]))).toThrow(FormatParseError);
  });

  it("keeps the safe-XML rules: entity declarations are refused in a legacy-encoded file too", () => {
    const doctype = '<!DOCTYPE xliff [<!ENTITY a "aaaa">]>';
    expect(() => parse("xliff", xliff12("ISO-8859-1", [0xe9], doctype))).toThrow(/entities/);
  });
});
