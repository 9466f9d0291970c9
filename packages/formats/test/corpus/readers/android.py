"""Android resources read by aapt2 itself: `aapt2 compile` (which refuses what Android refuses)
and `aapt2 dump apc` of the compiled table.

<string>: the value aapt2 stores (escapes resolved, quotes removed, whitespace collapsed,
markup moved into spans: the text is compared without tags). A resource reference
(`@string/x`, `?attr/y`) is kept as its reference text. Product variants: the variant without
`product` (or product="default") is the key's value; another product's variant is the key
`name[product=p]`, the library's documented key for it. translatable="false" resources are not
translation keys (listed under "untranslatable"). aapt2 does not print these two attributes, so
they are read from the element at the source line aapt2 reports.
<plurals>: {"plural": {quantity: text}}. <string-array> and other types are not translation
keys of the library and are listed under "skipped".
"""
import os
import re
import shutil
import subprocess
import tempfile

RESOURCE = re.compile(r"^      resource 0x[0-9a-f]+ (\w[\w-]*)/(\S+)")
VALUE = re.compile(r'^        \(([^)]*)\) (?:\(styled string\) )?(?:"(.*)"(?: [^"]*?)?|(\S+)) src=(.*):(\d+)$', re.S)
ITEM = re.compile(r'^          (zero|one|two|few|many|other)="(.*)"$', re.S)


def _attribute_at(source_lines, line_no, name):
    """An attribute of the element aapt2 reports at this source line (aapt2 does not print it)."""
    line = source_lines[line_no - 1] if 0 < line_no <= len(source_lines) else ""
    m = re.search(r'\b%s="([^"]*)"' % name, line)
    return m.group(1) if m else None


def compile_file(path):
    """Run aapt2 compile; returns (ok, dump text or error text)."""
    tmp = tempfile.mkdtemp()
    try:
        values = os.path.join(tmp, "res", "values")
        os.makedirs(values)
        shutil.copyfile(path, os.path.join(values, "strings.xml"))
        out = os.path.join(tmp, "out")
        os.makedirs(out)
        done = subprocess.run(["aapt2", "compile", os.path.join(values, "strings.xml"), "-o", out], capture_output=True, text=True)
        if done.returncode != 0:
            return False, done.stderr
        flat = os.path.join(out, os.listdir(out)[0])
        dump = subprocess.run(["aapt2", "dump", "apc", flat], capture_output=True, text=True, check=True)
        return True, dump.stdout
    finally:
        shutil.rmtree(tmp)


def _split_records(dump):
    """Split the dump into resource blocks; continuation lines of multi-line values are joined."""
    blocks, current = [], None
    for raw in dump.split("\n"):
        m = RESOURCE.match(raw)
        if m:
            current = {"type": m.group(1), "name": m.group(2), "lines": []}
            blocks.append(current)
        elif current is not None:
            if raw.startswith("    type ") or raw.startswith("  Package") or raw.startswith("kResTable"):
                current = None
            elif re.match(r"^        \(|^          (zero|one|two|few|many|other)=", raw) or not current["lines"]:
                current["lines"].append(raw)
            else:
                # A continuation line: aapt2 indents it with the block's indentation.
                prefix = "          " if current["lines"][-1].startswith("          ") else "        "
                current["lines"][-1] += "\n" + (raw[len(prefix):] if raw.startswith(prefix) else raw)
    return blocks


def read(path, language):
    ok, dump = compile_file(path)
    if not ok:
        return {"error": f"aapt2 compile refused the file: {dump.strip()}"}
    with open(path, encoding="utf-8") as f:
        source_lines = f.read().split("\n")
    entries, untranslatable, skipped = {}, [], []
    for block in _split_records(dump):
        if block["type"] == "string":
            for line in block["lines"]:
                m = VALUE.match(line)
                if not m:
                    continue
                value = m.group(2) if m.group(2) is not None else m.group(3)
                line_no = int(m.group(5))
                if _attribute_at(source_lines, line_no, "translatable") == "false":
                    untranslatable.append(block["name"])
                    continue
                product = _attribute_at(source_lines, line_no, "product")
                if product in (None, "", "default"):
                    entries[block["name"]] = value
                else:
                    # The library's documented key for a product variant.
                    entries[f"{block['name']}[product={product}]"] = value
        elif block["type"] == "plurals":
            forms = {}
            for line in block["lines"][1:]:
                m = ITEM.match(line)
                if m:
                    forms[m.group(1)] = m.group(2)
            entries[block["name"]] = {"plural": forms}
        else:
            skipped.append(f"{block['type']}/{block['name']}")
    return {"entries": entries, "untranslatable": untranslatable, "skipped": skipped}
