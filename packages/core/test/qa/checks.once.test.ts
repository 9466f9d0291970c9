// Every check on real strings: most pairs are taken verbatim from the formats corpus
// (packages/formats/test/corpus/fixtures, file named in the test), the rest from issue 27.
import { DEFAULT_SEVERITIES, QA_CHECK_IDS, QA_CHECKS, type QaInput, type QaIssue, runChecks } from "@locale/core/qa";
import { describe, expect, it } from "vitest";

const ALL_WARNINGS = Object.fromEntries(QA_CHECK_IDS.map((id) => [id, "warning" as const]));

function run(source: string, value: string, language = "de", extra: Partial<QaInput> = {}): QaIssue[] {
  return runChecks({ source, value, sourceLanguage: "en", language, ...extra }, { severities: ALL_WARNINGS });
}
const checksOf = (issues: QaIssue[]) => [...new Set(issues.map((i) => i.check))].sort();
const only = (check: string, source: string, value: string, language?: string, extra?: Partial<QaInput>) =>
  run(source, value, language, extra).filter((i) => i.check === check);

describe("the registry", () => {
  it("has at least 20 checks, each with an id, a one-line description and a default", () => {
    expect(QA_CHECKS.length).toBeGreaterThanOrEqual(20);
    for (const c of QA_CHECKS) {
      expect(c.id).toMatch(/^[a-z_]+$/);
      expect(c.description).not.toContain("\n");
      expect(DEFAULT_SEVERITIES[c.id]).toMatch(/^(warning|error)$/);
    }
    expect(Object.keys(DEFAULT_SEVERITIES).sort()).toEqual([...QA_CHECK_IDS].sort());
  });
});

describe("issue 27's examples", () => {
  it("sees the renamed placeholder, the changed number and the dropped full stop", () => {
    const issues = run("Hello, {name}! You have 3 items.", "Hallo, {nom}! Du hast 4 Dinge");
    expect(checksOf(issues)).toEqual(["end_punctuation", "numbers", "placeholder_renamed"]);
    const renamed = issues.find((i) => i.check === "placeholder_renamed")!;
    expect("Hallo, {nom}! Du hast 4 Dinge".slice(renamed.start, renamed.end)).toBe("{nom}");
    expect(issues.filter((i) => i.check === "numbers").map((i) => i.message)).toEqual([
      "The number 3 of the source is missing.",
      "The number 4 is not in the source.",
    ]);
  });

  it("reports an unbalanced ICU plural as a syntax error, not as an extra {x}", () => {
    const issues = run("{name, plural, one {# item} other {# items}}", "{name, plural, one {x} ");
    // (the trailing space is real: the source has none)
    expect(checksOf(issues)).toEqual(["icu_syntax", "trailing_whitespace"]);
    expect(DEFAULT_SEVERITIES.icu_syntax).toBe("error");
  });
});

describe("placeholders", () => {
  it("accepts the corpus's reordered and per-branch printf (android-xml/aosp-core-values-ar-strings.xml)", () => {
    const source = '{count, plural, one {Last <xliff:g id="count">%d</xliff:g> day} other {Last <xliff:g id="count">%d</xliff:g> days}}';
    const value =
      '{count, plural, zero {آخر <xliff:g id="COUNT_1">%d</xliff:g> من الأيام} one {آخر <xliff:g id="COUNT_0">%d</xliff:g> يوم} two {آخر <xliff:g id="COUNT_1">%d</xliff:g> يومين} few {آخر <xliff:g id="COUNT_1">%d</xliff:g> أيام} many {آخر <xliff:g id="COUNT_1">%d</xliff:g> يومًا} other {آخر <xliff:g id="COUNT_1">%d</xliff:g> يوم}}';
    expect(run(source, value, "ar")).toEqual([]);
  });

  it("finds a renamed mustache placeholder (xliff/symfony-validators.ar.xlf)", () => {
    const issues = only(
      "placeholder_renamed",
      "The image ratio is too small ({{ ratio }}). Minimum ratio expected is {{ min_ratio }}.",
      "نسبة العرض على الارتفاع للصورة صغيرة جدا ({{ ratio }}). الحد الأدنى للنسبة المسموح به هو {{ max_ratio }}.",
      "ar",
    );
    expect(issues.map((i) => i.message)).toEqual(["The placeholder {{ min_ratio }} of the source was changed to {{ max_ratio }}."]);
  });

  it("finds missing and extra printf, %{x} and :name placeholders", () => {
    // po/hello-et.po: "%s: option '-W %s' is ambiguous\n"
    expect(only("placeholder_missing", "%s: option '-W %s' is ambiguous\n", "%s: võti '-W' on segane\n", "et")).toHaveLength(1);
    expect(only("placeholder_extra", "Color profile has invalid length %d.", "طول لاحة %d %s اللون غير سليم.", "ar")).toHaveLength(1);
    expect(checksOf(run("%.2f%% done, %@", "%.2f%% fertig, %@"))).toEqual([]);
    expect(only("placeholder_missing", "Hello %{user}", "Hallo {user}").map((i) => i.message)).toEqual([
      "The placeholder %{user} of the source is missing.",
    ]);
    expect(only("placeholder_renamed", "The :attribute field is required.", "Das Feld :attribut ist erforderlich.")).toHaveLength(1);
    expect(only("placeholder_extra", "Note: time is 10:30", "Hinweis:zeit 10:30")).toEqual([]);
  });
});

