#!/usr/bin/env python3
"""Reads the Kubernetes manifests `reel plan --format kubernetes` prints, for the tests.

    scripts/kubernetes-manifests.py validate FILE   # kubernetes-validate --strict, each document
    scripts/kubernetes-manifests.py json FILE       # the YAML documents as one JSON array

`validate` checks every document against the Kubernetes API schema of the newest version
kubernetes-validate knows (strict: unknown fields are errors), with an independent parser
(PyYAML). Installs `kubernetes-validate` (and with it PyYAML) from PyPI when it is missing;
exits 77 when it cannot be installed (no network), which the tests report as skipped."""
import json
import subprocess
import sys

UNAVAILABLE = 77


def require_validator():
    try:
        import kubernetes_validate  # noqa: F401
        import yaml  # noqa: F401
    except ImportError:
        installed = subprocess.run(
            [sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
             "kubernetes-validate"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if installed.returncode != 0:
            print("kubernetes-manifests: kubernetes-validate is not installed and pip could not "
                  "install it from PyPI", file=sys.stderr)
            sys.exit(UNAVAILABLE)


def documents(path):
    import yaml
    with open(path) as f:
        return [d for d in yaml.safe_load_all(f) if d is not None]


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("validate", "json", "check"):
        print(__doc__, file=sys.stderr)
        return 2
    command, path = sys.argv[1], sys.argv[2]
    require_validator()
    if command == "check":
        return 0
    if command == "json":
        json.dump(documents(path), sys.stdout)
        return 0
    import kubernetes_validate
    version = kubernetes_validate.latest_version()
    failures = 0
    for number, document in enumerate(documents(path), start=1):
        try:
            kubernetes_validate.validate(document, version, strict=True)
        except kubernetes_validate.ValidationError as error:
            failures += 1
            location = "/".join(str(p) for p in error.path) or "(root)"
            print(f"{path}: document {number}: {location}: {error.message}", file=sys.stderr)
        except Exception as error:  # an unknown kind or version: also a failure
            failures += 1
            print(f"{path}: document {number}: {error}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
