"""PO/POT read with polib; MO decompiled with GNU msgunfmt (which also reads big-endian files,
revision-1 files and their system-dependent strings) and then read with polib.

Key: msgid, or msgctxt + U+0004 + msgid (gettext's own separator). Obsolete entries are not
keys. A fuzzy entry is a key without a value (null), as in an MO file built by msgfmt.
"""
import os
import re
import subprocess
import tempfile

import polib

# polib decodes only \\, \t, \n, \r and \" in PO strings; GNU gettext also writes \a, \b, \f, \v
# (msgunfmt does, for control characters), so the reader decodes every C escape gettext uses.
_C_ESCAPES = {"a": "\a", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v", "\\": "\\", '"': '"'}


def _unescape(text):
    return re.sub(r'\\([abfnrtv\\"]|[0-7]{1,3}|x[0-9a-fA-F]+)', _decode_escape, text)


def _decode_escape(m):
    e = m.group(1)
    if e in _C_ESCAPES:
        return _C_ESCAPES[e]
    return chr(int(e[1:], 16)) if e.startswith("x") else chr(int(e, 8))


polib.unescape = _unescape


def _entries(catalog):
    entries = {}
    for e in catalog:
        if e.obsolete or (e.msgid == "" and e.msgctxt is None):
            continue
        key = e.msgid if e.msgctxt is None else f"{e.msgctxt}\u0004{e.msgid}"
        if "fuzzy" in e.flags:
            entries[key] = None
        elif e.msgid_plural:
            forms = [e.msgstr_plural[i] for i in sorted(e.msgstr_plural)]
            # An untranslated plural (every msgstr[n] empty) has no value, like an empty msgstr.
            entries[key] = {"forms": forms} if any(forms) else ""
        else:
            entries[key] = e.msgstr
    return entries


def _header(catalog):
    return {"pluralForms": catalog.metadata.get("Plural-Forms"), "charset": catalog.encoding}


def read_po(path, language):
    catalog = polib.pofile(path)
    return {"entries": _entries(catalog), "header": _header(catalog)}


def read_mo(path, language):
    with tempfile.TemporaryDirectory() as tmp:
        po_path = os.path.join(tmp, "out.po")
        done = subprocess.run(["msgunfmt", "-o", po_path, path], capture_output=True, text=True)
        if done.returncode == 0:
            catalog = polib.pofile(po_path)
            return {"entries": _entries(catalog), "header": _header(catalog)}
    # msgunfmt refuses some files other readers (polib, GNU libintl's lenient loader) accept, e.g.
    # one whose last string lacks its NUL terminator: read those with polib and say so.
    catalog = polib.mofile(path)
    return {"entries": _entries(catalog), "header": _header(catalog), "refusedBy": {"msgunfmt": done.stderr.strip()}}