describe("ICU syntax and plural forms", () => {
  it("lets well-formed ICU through and stops broken ICU of an ICU source", () => {
    expect(only("icu_syntax", "{count, plural, one {# file} other {# files}}", "{count, plural, one {# Datei} other {# Dateien}}")).toEqual(
      [],
    );
    expect(only("icu_syntax", "{count, plural, one {# file} other {# files}}", "{count, plural, one {# Datei}}")[0]!.message).toContain(
      'no "other" case',
    );
    // A source that is not ICU (Python's `{}`) does not make its translation subject to ICU.
    expect(only("icu_syntax", "Found {} files", "{} Dateien gefunden {")).toEqual([]);
  });

  it("wants every CLDR category of the target language (mo/debian-apt-cs.mo's source, Russian)", () => {
    const missing = only(
      "plural_forms",
      "{count, plural, one {%lu package} other {%lu packages}}",
      "{count, plural, one {%lu пакет} other {%lu пакетов}}",
      "ru",
    );
    expect(missing.map((i) => i.message)).toEqual(["{count} lacks the ru plural cases few, many."]);
    // android-xml/aosp-core-values-ja-strings.xml: Japanese never selects `one`.
    const extra = only(
      "plural_forms",
      "{count, plural, one {Certificate authority installed} other {Certificate authorities installed}}",
      "{count, plural, one {認証局がインストールされました} other {認証局がインストールされました}}",
      "ja",
    );
    expect(extra.map((i) => i.message)).toEqual(["{count} has case one, which ja never selects."]);
  });
});

describe("numbers", () => {
  it("accepts the source's numbers in other digits and separators", () => {
    // android-xml/aosp-core-values-ar-strings.xml
    expect(only("numbers", "Type a PIN that is 4 to 8 numbers.", "اكتب رقم التعريف الشخصي المكون من ٤ إلى ٨ أرقام.", "ar")).toEqual([]);
    expect(only("numbers", "Up to 1,000 items", "Bis zu 1.000 Elemente")).toEqual([]);
    expect(only("numbers", "Up to 1,000 items", "Jusqu’à 1 000 éléments", "fr")).toEqual([]);
  });

  it("ignores numbers in markup attributes and placeholders", () => {
    expect(
      only("numbers", 'at <xliff:g id="time" example="2:33 am">%s</xliff:g>', 'عند الساعة <xliff:g id="TIME">%s</xliff:g>', "ar"),
    ).toEqual([]);
    expect(only("numbers", "Use {0} of {1, number} slots", "{0} / {1, number} Plätze")).toEqual([]);
  });

  it("reads numbers opening a plural branch, before a CJK counter, and English ordinals (aosp ja)", () => {
    // android-xml/aosp-core-values-ja-strings.xml
    expect(only("numbers", "1 month ago", "1か月前", "ja")).toEqual([]);
    expect(
      only("numbers", "{count, plural, one {For 1 hr} other {For %1$d hr}}", "{count, plural, one {1時間} other {%1$d時間}}", "ja"),
    ).toEqual([]);
    expect(only("numbers", "2nd Work %1$s", "2 番目の仕事用%1$s", "ja")).toEqual([]);
    // Digits inside a word are not numbers: `mp3`, `x86`.
    expect(only("numbers", "Play mp3 files", "MP3-Dateien abspielen")).toEqual([]);
  });
});

