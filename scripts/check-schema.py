#!/usr/bin/env python3
"""Checks Reel's JSON templates against schema/reel-template.schema.json with an independent
validator (Python's `jsonschema`, draft 2020-12): every example and valid fixture must pass,
every invalid fixture must fail. Installs `jsonschema` from PyPI when it is missing.

The schema file is generated from the format's description in Sources/ReelProject/Format
(`make schema`); the Swift test suite checks that the checked-in file is current, and this
script checks that what it says agrees with what Reel accepts and refuses."""
import glob
import json
import os
import subprocess
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

try:
    import jsonschema
except ImportError:
    subprocess.check_call(
        [sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "jsonschema"])
    import jsonschema

with open(os.path.join(root, "schema", "reel-template.schema.json")) as f:
    schema = json.load(f)
validator = jsonschema.Draft202012Validator(schema)
jsonschema.Draft202012Validator.check_schema(schema)

must_pass = sorted(glob.glob(os.path.join(root, "Examples", "*.json"))) + sorted(
    glob.glob(os.path.join(root, "Tests", "ReelProjectTests", "Fixtures", "valid", "*.json")))
must_fail = sorted(glob.glob(os.path.join(root, "Tests", "ReelProjectTests", "Fixtures", "invalid", "*.json")))

failures = 0
for path in must_pass:
    with open(path) as f:
        errors = sorted(validator.iter_errors(json.load(f)), key=lambda e: list(e.path))
    for error in errors:
        failures += 1
        location = "/".join(str(p) for p in error.path) or "(root)"
        print(f"schema: {os.path.relpath(path, root)}: {location}: {error.message}")
for path in must_fail:
    with open(path) as f:
        try:
            document = json.load(f)
        except json.JSONDecodeError:
            continue  # a syntax-error fixture: invalid for any validator
    if validator.is_valid(document):
        failures += 1
        print(f"schema: {os.path.relpath(path, root)}: expected to be invalid, but the schema accepts it")

print(f"schema: {len(must_pass)} templates valid, {len(must_fail)} invalid fixtures rejected"
      if failures == 0 else f"schema: {failures} problem(s)")
sys.exit(1 if failures else 0)
