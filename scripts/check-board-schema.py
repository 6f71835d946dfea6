#!/usr/bin/env python3
"""Validates board files against docs/board.schema.json (keeps the schema honest against the
decoder): every board fixture in Tests/, and the exported demo board when a directory is given."""
import json, sys, pathlib
import jsonschema

root = pathlib.Path(__file__).resolve().parent.parent
schema = json.loads((root / "docs/board.schema.json").read_text())
jsonschema.Draft202012Validator.check_schema(schema)
boards = [p for d in ("Tests", "examples") for p in (root / d).rglob("*.json")
          if '"gadgets"' in p.read_text(errors="ignore") and "invalid" not in p.name]
boards += [pathlib.Path(a) for a in sys.argv[1:]]
for b in boards:
    jsonschema.validate(json.loads(b.read_text()), schema)
print(f"board schema: {len(boards)} boards valid")
