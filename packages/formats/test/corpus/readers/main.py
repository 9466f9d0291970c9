"""Independent readers for the corpus tests.

Reads a JSON list of requests on stdin, [{"id", "format", "path", "language"}], and prints
{"<id>": {"entries": {key: value}, "skipped": [...], "problems": [...]}} on stdout.
Each format is read by that format's own tools or by a reference implementation that
does not share code with the library under test (see the per-format modules).

Value shapes: a string; {"plural": {category: text}} for Android <plurals>;
{"forms": [text, ...]} for gettext msgstr[n]; null for a key without a usable value
(a fuzzy gettext entry).
"""
import json
import sys
import traceback

import android
import apple
import data
import gettext_files
import xliff

READERS = {
    "android-xml": android.read,
    "ios-strings": apple.read_strings,
    "ios-stringsdict": apple.read_stringsdict,
    "json-flat": data.read_json_flat,
    "json-nested": data.read_json_nested,
    "arb": data.read_arb,
    "yaml": data.read_yaml,
    "po": gettext_files.read_po,
    "pot": gettext_files.read_po,
    "mo": gettext_files.read_mo,
    "xliff": xliff.read_xliff12,
    "xliff2": xliff.read_xliff2,
}


def main():
    out = {}
    for req in json.load(sys.stdin):
        try:
            out[req["id"]] = READERS[req["format"]](req["path"], req.get("language") or "en")
        except Exception as err:  # a reader refusing a file is a result, not a crash
            out[req["id"]] = {"error": f"{type(err).__name__}: {err}", "trace": traceback.format_exc(limit=3)}
    json.dump(out, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main()