describe("whitespace, line breaks and punctuation", () => {
  it("compares leading and trailing whitespace (po/gnome-calculator-ar.po, xliff/symfony-validators.ar.xlf)", () => {
    expect(only("trailing_whitespace", " in ", " في", "ar")).toHaveLength(1);
    expect(
      only(
        "leading_whitespace",
        "This value is not a valid International Securities Identification Number (ISIN).",
        " صالح (ISIN) هذه القيمة ليست رقم تعريف الأوراق المالية الدولي.",
        "ar",
      ),
    ).toHaveLength(1);
  });

  it("counts line breaks (mo/debian-xz-da.mo)", () => {
    const issues = only(
      "newline_count",
      "Mandatory arguments to long options are mandatory for short options too.\n",
      "Obligatoriske argumenter til lange tilvalg er også obligatoriske for korte\ntilvalg.\n",
      "da",
    );
    expect(issues.map((i) => i.message)).toEqual(["2 line breaks where the source has 1."]);
  });

  it("knows each script's final marks", () => {
    expect(only("end_punctuation", "Copied", "تم النسخ.", "ar")).toHaveLength(1);
    // android-xml/aosp-core-values-ja-strings.xml
    expect(only("end_punctuation", "Allow access?", "アクセスを許可しますか？", "ja")).toEqual([]);
    expect(only("end_punctuation", "Are you sure?", "هل أنت متأكد؟", "ar")).toEqual([]);
    expect(only("end_punctuation", "Are you sure?", "Είστε σίγουροι;", "el")).toEqual([]);
    expect(only("end_punctuation", "Are you sure?", "Είστε σίγουροι.", "el")).toHaveLength(1);
    expect(only("end_punctuation", "Done.", "เสร็จแล้ว", "th")).toEqual([]);
    expect(only("end_punctuation", "Are you sure?", "¿Estás seguro?", "es")).toEqual([]);
    expect(only("end_punctuation", "Are you sure?", "Estás seguro?", "es").map((i) => i.message)).toEqual([
      "A Spanish question opens with ¿.",
    ]);
  });

  it("finds double spaces (po/gnome-calculator-uk.po) and repeated words (android-xml/aosp-core-values-ar-strings.xml)", () => {
    const value = "Розширений калькулятор підтримує багато операцій, зокрема: тригонометричні й  гіперболічні функції.";
    const [issue] = only("double_space", "The Advanced calculator supports many operations.", value, "uk");
    expect(value.slice(issue!.start, issue!.end)).toBe("  ");
    expect(only("repeated_word", "New PIN code", "‏رمز رمز PIN الجديد", "ar")).toHaveLength(1);
    // mo/debian-apt-cs.mo: the "s" of "%s" and the Czech preposition "s" are not a repetition.
    expect(only("repeated_word", "%s -> %s with priority %d\n", "%s -> %s s prioritou %d\n", "cs")).toEqual([]);
    // mo/wget-ga.mo: an option's argument name, then the word.
    expect(
      only("repeated_word", "--egd-file=FILE  file naming the EGD socket", "--egd-file=COMHAD  comhad a ainmníonn an soicéad EGD", "ga"),
    ).toEqual([]);
  });
});

describe("brackets, quotes and tags", () => {
  it("finds unbalanced brackets and quotes", () => {
    expect(only("brackets_balanced", "Level (%d)", "Stufe (%d")).toHaveLength(1);
    expect(only("brackets_balanced", "Level (%d)", "レベル（%d）", "ja")).toEqual([]);
    expect(only("quotes_balanced", 'Press "OK"', 'Drücken Sie "OK')).toHaveLength(1);
    expect(only("quotes_balanced", 'Press "OK"', "Appuyez sur « OK »", "fr")).toEqual([]);
    // po/hello-uk.po translates a lone quote character with a lone «: the source is unbalanced too... no: "`" has no pair.
    expect(only("quotes_balanced", "`", "«", "uk")).toHaveLength(1);
  });

  it("wants the same tags, properly nested", () => {
    expect(
      only(
        "html_tags",
        "Tap <b>Save</b> to keep <i>all</i> changes",
        "Tippen Sie auf <b>Speichern</b>, um <i>alle</i> Änderungen zu behalten",
      ),
    ).toEqual([]);
    expect(only("html_tags", "Tap <b>Save</b>", "Tippen Sie auf <b>Speichern").map((i) => i.message)).toEqual([
      "The tag </b> of the source is missing.",
    ]);
    expect(only("html_tags", "<b><i>Save</i></b>", "<b><i>Speichern</b></i>").map((i) => i.message)).toEqual([
      "The tag </b> is not properly nested.",
    ]);
    // mo/debian-bash-et.mo: words in angle brackets are not tags.
    expect(only("html_tags", "<no current directory>", "<jooksev kataloog puudub>", "et")).toEqual([]);
  });
});

