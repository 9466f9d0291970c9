"""A reference reader for Apple's old-style `.strings` files, written from Apple's description of
the property-list "strings" syntax (it shares no code with the library under test).

translate-toolkit is not used for values: its `strings` dialect decodes escapes in values but not
in keys, cannot read a BOM-less UTF-8 file, and reads `"a\\\\"` (an escaped backslash before the
closing quote) as an escaped quote. Syntax: `key = value;` pairs (or `key;`, meaning key = key),
each side a quoted string ("…" or '…', with the escapes \\\\ \\" \\' \\n \\t \\r \\a \\b \\f \\v,
\\Uhhhh and octal \\ooo) or an unquoted word; /* */ and // comments. Encoding: a BOM decides
(UTF-8, UTF-16LE/BE); without one, UTF-8.
"""
import codecs

ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "a": "\a", "b": "\b", "f": "\f", "v": "\v", '"': '"', "'": "'", "\\": "\\"}
WORD = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$+/:.-")


def decode(data):
    for bom, enc in ((codecs.BOM_UTF8, "utf-8"), (codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be")):
        if data.startswith(bom):
            return data[len(bom):].decode(enc)
    return data.decode("utf-8")


class StringsSyntaxError(ValueError):
    pass


def parse(text):
    i, n, pairs = 0, len(text), []

    def skip():
        nonlocal i
        while i < n:
            if text[i].isspace():
                i += 1
            elif text.startswith("/*", i):
                end = text.find("*/", i + 2)
                if end < 0:
                    raise StringsSyntaxError("unterminated comment")
                i = end + 2
            elif text.startswith("//", i):
                end = text.find("\n", i)
                i = n if end < 0 else end + 1
            else:
                return

    def string():
        nonlocal i
        if i < n and text[i] in "\"'":
            quote, i, out = text[i], i + 1, []
            while True:
                if i >= n:
                    raise StringsSyntaxError("unterminated string")
                c = text[i]
                if c == quote:
                    i += 1
                    return "".join(out)
                if c == "\\":
                    e = text[i + 1 : i + 2]
                    if e == "U" or e == "u":
                        out.append(chr(int(text[i + 2 : i + 6], 16)))
                        i += 6
                    elif e.isdigit() and e < "8":
                        j = i + 1
                        while j < min(i + 4, n) and text[j] in "01234567":
                            j += 1
                        out.append(chr(int(text[i + 1 : j], 8)))
                        i = j
                    else:
                        out.append(ESCAPES.get(e, e))
                        i += 2
                else:
                    out.append(c)
                    i += 1
        start = i
        while i < n and text[i] in WORD:
            i += 1
        if i == start:
            raise StringsSyntaxError(f"expected a string at offset {start}")
        return text[start:i]

    while True:
        skip()
        if i >= n:
            return pairs
        key = string()
        skip()
        if i < n and text[i] == ";":
            i += 1
            pairs.append((key, key))
            continue
        if i >= n or text[i] != "=":
            raise StringsSyntaxError(f"expected '=' at offset {i}")
        i += 1
        skip()
        value = string()
        skip()
        if i >= n or text[i] != ";":
            raise StringsSyntaxError(f"expected ';' at offset {i}")
        i += 1
        pairs.append((key, value))
