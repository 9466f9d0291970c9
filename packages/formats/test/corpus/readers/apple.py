""".strings read with translate-toolkit's Apple .strings parser;
.stringsdict read with Python's plistlib.

A stringsdict entry becomes text in the convention the project documents for plurals: each
`%#@var@` (or positional `%1$#@var@`) reference in NSStringLocalizedFormatKey is replaced by
`{var, plural, zero {…} one {…} two {…} few {…} many {…} other {…}}` (categories in CLDR order,
forms verbatim), the surrounding text is kept.
"""
import plistlib
import re

from translate.storage import properties

CATEGORIES = ["zero", "one", "two", "few", "many", "other"]
REFERENCE = re.compile(r"%(?:\d+\$)?#@([^@]+)@")


BOMS = (b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff")


def read_strings(path, language):
    # translate-toolkit's "strings" dialect assumes UTF-16 and cannot read a UTF-8 file without a
    # BOM (it mis-decodes or gives up); Apple's parser reads both, so a BOM-less file is read with
    # the toolkit's "strings-utf8" dialect.
    with open(path, "rb") as f:
        data = f.read()
    with open(path, "rb") as f:
        store = properties.stringsfile(f) if data.startswith(BOMS) else properties.stringsutf8file(f)
    entries = {}
    for unit in store.units:
        if unit.isheader() or not unit.name:
            continue
        entries[unit.name] = unit.source
    return {"entries": entries}


def _icu(name, rule):
    forms = " ".join(f"{c} {{{rule[c]}}}" for c in CATEGORIES if isinstance(rule.get(c), str))
    return f"{{{name}, plural, {forms}}}"


def read_stringsdict(path, language):
    with open(path, "rb") as f:
        root = plistlib.load(f)
    entries, skipped = {}, []
    for key, spec in root.items():
        if isinstance(spec, str):
            entries[key] = spec
            continue
        fmt = spec.get("NSStringLocalizedFormatKey") if isinstance(spec, dict) else None
        if not isinstance(fmt, str):
            skipped.append(key)
            continue

        def replace(m):
            rule = spec.get(m.group(1))
            if not isinstance(rule, dict) or rule.get("NSStringFormatSpecTypeKey") != "NSStringPluralRuleType":
                return m.group(0)
            return _icu(m.group(1), rule)

        entries[key] = REFERENCE.sub(replace, fmt)
    return {"entries": entries, "skipped": skipped}
