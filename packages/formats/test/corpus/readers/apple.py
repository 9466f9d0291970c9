""".strings read with the reference reader in strings_reader.py (translate-toolkit's parser
proved unreliable, see there);
.stringsdict read with Python's plistlib.

A stringsdict entry becomes text in the convention the project documents for plurals: each
`%#@var@` (or positional `%1$#@var@`) reference in NSStringLocalizedFormatKey is replaced by
`{var, plural, zero {…} one {…} two {…} few {…} many {…} other {…}}` (categories in CLDR order,
forms verbatim), the surrounding text is kept.
"""
import plistlib
import re

import strings_reader

CATEGORIES = ["zero", "one", "two", "few", "many", "other"]
REFERENCE = re.compile(r"%(?:\d+\$)?#@([^@]+)@")
ICU_PLURAL = re.compile(r"\{\s*[\w]+\s*,\s*plural\s*,")


def read_strings(path, language):
    with open(path, "rb") as f:
        pairs = strings_reader.parse(strings_reader.decode(f.read()))
    return {"entries": dict(pairs)}


def _icu(name, rule):
    forms = " ".join(f"{c} {{{rule[c]}}}" for c in CATEGORIES if isinstance(rule.get(c), str))
    return f"{{{name}, plural, {forms}}}"


def read_stringsdict(path, language):
    with open(path, "rb") as f:
        root = plistlib.load(f)
    entries, skipped, problems = {}, [], []
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
        # iOS does not read ICU: plural syntax in the format key would be shown as it is.
        if ICU_PLURAL.search(fmt):
            problems.append({"key": key, "message": "NSStringLocalizedFormatKey holds ICU plural text, which iOS shows verbatim"})
    return {"entries": entries, "skipped": skipped, "problems": problems}
