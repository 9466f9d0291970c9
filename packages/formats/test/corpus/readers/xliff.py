"""XLIFF read with lxml against the OASIS specifications (no network, no DTD loading).

XLIFF 1.2: every <trans-unit> (also inside <group>) of every <file>; key = resname when the
file's resnames are unique, otherwise id (CAT tools repeat resname, ids are unique per file).
Value = the text of <target> (inline elements contribute their text; <x/>, <bx/>, <ex/>, <ph>
codes are dropped), or {"untranslated": source text} when there is no <target>.
XLIFF 2.0: every <unit>; key = name when names are unique in the file, otherwise id. Value =
the targets of its <segment>s and <ignorable>s joined in the order given by their `order`
attributes (document order when absent), inline codes dropped as above; {"untranslated":
source text} when no segment has a target.
A gettext context (1.2: <context-group name="x-gettext"> holding <context
context-type="x-gettext-msgctxt">; 2.0: <note category="x-gettext-msgctxt">) makes the name
msgctxt + U+0004 + resname/name, gettext's own key for a message with a context.
Characters XML cannot carry are read from XLIFF 2.0's <cp hex="..."/>.
"""
from lxml import etree

PARSER = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False)
CODES_12 = {"x", "bx", "ex", "ph", "bpt", "ept", "it"}
CODES_20 = {"ph", "sc", "ec", "cp"}


def _local(tag):
    return tag.split("}", 1)[-1] if isinstance(tag, str) else ""


def _text(node, codes):
    parts = [node.text or ""]
    for child in node:
        if _local(child.tag) not in codes:
            parts.append(_text(child, codes))
        elif _local(child.tag) == "cp":
            parts.append(chr(int(child.get("hex"), 16)))
        parts.append(child.tail or "")
    return "".join(parts)


def _msgctxt12(unit):
    for group in unit:
        if _local(group.tag) == "context-group" and group.get("name") == "x-gettext":
            for ctx in group:
                if _local(ctx.tag) == "context" and ctx.get("context-type") == "x-gettext-msgctxt":
                    return ctx.text or ""
    return None


def _msgctxt20(unit):
    for notes in unit:
        if _local(notes.tag) == "notes":
            for note in notes:
                if _local(note.tag) == "note" and note.get("category") == "x-gettext-msgctxt":
                    return note.text or ""
    return None


def _name(unit, primary, msgctxt):
    name = unit.get(primary)
    ctx = msgctxt(unit)
    return name if name is None or ctx is None else ctx + "\x04" + name


def _choose_keys(units, primary, fallback, msgctxt):
    names = [_name(u, primary, msgctxt) for u in units]
    present = [n for n in names if n is not None]
    unique = len(present) == len(set(present))
    return [(n if unique and n is not None else u.get(fallback)) for u, n in zip(units, names)]


def read_xliff12(path, language):
    root = etree.parse(path, PARSER).getroot()
    entries, problems = {}, []
    for file in [n for n in root.iter() if _local(n.tag) == "file"]:
        units = [n for n in file.iter() if _local(n.tag) == "trans-unit"]
        for unit, key in zip(units, _choose_keys(units, "resname", "id", _msgctxt12)):
            if unit.get("translate") == "no":
                continue
            target = next((c for c in unit if _local(c.tag) == "target"), None)
            source = next((c for c in unit if _local(c.tag) == "source"), None)
            value = _text(target, CODES_12) if target is not None else {"untranslated": "" if source is None else _text(source, CODES_12)}
            if key in entries:
                problems.append({"key": key, "message": "duplicate key"})
            entries[key] = value
    return {"entries": entries, "problems": problems}


def read_xliff2(path, language):
    root = etree.parse(path, PARSER).getroot()
    entries, problems = {}, []
    for file in [n for n in root if _local(n.tag) == "file"]:
        units = [n for n in file.iter() if _local(n.tag) == "unit"]
        for unit, key in zip(units, _choose_keys(units, "name", "id", _msgctxt20)):
            parts = [c for c in unit if _local(c.tag) in ("segment", "ignorable")]
            slots = []
            has_target = False
            for index, part in enumerate(parts, start=1):
                target = next((c for c in part if _local(c.tag) == "target"), None)
                source = next((c for c in part if _local(c.tag) == "source"), None)
                if target is not None and _local(part.tag) == "segment":
                    has_target = True
                chosen = target if target is not None else source
                order = int(target.get("order")) if target is not None and target.get("order") else index
                slots.append((order, "" if chosen is None else _text(chosen, CODES_20)))
            if key in entries:
                problems.append({"key": key, "message": "duplicate key"})
            text = "".join(t for _, t in sorted(slots))
            entries[key] = text if has_target else {"untranslated": text}
    return {"entries": entries, "problems": problems}
