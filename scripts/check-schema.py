#!/usr/bin/env python3
"""check-schema.py - dcnet's JSON against its schemas (issue 29, item 15).

Usage:
  check-schema.py SCHEMA_DIR CMD FILE        FILE's JSON (one object; for
      sweep, one object a line) against SCHEMA_DIR/CMD.json (draft 2020-12);
      prints each error and exits 1 if there is one.
  check-schema.py --planted SCHEMA_DIR CMD FILE
      the schema must refuse FILE's documents spoilt: each required key
      renamed (KEY -> KEY_renamed) and each key of a declared type given a
      value of another type; prints each spoilt document it accepts and
      exits 1 if there is one. FILE itself must pass.

Needs python3-jsonschema (Debian's; scripts/deps.sh installs it). Used by
scripts/test-readme.sh on the JSON of every README example.
"""
import json
import sys

try:
    import jsonschema
except ImportError:
    sys.stderr.write("schema: python3-jsonschema is missing (scripts/deps.sh installs it)\n")
    sys.exit(2)


def load(schema_dir, cmd):
    with open("%s/%s.json" % (schema_dir, cmd), encoding="utf-8") as f:
        schema = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)  # the schema is one
    return jsonschema.Draft202012Validator(schema)


def documents(cmd, path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if cmd == "sweep":
        return [json.loads(line) for line in text.splitlines() if line.strip()]
    return [json.loads(text)]


def keys_of(v, doc):
    """doc's top-level keys that the schema requires (its own required ones
    and those every anyOf branch doc passes requires), and those it gives
    a type (in its properties, those of the branches doc passes, or all
    when additionalProperties has one)."""
    s = v.schema
    req = set(s.get("required", []))
    typed = set(s.get("properties", {}))
    branches = [b for b in s.get("anyOf", []) if v.evolve(schema=b).is_valid(doc)]
    if branches:
        req |= set.intersection(*(set(b.get("required", [])) for b in branches))
        typed |= set.union(*(set(b.get("properties", {})) for b in branches))
    if s.get("else") and not v.evolve(schema=s["if"]).is_valid(doc):
        req |= set(s["else"].get("required", []))
    if isinstance(s.get("additionalProperties"), dict):
        typed |= set(doc)
    return [k for k in doc if k in req], [k for k in doc if k in typed]


def wrong_value(v):
    """A value of another JSON type than v's."""
    if isinstance(v, (dict, list)):
        return "x"
    return {"spoilt": True}


def spoilt(v, doc):
    """(what, document) pairs: doc with a required key renamed, or a key
    given a value of the wrong type."""
    req, typed = keys_of(v, doc)
    for k in req:
        d = {(k + "_renamed" if j == k else j): x for j, x in doc.items()}
        yield "'%s' renamed" % k, d
    for k in typed:
        d = dict(doc)
        d[k] = wrong_value(doc[k])
        yield "'%s' retyped" % k, d


def main(argv):
    planted = len(argv) > 1 and argv[1] == "--planted"
    args = argv[2:] if planted else argv[1:]
    if len(args) != 3:
        sys.stderr.write(__doc__)
        return 2
    schema_dir, cmd, path = args
    v = load(schema_dir, cmd)
    bad = 0
    for n, doc in enumerate(documents(cmd, path)):
        for e in v.iter_errors(doc):
            bad += 1
            print("schema: %s (%s.json, document %d): %s: %s"
                  % (path, cmd, n + 1, "/".join(map(str, e.absolute_path)) or "(top)",
                     e.message[:300]))
        if planted and not bad:
            for what, d in spoilt(v, doc):
                if v.is_valid(d):
                    bad += 1
                    print("schema: %s.json accepts document %d of %s with %s"
                          % (cmd, n + 1, path, what))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