describe("URLs, e-mail addresses, length, glossary, identity, invisible characters, escaping", () => {
  it("keeps URLs and e-mail addresses", () => {
    // json-nested/privacy-badger-en_US-messages.json style text
    expect(only("urls", "See https://privacybadger.org/#faq for details.", "Siehe https://privacybadger.org/#faq.")).toEqual([]);
    expect(only("urls", "See https://privacybadger.org/#faq for details.", "Siehe https://privacybadger.de/#faq.")).toHaveLength(1);
    expect(only("emails", "Write to help@example.org.", "Schreiben Sie an hilfe@example.org.")).toHaveLength(1);
    // android-xml/aosp-core-values-ru-strings.xml: the address is an attribute example, not text.
    expect(
      only(
        "emails",
        'Signin error for <xliff:g id="account" example="foo@gmail.com">%1$s</xliff:g>',
        'Ошибка входа в аккаунт <xliff:g id="ACCOUNT">%1$s</xliff:g>',
        "ru",
      ),
    ).toEqual([]);
  });

  it("counts the limit in graphemes", () => {
    expect(only("max_length", "Save", "Spei\u0301chern", "de", { maxLength: 9 })).toEqual([]);
    expect(only("max_length", "Save", "👨‍👩‍👧‍👦👨‍👩‍👧‍👦", "de", { maxLength: 2 })).toEqual([]);
    expect(only("max_length", "Save", "Speichern!", "de", { maxLength: 9 })).toHaveLength(1);
  });

  it("applies the glossary", () => {
    const glossary = [
      { term: "Privacy Badger", doNotTranslate: true, caseSensitive: true, approved: [] },
      { term: "tracker", doNotTranslate: false, caseSensitive: false, approved: ["Tracker"] },
    ];
    expect(run("Privacy Badger blocks this tracker.", "Privacy Badger blockiert diesen Tracker.", "de", { glossary })).toEqual([]);
    expect(
      checksOf(run("Privacy Badger blocks this tracker.", "Datenschutzdachs blockiert diesen Verfolger.", "de", { glossary })),
    ).toEqual(["glossary_do_not_translate", "glossary_term"]);
  });

  it("flags untranslated copies of sentences, not of names (android-xml/aosp-core-values-cs-strings.xml)", () => {
    expect(only("identical_to_source", "Wi-Fi", "Wi-Fi", "cs")).toEqual([]);
    expect(only("identical_to_source", "Government Letter", "Government Letter", "cs")).toHaveLength(1);
  });

  it("finds invisible characters the source lacks (xliff/symfony-validators.uk.xlf)", () => {
    const value = "Використання невидимих \u200b\u200bсимволів не допускається.";
    const [issue] = only("invisible_characters", "Using invisible characters is not allowed.", value, "uk");
    expect(issue!.message).toBe("Invisible character U+200B (zero-width space).");
    expect(issue!.start).toBe(value.indexOf("\u200b"));
    expect(only("invisible_characters", "Save", "Spei\u202echern")).toHaveLength(1);
  });

  it("finds a format's escapes typed into the text", () => {
    expect(only("format_escaping", "Don't save", "Ne pas l\\'enregistrer", "fr", { format: "android-xml" })).toHaveLength(1);
    expect(only("format_escaping", "Don't save", "Ne pas l'enregistrer", "fr", { format: "android-xml" })).toEqual([]);
    expect(only("format_escaping", "Don't save", "Ne pas l\\'enregistrer", "fr")).toEqual([]);
  });
});

describe("bounded work", () => {
  it("stays linear on hostile values (deep braces, long runs)", () => {
    const hostile = [
      "{".repeat(100_000),
      `${"{a, plural, other {".repeat(20_000)}`,
      `<${"a".repeat(100_000)}`,
      "@".repeat(100_000),
      "1,".repeat(50_000),
    ];
    for (const value of hostile) {
      const issues = run("{count, plural, one {# file} other {# files}}", value, "de", { maxLength: 10 });
      expect(issues.length).toBeLessThan(1000);
    }
  });

  it("skips checks set to off and runs none on an empty value", () => {
    expect(
      runChecks({ source: "A b.", value: "A b", sourceLanguage: "en", language: "de" }, { severities: { end_punctuation: "off" } }),
    ).toEqual([]);
    expect(run("Hello", "")).toEqual([]);
  });
});
