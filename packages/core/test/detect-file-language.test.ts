// The import language read from a file: what the format states, then the platform's folder, then
// the file name; and which project language the detected tag means.
import { describe, expect, it } from "vitest";
import { detectFileLanguage, matchProjectLanguage, normalizeLanguageTag } from "../src/import-export/detect-file-language";

describe("detectFileLanguage", () => {
  it("reads Android and iOS folders", () => {
    expect(detectFileLanguage({ fileName: "app/src/main/res/values-de/strings.xml" })).toEqual({ language: "de", from: "android-path" });
    expect(detectFileLanguage({ fileName: "res/values-pt-rBR/strings.xml" })).toEqual({ language: "pt-BR", from: "android-path" });
    expect(detectFileLanguage({ fileName: "res/values-b+sr+Latn/strings.xml" })).toEqual({ language: "sr-Latn", from: "android-path" });
    expect(detectFileLanguage({ fileName: "res/values/strings.xml" })).toBeNull();
    expect(detectFileLanguage({ fileName: "res/values-night/strings.xml" })).toBeNull();
    expect(detectFileLanguage({ fileName: "fr.lproj/Localizable.strings" })).toEqual({ language: "fr", from: "ios-path" });
    expect(detectFileLanguage({ fileName: "Base.lproj/Localizable.strings" })).toBeNull();
  });

  it("reads a PO Language header, XLIFF's target language and ARB's locale before the name", () => {
    const po = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: de_DE\\n"\n';
    expect(detectFileLanguage({ fileName: "fr.po", head: po })).toEqual({ language: "de-DE", from: "po-header" });
    const xliff = '<xliff version="1.2"><file source-language="en" target-language="ja" datatype="plaintext">';
    expect(detectFileLanguage({ fileName: "export.xlf", head: xliff })).toEqual({ language: "ja", from: "xliff-target" });
    const xliff2 = '<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="es-MX">';
    expect(detectFileLanguage({ head: xliff2 })).toEqual({ language: "es-MX", from: "xliff-target" });
    expect(detectFileLanguage({ fileName: "app.arb", head: '{"@@locale": "it", "hello": "Ciao"}' })).toEqual({
      language: "it",
      from: "arb-locale",
    });
    // A POT's empty Language header says nothing.
    expect(detectFileLanguage({ fileName: "messages.pot", head: 'msgid ""\nmsgstr ""\n"Language: \\n"\n' })).toBeNull();
  });

  it("reads the file name, and leaves names that are no language alone", () => {
    expect(detectFileLanguage({ fileName: "de.json" })).toEqual({ language: "de", from: "file-name" });
    expect(detectFileLanguage({ fileName: "locales/pt_BR.yaml" })).toEqual({ language: "pt-BR", from: "file-name" });
    expect(detectFileLanguage({ fileName: "messages.fr.json" })).toEqual({ language: "fr", from: "file-name" });
    expect(detectFileLanguage({ fileName: "app_de.arb" })).toEqual({ language: "de", from: "file-name" });
    expect(detectFileLanguage({ fileName: "app.json" })).toBeNull();
    expect(detectFileLanguage({ fileName: "strings.xml" })).toBeNull();
    expect(detectFileLanguage({ fileName: "translations.json" })).toBeNull();
  });

  it("normalizes tags", () => {
    expect(normalizeLanguageTag("zh_hans")).toBe("zh-Hans");
    expect(normalizeLanguageTag("EN-us")).toBe("en-US");
    expect(normalizeLanguageTag("es-419")).toBe("es-419");
    expect(normalizeLanguageTag("not a tag")).toBeNull();
  });
});

describe("matchProjectLanguage", () => {
  it("takes the same tag, else the one language with its base", () => {
    expect(matchProjectLanguage("de", ["en", "de", "fr"])).toBe("de");
    expect(matchProjectLanguage("DE-de", ["en", "de-DE"])).toBe("de-DE");
    expect(matchProjectLanguage("de-DE", ["en", "de", "fr"])).toBe("de");
    expect(matchProjectLanguage("pt", ["pt-BR", "pt-PT", "pt"])).toBe("pt");
    expect(matchProjectLanguage("pt-AO", ["pt-BR", "pt-PT"])).toBeNull();
    expect(matchProjectLanguage("ja", ["en", "de"])).toBeNull();
  });
});
