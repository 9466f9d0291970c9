"""JSON, ARB and YAML read with Python's json module, PyICU and PyYAML (libyaml's YAML 1.1 rules, as Rails' Psych)."""
import json

import yaml


def _load_json(path):
    with open(path, "rb") as f:
        raw = f.read()
    return json.loads(raw.decode("utf-8-sig"))


def read_json_flat(path, language):
    doc = _load_json(path)
    entries, skipped = {}, []
    for key, value in doc.items():
        if isinstance(value, str):
            entries[key] = value
        else:
            skipped.append(key)
    return {"entries": entries, "skipped": skipped}


def _yaml_scalar_text(value):
    """A YAML number or boolean as YAML writes it (true/false, 3, 1.5), or None for anything else."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int) or (isinstance(value, float) and value == value and abs(value) != float("inf")):
        return repr(value)
    return None


def _flatten(node, prefix, entries, skipped, lists, scalars=False):
    if isinstance(node, dict):
        for key, value in node.items():
            _flatten(value, f"{prefix}.{key}" if prefix else str(key), entries, skipped, lists, scalars)
    elif isinstance(node, list) and lists:
        for i, value in enumerate(node):
            _flatten(value, f"{prefix}.{i}", entries, skipped, lists, scalars)
    elif isinstance(node, str):
        entries[prefix] = node
    elif scalars and _yaml_scalar_text(node) is not None:
        # Reported with its type, so a comparison can tell the number 3 from the string "3".
        entries[prefix] = {"scalar": _yaml_scalar_text(node)}
    else:
        skipped.append(prefix)


def read_json_nested(path, language):
    entries, skipped = {}, []
    _flatten(_load_json(path), "", entries, skipped, lists=False)
    return {"entries": entries, "skipped": skipped}


def icu_problem(value, language):
    """ICU4C's own MessageFormat parser (PyICU) judges whether a value is valid ICU."""
    import icu

    try:
        icu.MessageFormat(value, icu.Locale(language))
        return None
    except icu.ICUError as err:
        return str(err.args[0]) if err.args else "invalid"


def read_arb(path, language):
    doc = _load_json(path)
    entries, skipped, problems = {}, [], []
    for key, value in doc.items():
        if key.startswith("@"):
            continue
        if isinstance(value, str):
            entries[key] = value
            problem = icu_problem(value, language)
            if problem:
                problems.append({"key": key, "message": f"ICU4C rejects the value: {problem}"})
        else:
            skipped.append(key)
    return {"entries": entries, "skipped": skipped, "problems": problems}


def read_yaml(path, language):
    with open(path, "rb") as f:
        doc = yaml.safe_load(f)
    # Rails style: a single top-level key naming the language is the root, not part of the keys.
    if isinstance(doc, dict) and len(doc) == 1:
        (root,) = doc.keys()
        if isinstance(root, str) and root.lower() == language.lower():
            doc = doc[root]
    entries, skipped = {}, []
    _flatten(doc, "", entries, skipped, lists=True, scalars=True)
    return {"entries": entries, "skipped": skipped}
