#!/usr/bin/env bash
# Installs the Debian packages Reel builds and tests with, skipping those already present.
# Uses sudo when not run as root. Safe to run repeatedly.
set -euo pipefail

packages=(
  ffmpeg                                   # ffmpeg/ffprobe: test oracle and benchmark peer
  libavcodec-dev libavformat-dev libavutil-dev libswscale-dev libswresample-dev libavfilter-dev
  libyuv-dev                               # fast pixel-format conversion
  libssl-dev                               # SHA-256 of a render plan's inputs (libcrypto)
  libqrencode-dev                          # QR codes (CIQRCodeGenerator)
  libebur128-dev                           # loudness measurement (EBU R128) for normalisation
  librlottie-dev                           # Lottie animations (the lottie layer type)
  libpixman-1-dev libcairo2-dev libpango1.0-dev libharfbuzz-dev libfreetype-dev libfontconfig-dev
  fonts-dejavu-core fonts-noto-cjk fonts-noto-color-emoji
  pkg-config
  libsoup-3.0-dev                          # reel preview's HTTP and WebSocket server
  chromium chromium-driver                 # headless browser for the preview page's tests
  python3-pil                              # Pillow: the animated-WebP reader of the .webp tests
  slurm-wlm munge                          # the cluster tests' and benchmark's private Slurm
)

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "reel: system packages already installed"
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
echo "reel: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
# policy-rc.d refuses service starts while installing: slurm-wlm and munge are only run by
# scripts/local-slurm.sh, in a folder of its own, never as the system's services.
policy=/usr/sbin/policy-rc.d
if [ ! -e "$policy" ]; then
  printf '#!/bin/sh\nexit 101\n' | $sudo tee "$policy" >/dev/null
  $sudo chmod 755 "$policy"
  trap '$sudo rm -f "$policy"' EXIT
fi
# --force-unsafe-io: dpkg skips an fsync per unpacked file (a fresh machine installs tens of
# thousands of files; the packages are downloaded again if the machine dies mid-install).
$sudo apt-get install -y -qq --no-install-recommends -o Dpkg::Options::=--force-unsafe-io \
  "${missing[@]}" >/dev/null
if [[ " ${missing[*]} " == *" slurm-wlm "* || " ${missing[*]} " == *" munge "* ]] \
  && command -v systemctl >/dev/null; then
  $sudo systemctl disable --quiet munge slurmctld slurmd 2>/dev/null || true
fi
echo "reel: system packages installed"
